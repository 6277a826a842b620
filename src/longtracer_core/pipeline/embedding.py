"""Embedding: the texts a batch of prepared cases needs, embedded in chunks.

Claims and the span texts not yet cached are embedded once for the whole batch;
if that pass fails, each case is embedded alone so one bad text fails only its
own case.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..contracts import ExecutionStatus, ReasonCode
from ..deadline import checkpoint
from ..errors import EvaluationFailedError
from ..providers.embeddings import Embedder
from .engine import Engine, Prepared
from .guarded import FAILURES, failure_reason

__all__ = ["embed_batch", "embed_texts", "needed_texts"]

_EMBED_CHUNK = 256
Failure = tuple[ExecutionStatus, ReasonCode, str]


def needed_texts(engine: Engine, preps: Sequence[Prepared]) -> list[str]:
    """Claim texts and uncached truth-span texts, once each; cache hits go to ``known``."""
    model_id = engine.embedder.model_id
    needed: dict[str, None] = {}
    for prep in preps:
        if prep.plan is None:
            continue
        for claim in prep.ordered:
            if claim.kind == "claim":
                needed[claim.claim_text] = None
        for span in prep.spans:
            if span.span_class != "truth" or span.text in prep.known:
                continue
            hit = engine.cache.get(model_id, span.text)
            if hit is None:
                needed[span.text] = None
            else:
                prep.known[span.text] = hit
    return list(needed)


def embed_texts(embedder: Embedder, texts: Sequence[str]) -> dict[str, Any]:
    """``texts`` embedded in chunks of ``_EMBED_CHUNK``; the deadline checked per chunk."""
    if not texts:
        return {}
    chunks = []
    for i in range(0, len(texts), _EMBED_CHUNK):
        checkpoint()
        batch = list(texts[i : i + _EMBED_CHUNK])
        vecs = np.asarray(embedder.embed(batch), dtype=np.float32)
        if vecs.ndim != 2 or vecs.shape[0] != len(batch):
            raise EvaluationFailedError(
                f"embedder returned shape {vecs.shape} for {len(batch)} texts"
            )
        chunks.append(vecs)
    matrix = np.concatenate(chunks)
    return {t: matrix[i] for i, t in enumerate(texts)}


def embed_batch(
    engine: Engine, prepared: Sequence[tuple[int, Prepared]]
) -> tuple[dict[str, Any], dict[int, Failure]]:
    """One embedding pass for the whole batch; if it fails, each item alone, so one
    bad text (an encoding error, an embedder failure) fails only its own item."""
    if not prepared:
        return {}, {}
    try:
        return embed_texts(engine.embedder, needed_texts(engine, [p for _, p in prepared])), {}
    except FAILURES:  # isolate below
        pass
    vectors: dict[str, Any] = {}
    failures: dict[int, Failure] = {}
    for i, prep in prepared:
        try:
            vectors.update(embed_texts(engine.embedder, needed_texts(engine, [prep])))
        except FAILURES as err:
            failures[i] = failure_reason(err)
    return vectors, failures
