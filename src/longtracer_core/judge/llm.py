"""``LLMJudge``: a chat model decides claims against evidence passages, quoting its evidence.

One constrained-JSON request holds every claim of a ``judge()`` call: the
passages once, then the claims, and a reply with one verdict per claim id
(``judge.prompt``). Claims are packed into as few requests as the token budget
allows. A reply that is not the JSON asked for is re-asked with the error
appended (``providers.structured``, bounded by ``max_retries``); a claim the
reply leaves out or answers invalidly is asked again alone, with the same
prompt prefix, once; after that it is a verdict with ``error`` set, which never
supports anything. A failed call (the server down, HTTP errors) is not re-asked,
except that a prompt a server refuses as longer than its context is split in two.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import regex

from ..errors import InvalidInputError
from ..providers.chat import ChatBackend, metered, usage_total
from ..providers.structured import Exchange, InvalidOutput, ask_structured
from .parallel import map_in_threads
from .prompt import JUDGE_PROMPT_VERSION, Pack, pack_requests, prompt_hash
from .reply import DEFAULT_REPLY, REPLY_TOKENS_PER_CLAIM, ClaimVerdict, Reply
from .types import Finding, JudgeRequest, JudgeVerdict

__all__ = ["LLMJudge"]

# how servers say a prompt is longer than their context: OpenAI, vLLM and llama-cpp-python
# ("maximum context length is N tokens"), llama.cpp ("exceeds the available context size")
_TOO_LONG = regex.compile(r"maximum context length|context (?:size|window|length)", regex.I)


def _reply(ids: Sequence[str], pack: Pack) -> Callable[[Any], dict[str, Any]]:
    """Accept a reply object; with one claim its entry must be valid too (else re-asked)."""

    def accept(raw: Any) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise InvalidOutput("the reply must be a JSON object keyed by claim id", raw)
        if len(ids) == 1:
            (cid,) = ids
            if cid not in raw:
                raise InvalidOutput(f"the reply has no entry for {cid}", raw)
            pack.entry(cid, raw[cid])
        return raw

    return accept


@dataclass
class _Claim:
    """What one claim got from a request: its entry or the error, and what it cost.

    ``invalid`` says the model answered but not as asked (worth asking again);
    otherwise an error means the call itself failed.
    """

    entry: ClaimVerdict | None = None
    error: str | None = None
    invalid: bool = False
    attempts: int = 0
    seconds: float = 0.0
    usage: list[dict[str, int]] = field(default_factory=list)


class LLMJudge:
    """Judge claims with a chat model through any ``ChatBackend``.

    ``max_retries`` re-asks a reply that is not the JSON asked for (as
    ``LLMDecomposer``); ``max_span_chars`` trims each passage shown (the quote
    must still be found in the span itself); ``max_prompt_tokens`` is the
    budget one request's prompt is packed to (estimated from characters). When
    the backend has an integer ``max_tokens``, a request holds no more claims
    than that many completion tokens can answer. ``max_concurrency`` requests
    run at once when a call needs several. ``reply`` is what the model writes
    per claim (``judge.reply``): ``"compact"`` (default) names the deciding sentence of
    the numbered evidence in one string with its label, ``"sentence"`` names it in an
    object, ``"quote"`` copies the deciding words.
    """

    prompt_version = JUDGE_PROMPT_VERSION

    def __init__(
        self,
        backend: ChatBackend,
        *,
        max_retries: int = 2,
        max_span_chars: int = 2000,
        max_prompt_tokens: int = 3000,
        max_concurrency: int = 4,
        reply: Reply = DEFAULT_REPLY,
    ) -> None:
        if not callable(getattr(backend, "complete_json", None)):
            raise InvalidInputError("backend needs complete_json(messages, schema) (a ChatBackend)")
        if max_retries < 0:
            raise InvalidInputError("max_retries must be >= 0")
        if max_span_chars < 50:
            raise InvalidInputError("max_span_chars must be >= 50")
        if max_prompt_tokens < 256:
            raise InvalidInputError("max_prompt_tokens must be >= 256")
        if max_concurrency < 1:
            raise InvalidInputError("max_concurrency must be >= 1")
        if reply not in REPLY_TOKENS_PER_CLAIM:
            raise InvalidInputError(f"reply must be one of {list(REPLY_TOKENS_PER_CLAIM)}")
        self.backend = backend
        self.max_retries = max_retries
        self.max_span_chars = max_span_chars
        self.max_prompt_tokens = max_prompt_tokens
        self.max_concurrency = max_concurrency
        self.reply: Reply = reply
        self._model_id = str(getattr(backend, "model_id", None) or type(backend).__name__)

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def prompt_hash(self) -> str:
        return prompt_hash(self.reply)

    # -- packing ------------------------------------------------------------------------
    def packs(self, requests: Sequence[JudgeRequest]) -> list[Pack]:
        """How ``requests`` are split into model requests (in order)."""
        cap = getattr(self.backend, "max_tokens", None)
        each = REPLY_TOKENS_PER_CLAIM[self.reply]
        per_request = max(1, cap // each) if isinstance(cap, int) else 10_000
        return pack_requests(
            requests,
            max_prompt_tokens=self.max_prompt_tokens,
            max_claims=per_request,
            max_span_chars=self.max_span_chars,
            reply=self.reply,
        )

    # -- one model request ----------------------------------------------------------------
    def _ask(self, pack: Pack, ids: Sequence[str]) -> tuple[dict[str, Any] | None, _Claim]:
        """Ask about the claims ``ids``; (the reply, or None with the error; the cost)."""
        run, started = Exchange(pack.messages(ids)), time.perf_counter()
        cost, raw = _Claim(), None
        with metered() as usage:
            try:
                raw = ask_structured(
                    self.backend, run, pack.schema(ids), _reply(ids, pack),
                    max_retries=self.max_retries,
                )  # fmt: skip
            except Exception as err:  # any failure is these claims' error, never a verdict
                cost.error = f"{type(err).__name__}: {err}"[:500]
                cost.invalid = isinstance(err, InvalidOutput)
        cost.attempts, cost.seconds = run.attempts, time.perf_counter() - started
        cost.usage = list(usage)
        return raw, cost

    def _ask_pack(self, pack: Pack) -> list[JudgeVerdict]:
        """Every claim of ``pack`` in one request; the ones left unanswered, alone, once."""
        ids = list(pack.claims)
        raw, shared = self._ask(pack, ids)
        claims = {cid: _Claim() for cid in ids}
        for cid in ids:
            try:
                if raw is None:
                    raise InvalidOutput(shared.error or "no reply", None)
                claims[cid].entry = pack.entry(cid, raw.get(cid))
            except InvalidOutput as err:
                claims[cid].error = str(err)[:500]
        # one claim was asked alone already; a failed call (not a bad reply) is not repeated
        if len(ids) > 1 and (raw is not None or shared.invalid):
            for cid in [c for c in ids if claims[c].entry is None]:
                alone, claims[cid] = self._ask(pack, [cid])
                if alone is not None:
                    claims[cid].entry = pack.entry(cid, alone[cid])
                elif not claims[cid].invalid:
                    break  # the server failed: asking the rest would fail the same way
        return [self._verdict(pack, cid, claims[cid], shared) for cid in ids]

    def _verdict(self, pack: Pack, cid: str, own: _Claim, shared: _Claim) -> JudgeVerdict:
        """A claim's verdict: label and finding, and the attempts and tokens that went into it.

        ``tokens`` is the claim's share of the request it was asked in (the
        shares add up to the request's counts) plus what asking it alone cost.
        """
        ids = list(pack.claims)
        tokens = _share(shared.usage, len(ids), ids.index(cid))
        for key, value in (usage_total(own.usage) or {}).items():
            tokens = {**(tokens or {}), key: (tokens or {}).get(key, 0) + value}
        common: dict[str, Any] = {
            "claim_id": pack.claims[cid].claim_id,
            "attempts": shared.attempts + own.attempts,
            "latency_ms": (shared.seconds + own.seconds) * 1e3,
            "tokens": tokens,
        }
        entry = own.entry
        if entry is None:
            error = own.error or shared.error or "no verdict"
            return JudgeVerdict(label="NOT_ENOUGH_INFO", error=error, **common)
        findings: tuple[Finding, ...] = ()
        span = pack.cited(entry.passage, entry.quote)
        if entry.label != "NOT_ENOUGH_INFO" and span is not None:
            findings = (Finding(span.span_id, entry.label, entry.quote),)
        return JudgeVerdict(label=entry.label, findings=findings, raw=entry.model_dump(), **common)

    # -- the protocol ---------------------------------------------------------------------
    def _answer(self, pack: Pack) -> list[JudgeVerdict]:
        """``pack``'s verdicts; a prompt the server finds too long is asked in two halves."""
        verdicts = self._ask_pack(pack)
        requests = list(pack.claims.values())
        if len(requests) > 1 and all(_TOO_LONG.search(v.error or "") for v in verdicts):
            half = (len(requests) + 1) // 2
            return self._answer_all(requests[:half]) + self._answer_all(requests[half:])
        return verdicts

    def _answer_all(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        packs = self.packs(requests)
        done = map_in_threads(self._answer, packs, self.max_concurrency)
        return [verdict for verdicts in done for verdict in verdicts]

    def judge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        """All requests in as few model requests as the budget allows; verdicts in order.

        A request the server refuses as longer than its context is split in two
        and each half asked (down to one claim a request).
        """
        return self._answer_all(requests)

    async def ajudge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        """``judge`` in a worker thread (the event loop keeps running)."""
        return await asyncio.to_thread(self.judge, requests)


def _share(usage: list[dict[str, int]], parts: int, index: int) -> dict[str, int] | None:
    """Part ``index`` of ``parts`` of a request's token counts; the parts add up exactly."""
    total = usage_total(usage)
    if total is None:
        return None
    return {k: v // parts + (1 if index < v % parts else 0) for k, v in total.items()}
