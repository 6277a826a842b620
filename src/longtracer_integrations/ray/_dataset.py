"""``verify_dataset``: map a Ray Dataset's batches through actors that each hold one verifier.

Each actor builds its ``CitationVerifier`` once (the embedding model is loaded
once per actor, not per batch) and turns a batch of records into the same
batch with the audit columns added. Decoding and verification never raise for
a record, and every string written is valid UTF-8 (a lone surrogate is
written as its escape), so a bad record is one INDETERMINATE row.

A lost actor or node costs time, not rows: the pool is a min–max pool (it
starts with one actor and grows to ``concurrency``), each actor asks Ray for a
fraction of a CPU (``ACTOR_CPUS``) so an actor of a lost node restarts on the
nodes that remain, and a restarted actor retries the batches it held
(``max_restarts``, ``max_task_retries``), so no row is lost or written twice.

A judge is given as a ``JudgeEndpoint`` (URL and model, plain strings that
pickle): each actor builds its own judge client from it, reading the API key
from the environment of its own process. An actor verifies one case at a time,
so at most ``concurrency`` judge requests are in flight (per-claim mode:
``concurrency`` × ``JudgeConfig.batch_size``).
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

import pyarrow as pa
import ray
from ray.data import ActorPoolStrategy, Dataset

from longtracer_core import CitationVerifier, GuardedResponse, Policy, VerifyConfig
from longtracer_core.audit import (
    AUDIT_FIELDS,
    AuditKeys,
    BadRecord,
    CaseInput,
    audit_fields,
    decode_record,
    representable,
    verify_inputs,
)
from longtracer_core.config import resolve_policy
from longtracer_core.errors import InvalidInputError, ModelUnavailableError
from longtracer_core.judge import JudgeEndpoint
from longtracer_core.pipeline import LazyVerifier, VerifierSpec

__all__ = [
    "ACTOR_CPUS",
    "LIGHT_CPUS",
    "OUTPUT_COLUMNS",
    "VerifyBatch",
    "default_verifier",
    "verify_dataset",
]

# What an actor asks Ray for. Ray's CPUs are bookkeeping, not a limit: asking for a
# whole CPU per actor lets an actor of a lost node wait for a CPU no node will free
# (its batches wait with it, and the job stalls); a quarter CPU always fits beside the
# actors of the nodes that remain. ``concurrency`` bounds the actors, not the CPUs.
ACTOR_CPUS = 0.25
# Read, split and write tasks are light next to verification.
LIGHT_CPUS = 0.25
# Actors that may die in a row while they start before the run fails. Ray Data's
# default, 0, fails the whole run when a lost node takes an actor that was starting
# (or when one starting is cancelled as the pool shrinks); a verifier that cannot be
# built still fails fast, as the count starts again at every actor that does start.
ACTOR_START_DEATHS = 3

_ARROW = {
    "str": pa.string(),
    "str?": pa.string(),
    "float?": pa.float64(),
    "int": pa.int64(),
    "int?": pa.int64(),
    "list[str]": pa.list_(pa.string()),
}
# the audit fields, then the CaseResult as JSON and (with_trace) the trace as JSON
OUTPUT_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    *((name, _ARROW[kind]) for name, kind in AUDIT_FIELDS),
    ("case_result", pa.large_string()),
    ("trace", pa.large_string()),
)


def default_verifier(
    model: str | None = None,
    config: VerifyConfig | None = None,
    judge: JudgeEndpoint | None = None,
) -> CitationVerifier:
    """The verifier an actor builds when no factory is given: the bundled model, or ``model``.

    With ``judge``, the actor's own judge client is built here, in the actor.
    """
    from longtracer_core.providers.embeddings import (
        DEFAULT_EMBEDDING_MODEL,
        SentenceTransformerEmbedder,
    )

    embedder = SentenceTransformerEmbedder(model or DEFAULT_EMBEDDING_MODEL)
    built = judge.build() if judge is not None else None
    return VerifierSpec(embedder=embedder, config=config, judge=built).build()


class _Columns:
    """Records are table rows; ``keys`` names the columns."""

    def __init__(self, keys: AuditKeys) -> None:
        self.keys = keys

    def __call__(self, row: Mapping[str, Any]) -> CaseInput | BadRecord:
        return decode_record(row, self.keys)


def _text(value: Any) -> Any:
    """A value Arrow can hold: text with lone surrogates escaped, lists of it too."""
    if isinstance(value, str):
        return representable(value)
    if isinstance(value, list):
        return [_text(v) for v in value]
    return value


def _json(data: Any) -> str:
    return representable(json.dumps(data, ensure_ascii=False))


class VerifyBatch:
    """The actor class: one verifier per actor; a pyarrow batch in, the batch plus columns out."""

    def __init__(
        self,
        make_verifier: Callable[[], CitationVerifier],
        decode: Callable[[Mapping[str, Any]], CaseInput | BadRecord],
        with_trace: bool = False,
        policy: Policy | None = None,
        drop: tuple[str, ...] = (),
    ) -> None:
        # the verifier recipe: one load per actor, here; a missing model fails the rows
        # closed (INDETERMINATE, MODEL_UNAVAILABLE) instead of the actor
        self.recipe = LazyVerifier(factory=make_verifier)
        with contextlib.suppress(ModelUnavailableError):
            self.recipe.get()
        self.decode = decode
        self.with_trace = with_trace
        self.policy = resolve_policy(policy, self.recipe.config.policy)
        self.drop = drop

    @property
    def verifier(self) -> CitationVerifier:
        """The actor's verifier (built when the actor starts)."""
        return self.recipe.get()

    def _verify(self, inputs: list[CaseInput | BadRecord]) -> list[GuardedResponse]:
        try:
            return verify_inputs(self.recipe.get(), inputs, policy=self.policy)
        except Exception as err:  # a defect of ours must cost rows, never the job
            return [
                self.recipe.unverified(item.answer, err, policy=self.policy, case_id=item.case_id)
                for item in inputs
            ]

    def __call__(self, batch: pa.Table) -> pa.Table:
        inputs = [self.decode(row) for row in batch.to_pylist()]
        columns: dict[str, list[Any]] = {name: [] for name, _ in OUTPUT_COLUMNS}
        for item, g in zip(inputs, self._verify(inputs), strict=True):
            for name, value in audit_fields(g.case, item).items():
                columns[name].append(_text(value))
            columns["case_result"].append(_json(g.case.model_dump(mode="json")))
            if self.with_trace:
                columns["trace"].append(_json(g.trace.model_dump(mode="json")))
        names = {name for name, _ in OUTPUT_COLUMNS}
        out = batch.drop_columns([c for c in batch.column_names if c in names or c in self.drop])
        for name, kind in OUTPUT_COLUMNS:
            if name == "trace" and not self.with_trace:
                continue
            out = out.append_column(name, pa.array(columns[name], type=kind))
        return out


def check_cpus(need: float) -> None:
    """Refuse to start on a cluster where no node can run an actor (it would wait forever)."""
    if not ray.is_initialized():
        return
    nodes: list[dict[str, Any]] = ray.nodes()  # type: ignore[no-untyped-call]
    best = max(
        (float(n.get("Resources", {}).get("CPU", 0.0)) for n in nodes if n.get("Alive")),
        default=0.0,
    )
    if best < need:
        raise RuntimeError(
            f"no node of the Ray cluster can run a verifying actor: each asks for {need} CPU "
            f"and the largest live node has {best} (a head started with --num-cpus=0 runs none; "
            "add a worker node, or pass a smaller num_cpus)"
        )


def split_blocks(ds: Dataset, rows: int) -> Dataset:
    """``ds`` in blocks of at most ``rows`` rows, split by light tasks.

    An actor takes whole blocks: one large block (a Parquet file of one row
    group, say) would keep every other actor idle. The split streams, it does
    not materialise the input. Ray runs it on a whole CPU unless told
    otherwise, which on one-CPU nodes beside the actors never comes free; its
    logical operator carries the request (checked by the tests).
    """
    split = ds.repartition(target_num_rows_per_block=rows)
    remote_args = getattr(getattr(split._logical_plan, "dag", None), "ray_remote_args", None)
    if isinstance(remote_args, dict):
        remote_args.setdefault("num_cpus", LIGHT_CPUS)
    return split


def map_verify(
    ds: Dataset,
    decode: Callable[[Mapping[str, Any]], CaseInput | BadRecord],
    *,
    make_verifier: Callable[[], CitationVerifier],
    with_trace: bool = False,
    policy: Policy | None = None,
    drop: tuple[str, ...] = (),
    concurrency: int = 1,
    batch_size: int = 64,
    num_cpus: float | None = None,
    max_restarts: int | None = None,
    max_task_retries: int | None = None,
    split: bool = True,
) -> Dataset:
    """The ``map_batches`` call behind ``verify_dataset`` and ``audit_with_ray``."""
    if not isinstance(concurrency, int) or concurrency < 1:
        raise ValueError(f"concurrency must be a positive int, got {concurrency!r}")
    if not isinstance(batch_size, int) or batch_size < 1:
        raise ValueError(f"batch_size must be a positive int, got {batch_size!r}")
    cpus = num_cpus if num_cpus is not None else ACTOR_CPUS
    check_cpus(cpus)
    # None keeps Ray Data's actor fault tolerance: restart, and retry the batch
    retries: dict[str, Any] = {
        k: v
        for k, v in (("max_restarts", max_restarts), ("max_task_retries", max_task_retries))
        if v is not None
    }
    verified = (split_blocks(ds, batch_size) if split else ds).map_batches(
        VerifyBatch,
        fn_constructor_kwargs={
            "make_verifier": make_verifier,
            "decode": decode,
            "with_trace": with_trace,
            "policy": policy,
            "drop": drop,
        },
        batch_format="pyarrow",
        batch_size=batch_size,
        compute=ActorPoolStrategy(min_size=1, max_size=concurrency),
        num_cpus=cpus,
        udf_modifying_row_count=False,
        **retries,
    )
    context = verified.context  # this dataset's own copy of Ray Data's settings
    budget = getattr(context, "max_consecutive_actor_init_deaths", None)
    if isinstance(budget, int) and 0 <= budget < ACTOR_START_DEATHS:
        context.max_consecutive_actor_init_deaths = ACTOR_START_DEATHS
    return verified


def _check_arguments(
    ds: Dataset,
    answer_col: str,
    sources_col: str,
    config: VerifyConfig | None,
    verifier_factory: Callable[[], CitationVerifier] | None,
    judge: JudgeEndpoint | None = None,
) -> None:
    """Refuse what ``verify_dataset`` cannot do before Ray does any work."""
    if verifier_factory is not None and config is not None:
        raise InvalidInputError(
            "pass either verifier_factory= or config=, not both: the factory's verifier has its "
            "own config"
        )
    if judge is not None and not isinstance(judge, JudgeEndpoint):
        raise InvalidInputError(
            "judge must be a JudgeEndpoint (URL and model: each actor builds its own client), "
            f"got {type(judge).__name__}"
        )
    if verifier_factory is not None and judge is not None:
        raise InvalidInputError(
            "pass either verifier_factory= or judge=, not both: build the judge in the factory"
        )
    schema = ds.schema(fetch_if_missing=False)
    if schema is not None:
        names = set(schema.names)
        missing = [c for c in (answer_col, sources_col) if c not in names]
        if missing:
            raise ValueError(f"the dataset has no column {', '.join(map(repr, missing))}")
        clash = sorted(names & {name for name, _ in OUTPUT_COLUMNS})
        if clash:
            raise ValueError(
                f"the dataset already has output column(s) {', '.join(clash)}; rename them first"
            )


def verify_dataset(
    ds: Dataset,
    *,
    answer_col: str,
    sources_col: str,
    question_col: str | None = None,
    id_col: str | None = None,
    config: VerifyConfig | None = None,
    verifier_factory: Callable[[], CitationVerifier] | None = None,
    judge: JudgeEndpoint | None = None,
    with_trace: bool = False,
    policy: Policy | None = None,
    concurrency: int = 1,
    batch_size: int = 64,
    num_cpus: float | None = None,
    max_restarts: int | None = None,
    max_task_retries: int | None = None,
) -> Dataset:
    """``ds`` with the audit columns added, one row out per row in (lazy, like any map).

    Columns: ``OUTPUT_COLUMNS`` (see docs/guides/audit.md): ``case_id``
    (``id_col``'s value, or a hash of the record), the gate and layers,
    ``input_field`` and ``input_problem`` for a record that cannot be verified
    (reason INVALID_INPUT), the claim counts and reasons, ``case_result`` (JSON)
    and, with ``with_trace``, ``trace``; ``input_file`` and ``input_row`` are
    null here. A source cell is a list of strings or ``{"text", "source_id",
    ...}`` objects, or that list as a JSON string.

    Up to ``concurrency`` actors (a pool that starts with one) each build one
    verifier: ``verifier_factory()`` (it must pickle; it runs in the actor),
    else the bundled model with ``config`` and, given ``judge`` (a
    ``JudgeEndpoint``), that actor's own judge client (at most ``concurrency``
    judge requests in flight). Each asks for ``num_cpus`` (default
    ``ACTOR_CPUS``, see the module), so a lost node's actors restart on the
    nodes that remain and retry their batches: no row is lost or written twice
    (``max_restarts`` and ``max_task_retries`` bound the retries).
    ``ACTOR_START_DEATHS`` actors may die in a row while starting. A cluster
    where no node can run an actor is refused at once.
    """
    _check_arguments(ds, answer_col, sources_col, config, verifier_factory, judge)
    keys = AuditKeys(answer=answer_col, sources=sources_col, question=question_col, id=id_col)
    return map_verify(
        ds,
        _Columns(keys),
        make_verifier=verifier_factory or functools.partial(default_verifier, None, config, judge),
        with_trace=with_trace,
        policy=policy,
        concurrency=concurrency,
        batch_size=batch_size,
        num_cpus=num_cpus,
        max_restarts=max_restarts,
        max_task_retries=max_task_retries,
    )
