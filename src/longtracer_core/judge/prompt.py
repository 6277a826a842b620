"""The judge's conversation: numbered passages once, then numbered claims, one reply for all.

A request shows the evidence passages of every claim it holds (each passage once,
``[P1]`` …), then the claims (``[C1]`` …), and asks for one verdict per claim
id: ``{"C1": {"label", "passage", "quote"}, ...}``, or, with the
``"sentence"`` reply (``judge.reply``), the passages' sentences numbered and
``{"C1": {"label", "sentence"}, ...}``, or with ``"compact"`` the same numbered
sentences alone (no passage ids, source labels or ``(see P1)`` hints: a
per-answer request is mostly prompt reading on a CPU) and ``{"C1": "supported
S4", ...}``. The schema lists exactly the claim ids
shown as required keys and limits the evidence ids to those shown (or
``none``). The system prompt and the passages come first and the
claims last, so asking one claim again (alone) repeats the same bytes up to the
claims: llama.cpp's prompt cache and hosted prompt caching reuse that prefix.

Requests are packed by a token budget (an estimate from characters, on the
safe side), never by a fixed count; spans of one source that overlap are shown
once, as one passage (a finding on it cites the member span holding the quote).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..hashing import short_hash
from ..providers.chat import Message
from ..text.sentences import split_sentences
from .quotes import verify_quote
from .reply import (
    DEFAULT_REPLY,
    NO_PASSAGE,
    SYSTEM_PROMPTS,
    ClaimVerdict,
    Reply,
    compact_item_schema,
    item_schema,
    parse_entry,
    sentence_item_schema,
)
from .types import JudgeRequest, JudgeSpan

__all__ = [
    "JUDGE_PROMPT_VERSION",
    "NO_PASSAGE",
    "PROMPT_HASH",
    "SYSTEM_PROMPT",
    "ClaimVerdict",
    "Pack",
    "estimate_tokens",
    "item_schema",
    "pack_requests",
    "prompt_hash",
]

JUDGE_PROMPT_VERSION = "judge-v2"
CHARS_PER_TOKEN = 3.0  # English runs near 4 characters a token; 3 keeps the estimate high
SYSTEM_PROMPT = SYSTEM_PROMPTS[DEFAULT_REPLY]


_ITEM_SCHEMAS = {
    "quote": item_schema,
    "sentence": sentence_item_schema,
    "compact": compact_item_schema,
}


def prompt_hash(reply: Reply = DEFAULT_REPLY) -> str:
    """The hash of what the model is told for ``reply`` (prompt version, system prompt, schema)."""
    schema = _ITEM_SCHEMAS[reply](["P1" if reply == "quote" else "S1"])
    version = JUDGE_PROMPT_VERSION if reply == "quote" else f"{JUDGE_PROMPT_VERSION}-{reply}"
    return short_hash(version + SYSTEM_PROMPTS[reply] + json.dumps(schema, sort_keys=True))


PROMPT_HASH = prompt_hash(DEFAULT_REPLY)


def estimate_tokens(text: str) -> int:
    """A token count on the safe side (no tokenizer needed)."""
    return int(len(text) / CHARS_PER_TOKEN) + 1


@dataclass(frozen=True)
class Passage:
    """A passage as shown: its id in the prompt, its text, and the spans it stands for.

    Spans of one source that overlap are shown as one passage (their union);
    ``members`` are those spans, the first-seen first.
    """

    pid: str
    source_id: str
    text: str
    members: tuple[JudgeSpan, ...]


@dataclass(frozen=True)
class Pack:
    """One request's content: its passages, its claims (by claim id ``C1`` …) and their hints.

    ``claims`` maps the prompt's claim id to the request it asks about;
    ``hints`` lists, per prompt claim id, the passages its own candidate spans
    were shown in. With ``reply="sentence"`` the passages' sentences are
    numbered across the pack (``sentences``: id -> passage id, text).
    """

    passages: tuple[Passage, ...]
    claims: dict[str, JudgeRequest]
    hints: dict[str, tuple[str, ...]]
    max_span_chars: int
    reply: Reply = DEFAULT_REPLY
    sentences: dict[str, tuple[str, str]] = field(default_factory=dict)

    def _shown(self, p: Passage) -> str:
        text = p.text[: self.max_span_chars * len(p.members)]
        if self.reply == "quote":
            return text
        return " ".join(f"[{sid}] {t}" for sid, (pid, t) in self.sentences.items() if pid == p.pid)

    def _labelled(self, p: Passage) -> str:
        """A passage's line: the compact reply names sentences only, so it shows no labels."""
        if self.reply == "compact":
            return self._shown(p)
        return f"[{p.pid}] (source {p.source_id}) {self._shown(p)}"

    def _claim(self, cid: str) -> str:
        hint = "" if self.reply == "compact" else f" (see {', '.join(self.hints[cid])})"
        return f"[{cid}] {self.claims[cid].claim}{hint}"

    def evidence(self) -> str:
        """The passages block: the same bytes for every request over this pack."""
        return "Passages:\n" + "\n".join(self._labelled(p) for p in self.passages)

    def messages(self, ids: Sequence[str]) -> list[Message]:
        """System prompt, passages, then the claims ``ids`` (all of them or one re-asked)."""
        claims = "\n".join(self._claim(cid) for cid in ids)
        return [
            {"role": "system", "content": SYSTEM_PROMPTS[self.reply]},
            {"role": "user", "content": f"{self.evidence()}\n\nClaims:\n{claims}"},
        ]

    def schema(self, ids: Sequence[str]) -> dict[str, Any]:
        """One required entry per claim id; the evidence ids limited to those shown.

        The entry is defined once and referenced per claim, so the schema (read
        as text by a server in JSON mode) grows by a few tokens a claim.
        """
        shown = [p.pid for p in self.passages] if self.reply == "quote" else list(self.sentences)
        item = _ITEM_SCHEMAS[self.reply](shown)
        return {
            "type": "object",
            "properties": {cid: {"$ref": "#/$defs/verdict"} for cid in ids},
            "required": list(ids),
            "additionalProperties": False,
            "$defs": {"verdict": item},
        }

    def entry(self, cid: str, raw: Any) -> ClaimVerdict:
        """Claim ``cid``'s entry of a reply, validated (``InvalidOutput`` when it is not)."""
        ids = [p.pid for p in self.passages]
        return parse_entry(self.reply, cid, raw, ids, self.sentences)

    def cited(self, pid: str, quote: str) -> JudgeSpan | None:
        """The span a finding on passage ``pid`` cites: the shortest member holding the
        quote, else the longest member (None for ``none`` or an id not shown)."""
        for p in self.passages:
            if p.pid == pid:
                holding = [
                    m for m in p.members if verify_quote(quote, m.text, min_tokens=1).verified
                ]
                if holding:
                    return min(holding, key=lambda m: len(m.text))
                return max(p.members, key=lambda m: len(m.text))
        return None


def _union(spans: list[JudgeSpan]) -> list[tuple[str, list[JudgeSpan]]]:
    """Spans of one source with offsets, merged where they overlap: (text, members)."""
    out: list[tuple[str, int, list[JudgeSpan]]] = []  # text, end, members
    for span in sorted(spans, key=lambda s: (s.start or 0, -(s.end or 0))):
        assert span.start is not None and span.end is not None
        if out and span.start < out[-1][1]:
            text, end, members = out[-1]
            if span.end > end:
                text += span.text[end - span.start :]
            out[-1] = (text, max(end, span.end), [*members, span])
        else:
            out.append((span.text, span.end, [span]))
    return [(text, members) for text, _, members in out]


def _inside(inner: JudgeSpan, outer: JudgeSpan) -> bool:
    return (
        inner is not outer
        and inner.source_id == outer.source_id
        and len(inner.text) < len(outer.text)
        and inner.text in outer.text
    )


def _groups(spans: list[JudgeSpan]) -> list[tuple[str, list[JudgeSpan]]]:
    """The passages' texts and members, in the order their spans first appear.

    Spans with offsets merge where they overlap; a span without offsets whose
    text lies inside another such span of its source joins that one.
    """
    placed = [s for s in spans if s.start is not None and s.end is not None]
    groups: list[tuple[str, list[JudgeSpan]]] = []
    for source in dict.fromkeys(s.source_id for s in placed):
        groups.extend(_union([s for s in placed if s.source_id == source]))
    loose = [s for s in spans if s.start is None or s.end is None]
    outers = [s for s in loose if not any(_inside(s, o) for o in loose)]
    homes = {s.span_id: next((o for o in outers if _inside(s, o)), s) for s in loose}
    for outer in outers:
        groups.append((outer.text, [s for s in loose if homes[s.span_id] is outer]))
    order = {s.span_id: i for i, s in enumerate(spans)}
    return sorted(groups, key=lambda g: min(order[m.span_id] for m in g[1]))


def _numbered(passages: Sequence[Passage], max_span_chars: int) -> dict[str, tuple[str, str]]:
    """The sentences of the passages as shown (within the trim), numbered ``S1`` … in order."""
    out: dict[str, tuple[str, str]] = {}
    for p in passages:
        limit = max_span_chars * len(p.members)
        for sentence in split_sentences(p.text):
            if sentence.start < limit:
                out[f"S{len(out) + 1}"] = (p.pid, sentence.text)
    return out


def _pack(requests: Sequence[JudgeRequest], max_span_chars: int, reply: Reply) -> Pack:
    """The passages of ``requests``: each span once, overlapping spans of a source merged."""
    spans: dict[str, JudgeSpan] = {}
    for request in requests:
        for span in request.spans:
            spans.setdefault(span.span_id, span)
    passages = tuple(
        Passage(f"P{i + 1}", members[0].source_id, text, tuple(members))
        for i, (text, members) in enumerate(_groups(list(spans.values())))
    )
    pid = {m.span_id: p.pid for p in passages for m in p.members}
    claims = {f"C{i + 1}": r for i, r in enumerate(requests)}
    hints = {
        cid: tuple(dict.fromkeys(pid[s.span_id] for s in r.spans)) for cid, r in claims.items()
    }
    sentences = _numbered(passages, max_span_chars) if reply != "quote" else {}
    return Pack(passages, claims, hints, max_span_chars, reply, sentences)


def _size(pack: Pack) -> int:
    return estimate_tokens(
        "".join(m["content"] for m in pack.messages(list(pack.claims)))
    ) + estimate_tokens(json.dumps(pack.schema(list(pack.claims))))


def pack_requests(
    requests: Sequence[JudgeRequest],
    *,
    max_prompt_tokens: int,
    max_claims: int,
    max_span_chars: int,
    reply: Reply = DEFAULT_REPLY,
) -> list[Pack]:
    """Claims in order, packed greedily while the prompt stays within ``max_prompt_tokens``.

    A claim whose request alone is over the budget still goes, alone. The
    schema counts too: a server without constrained decoding reads it as text.
    """
    packs: list[Pack] = []
    current: list[JudgeRequest] = []
    for request in requests:
        trial = [*current, request]
        if current and (
            len(trial) > max_claims
            or _size(_pack(trial, max_span_chars, reply)) > max_prompt_tokens
        ):
            packs.append(_pack(current, max_span_chars, reply))
            trial = [request]
        current = trial
    if current:
        packs.append(_pack(current, max_span_chars, reply))
    return packs
