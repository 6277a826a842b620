"""``verify_dataset``: map a Ray Dataset's batches through actors that each hold one verifier.

Each actor builds its ``CitationVerifier`` once (the embedding model is loaded
once per actor, not per batch) and turns a batch of records into the same
batch with the audit columns added. Decoding and verification never raise for
a record, so a bad record is one INDETERMINATE row; an actor whose process
dies is restarted by Ray and its batch retried (``max_restarts``,
``max_task_retries``), so no row is lost or written twice.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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
    decode_line,
    decode_record,
    verify_inputs,
)
from longtracer_core.config import resolve_policy
from longtracer_core.errors import InvalidInputError, ModelUnavailableError
from longtracer_core.pipeline import LazyVerifier, VerifierSpec

__all__ = ["OUTPUT_COLUMNS", "VerifyBatch", "default_verifier", "verify_dataset"]


_ARROW = {
    "str": pa.string(),
    "str?": pa.string(),
    "float?": pa.float64(),
    "int": pa.int64(),
    "list[str]": pa.list_(pa.string()),
}
# the audit fields, then the CaseResult as JSON and (with_trace) the trace as JSON
OUTPUT_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    *((name, _ARROW[kind]) for name, kind in AUDIT_FIELDS),
    ("case_result", pa.large_string()),
    ("trace", pa.large_string()),
)


def default_verifier(
    model: str | None = None, config: VerifyConfig | None = None
) -> CitationVerifier:
    """The verifier an actor builds when no factory is given: the bundled model, or ``model``."""
    from longtracer_core.providers.embeddings import (
        DEFAULT_EMBEDDING_MODEL,
        SentenceTransformerEmbedder,
    )

    embedder = SentenceTransformerEmbedder(model or DEFAULT_EMBEDDING_MODEL)
    return VerifierSpec(embedder=embedder, config=config).build()


@dataclass(frozen=True)
class _Columns:
    """Records are table rows; ``keys`` names the columns."""

    keys: AuditKeys

    def __call__(self, row: Mapping[str, Any]) -> CaseInput | BadRecord:
        return decode_record(row, self.keys)


@dataclass(frozen=True)
class _Lines:
    """Records are JSON text in one column (``read_text`` of a JSON Lines file)."""

    keys: AuditKeys
    column: str = "text"

    def __call__(self, row: Mapping[str, Any]) -> CaseInput | BadRecord:
        line = row.get(self.column)
        if not isinstance(line, str):
            return decode_record(line, self.keys)
        return decode_line(line, self.keys)


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

    def _verify(self, rows: list[dict[str, Any]]) -> list[GuardedResponse]:
        inputs = [self.decode(row) for row in rows]
        try:
            return verify_inputs(self.recipe.get(), inputs, policy=self.policy)
        except Exception as err:  # a defect of ours must cost rows, never the job
            return [
                self.recipe.unverified(item.answer, err, policy=self.policy, case_id=item.case_id)
                for item in inputs
            ]

    def __call__(self, batch: pa.Table) -> pa.Table:
        guarded = self._verify(batch.to_pylist())
        columns: dict[str, list[Any]] = {name: [] for name, _ in OUTPUT_COLUMNS}
        for g in guarded:
            for name, value in audit_fields(g.case).items():
                columns[name].append(value)
            columns["case_result"].append(g.case.model_dump_json())
            if self.with_trace:
                columns["trace"].append(json.dumps(g.trace.model_dump(mode="json")))
        names = {name for name, _ in OUTPUT_COLUMNS}
        out = batch.drop_columns([c for c in batch.column_names if c in names or c in self.drop])
        for name, kind in OUTPUT_COLUMNS:
            if name == "trace" and not self.with_trace:
                continue
            out = out.append_column(name, pa.array(columns[name], type=kind))
        return out


def _actor_cpus(concurrency: int) -> float:
    """CPUs per actor that leave one CPU free for the read and write tasks.

    An actor pool that holds every CPU of the cluster starves the tasks that
    read its input, and the job waits forever.
    """
    if not ray.is_initialized():
        return 1.0
    total = float(ray.cluster_resources().get("CPU", 1.0))  # type: ignore[no-untyped-call]
    return max(0.0, min(1.0, (total - 1.0) / concurrency))


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
) -> Dataset:
    """The ``map_batches`` call behind ``verify_dataset`` and ``audit_with_ray``."""
    if not isinstance(concurrency, int) or concurrency < 1:
        raise ValueError(f"concurrency must be a positive int, got {concurrency!r}")
    if not isinstance(batch_size, int) or batch_size < 1:
        raise ValueError(f"batch_size must be a positive int, got {batch_size!r}")
    # An actor takes whole blocks: one large block (a Parquet file of one row group,
    # say) would keep every other actor idle. Blocks of at most one batch spread
    # the work over the pool; the split streams, it does not materialise the input.
    ds = ds.repartition(target_num_rows_per_block=batch_size)
    # None keeps Ray Data's actor fault tolerance: restart, and retry the batch
    retries: dict[str, Any] = {
        k: v
        for k, v in (("max_restarts", max_restarts), ("max_task_retries", max_task_retries))
        if v is not None
    }
    return ds.map_batches(
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
        compute=ActorPoolStrategy(size=concurrency),
        num_cpus=num_cpus if num_cpus is not None else _actor_cpus(concurrency),
        udf_modifying_row_count=False,
        **retries,
    )


def _check_arguments(
    ds: Dataset,
    answer_col: str,
    sources_col: str,
    config: VerifyConfig | None,
    verifier_factory: Callable[[], CitationVerifier] | None,
) -> None:
    """Refuse what ``verify_dataset`` cannot do before Ray does any work."""
    if verifier_factory is not None and config is not None:
        raise InvalidInputError(
            "pass either verifier_factory= or config=, not both: the factory's verifier has its "
            "own config"
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
    with_trace: bool = False,
    policy: Policy | None = None,
    concurrency: int = 1,
    batch_size: int = 64,
    num_cpus: float | None = None,
    max_restarts: int | None = None,
    max_task_retries: int | None = None,
) -> Dataset:
    """``ds`` with the audit columns added, one row out per row in (lazy, like any map).

    Columns: ``case_id`` (``id_col``'s value, or a hash of the record),
    ``quality_gate``, ``execution``, ``availability``, ``reason``, ``error``,
    ``trust_score``, ``n_claims`` and one count per claim assessment,
    ``reasons``, ``cited_sources``, ``miscited_sources``, ``case_result`` (the
    CaseResult as JSON) and, with ``with_trace``, ``trace`` (JSON). A source
    cell is a list of strings or ``{"text", "source_id", ...}`` objects, or
    that list as a JSON string.

    ``concurrency`` actors each build one verifier: ``verifier_factory()`` (it
    must pickle; it runs in the actor), else the bundled model with
    ``config``. ``num_cpus`` per actor defaults to one CPU, less when the pool
    would otherwise take every CPU of the cluster (the read and write tasks
    need one). An actor whose process dies is restarted and its batch retried
    on it, so rows are neither lost nor written twice; by default Ray Data does
    this without limit, ``max_restarts`` and ``max_task_retries`` bound it
    (Ray passes them to the actors).
    """
    _check_arguments(ds, answer_col, sources_col, config, verifier_factory)
    keys = AuditKeys(answer=answer_col, sources=sources_col, question=question_col, id=id_col)
    return map_verify(
        ds,
        _Columns(keys),
        make_verifier=verifier_factory or functools.partial(default_verifier, None, config),
        with_trace=with_trace,
        policy=policy,
        concurrency=concurrency,
        batch_size=batch_size,
        num_cpus=num_cpus,
        max_restarts=max_restarts,
        max_task_retries=max_task_retries,
    )
