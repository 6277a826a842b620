"""Test doubles for users' and our own tests: fakes of every model protocol.

- ``HashEmbedder``: deterministic bag-of-words vectors (feature hashing of
  ``lex_tokens``); texts sharing words get high cosine. No model, no I/O.
- ``FunctionChat``: a ``ChatBackend`` whose answers come from a function of the messages.
- ``ScriptedChat``: a ``ChatBackend`` that returns (or raises) a list of outputs in turn.
- ``FunctionEmbedder``: an ``Embedder`` from any function of the texts.
- ``FixedNli``: an ``NliScorer`` returning probabilities from a function.
- ``FunctionJudge``: a ``Judge`` whose verdicts come from a function of each request.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .judge.types import JudgeRequest, JudgeVerdict
from .providers.embeddings import normalize_rows
from .text.words import lex_tokens

__all__ = [
    "FixedNli",
    "FunctionChat",
    "FunctionEmbedder",
    "FunctionJudge",
    "HashEmbedder",
    "ScriptedChat",
]


class HashEmbedder:
    """Bag-of-words feature hashing: a stand-in embedding model with no weights."""

    def __init__(self, dim: int = 512, model_id: str = "hash-bow-512") -> None:
        self.dim = dim
        self._model_id = model_id
        self.calls: list[list[str]] = []

    @property
    def model_id(self) -> str:
        return self._model_id

    def _bucket(self, token: str) -> int:
        return int.from_bytes(hashlib.blake2b(token.encode(), digest_size=8).digest(), "little")

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for token in lex_tokens(text):
                h = self._bucket(token)
                out[i, h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
        return normalize_rows(out)

    async def aembed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        return self.embed(texts)


class FunctionEmbedder:
    """An embedder whose vectors come from ``fn(texts)``; for failure and latency tests."""

    def __init__(self, fn: Callable[[Sequence[str]], Any], model_id: str = "function") -> None:
        self.fn = fn
        self._model_id = model_id

    @property
    def model_id(self) -> str:
        return self._model_id

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        return normalize_rows(self.fn(texts))

    async def aembed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        return await asyncio.to_thread(self.embed, texts)


class FunctionChat:
    """A chat backend that answers ``fn(messages, schema)``; raise inside ``fn`` to fail."""

    def __init__(
        self,
        fn: Callable[[Sequence[Mapping[str, str]], Mapping[str, Any]], Any],
        model_id: str = "function-chat",
    ) -> None:
        self.fn = fn
        self.model_id = model_id
        self.calls: list[list[dict[str, str]]] = []

    def complete_json(
        self, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]
    ) -> Any:
        self.calls.append([dict(m) for m in messages])
        return self.fn(messages, schema)

    async def acomplete_json(
        self, messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]
    ) -> Any:
        return self.complete_json(messages, schema)


class ScriptedChat(FunctionChat):
    """Returns each scripted output in turn; an ``Exception`` instance in the script is raised."""

    def __init__(self, outputs: Sequence[Any], model_id: str = "scripted-chat") -> None:
        self._outputs = list(outputs)

        def next_output(messages: Sequence[Mapping[str, str]], schema: Mapping[str, Any]) -> Any:
            if not self._outputs:
                raise AssertionError("ScriptedChat ran out of outputs")
            out = self._outputs.pop(0)
            if isinstance(out, BaseException):
                raise out
            return out

        super().__init__(next_output, model_id)


class FixedNli:
    """An NLI scorer returning ``fn(premise, hypothesis)`` as probabilities over ``labels``."""

    def __init__(
        self,
        fn: Callable[[str, str], Sequence[float]],
        labels: Sequence[str] = ("contradiction", "entailment", "neutral"),
    ) -> None:
        self.fn = fn
        self._labels = tuple(labels)

    @property
    def labels(self) -> Sequence[str]:
        return self._labels

    def score(self, pairs: Sequence[tuple[str, str]]) -> NDArray[np.float64]:
        return np.array([self.fn(p, h) for p, h in pairs], dtype=np.float64)


class FunctionJudge:
    """A judge answering ``fn(request)`` for each request; raise inside ``fn`` to fail the batch.

    ``batches`` records the claim ids of every call, so tests can count calls.
    """

    def __init__(
        self,
        fn: Callable[[JudgeRequest], JudgeVerdict],
        model_id: str = "function-judge",
        prompt_hash: str | None = "fn",
    ) -> None:
        self.fn = fn
        self._model_id = model_id
        self._prompt_hash = prompt_hash
        self.batches: list[list[str]] = []

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def prompt_hash(self) -> str | None:
        return self._prompt_hash

    def judge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        self.batches.append([r.claim_id for r in requests])
        return [self.fn(r) for r in requests]

    async def ajudge(self, requests: Sequence[JudgeRequest]) -> list[JudgeVerdict]:
        return self.judge(requests)
