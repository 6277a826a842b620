"""Apply a grounding to LlamaIndex result objects in place, for every way an answer is delivered.

- ``Response`` / ``AgentChatResponse`` (and any object with a ``str``
  ``response``): the text is replaced by the policy-applied text.
- ``StreamingResponse`` / ``AsyncStreamingResponse``: ``response_gen`` is replaced
  by a buffering generator. It drains the original stream, grounds the whole
  answer, then yields the policy-applied text as one chunk, so no character of
  a redacted sentence is ever emitted. With ``stream_mode="sentence"`` it
  yields each sentence's policy-applied text as soon as the sentence is
  complete and verified (a core ``SentenceStream``); the chunks concatenate to
  the buffered text. The case lands in ``metadata`` once the stream has been
  consumed.
- ``PydanticResponse``: the model's JSON is verified; under ``redact`` an object
  with anything flagged, redacted or unverified is withheld whole
  (``response=None``), since a structured object cannot be cut sentence by
  sentence.

The case goes to ``metadata[key]`` and the trace to ``metadata[key + "_trace"]``.
An answer whose metadata already holds a case under that key (grounded by an
inner stage, e.g. a postprocessor inside a wrapped engine) is not grounded again.
"""

from __future__ import annotations

import weakref
from collections.abc import (
    AsyncGenerator,
    AsyncIterator,
    Awaitable,
    Callable,
    Generator,
    Iterator,
    Sequence,
)
from typing import Any

from llama_index.core.base.response.schema import (
    AsyncStreamingResponse,
    PydanticResponse,
    StreamingResponse,
)
from llama_index.core.chat_engine.types import StreamingAgentChatResponse

from longtracer_core import GuardedResponse, SentenceStream

from ._grounder import Grounder, RunIds

__all__ = ["aground_result", "async_sentences", "ground_result", "sync_sentences"]

OnDone = Callable[[GuardedResponse], None] | None
Opener = Callable[[], SentenceStream | None]
# the grounding generators this module made, and the metadata key each grounds under
_GROUNDED: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def _done(result: Any, guarded: GuardedResponse, grounder: Grounder, on_done: OnDone) -> None:
    result.metadata = grounder.attach(result.metadata, guarded)
    if on_done is not None:
        on_done(guarded)


def sync_sentences(
    result: Any,
    original: Iterator[Any],
    stream: SentenceStream,
    grounder: Grounder,
    ids: RunIds,
    on_done: OnDone,
) -> Generator[str, None, None]:
    """Sentence mode: yield each settled sentence's policy-applied text once verified."""
    for token in original:
        if token is None:
            continue
        step = stream.feed(str(token))
        grounder.publish_sentence(step, ids)
        if step.text:
            yield step.text
    tail, guarded = stream.finish()
    grounder.publish_sentence(tail, ids)
    grounder.publish(guarded, ids)
    _done(result, guarded, grounder, on_done)
    if tail.text:
        yield tail.text


async def async_sentences(
    result: Any,
    original: AsyncIterator[Any],
    stream: SentenceStream,
    grounder: Grounder,
    ids: RunIds,
    on_done: OnDone,
) -> AsyncGenerator[str, None]:
    """``sync_sentences`` for asyncio: each prefix is verified in the verifier's pool."""
    async for token in original:
        if token is None:
            continue
        step = await stream.afeed(str(token))
        grounder.publish_sentence(step, ids)
        if step.text:
            yield step.text
    tail, guarded = await stream.afinish()
    grounder.publish_sentence(tail, ids)
    grounder.publish(guarded, ids)
    _done(result, guarded, grounder, on_done)
    if tail.text:
        yield tail.text


def _text_of(result: Any) -> str:
    if isinstance(result, PydanticResponse):
        return result.response.model_dump_json() if result.response is not None else ""
    text = getattr(result, "response", None)
    return text if isinstance(text, str) else ""


def _apply(result: Any, guarded: GuardedResponse, grounder: Grounder) -> None:
    """Write the policy-applied answer and the record onto a non-streaming result."""
    if isinstance(result, PydanticResponse):
        if grounder.policy == "redact" and guarded.changed:
            result.response = None
    elif getattr(result, "response", None) is not None or guarded.text:
        result.response = guarded.text
    if hasattr(result, "metadata"):
        result.metadata = grounder.attach(result.metadata, guarded)


def _is_text_result(result: Any) -> bool:
    """A finished answer with text: Response, PydanticResponse, AgentChatResponse or alike."""
    if isinstance(result, PydanticResponse):
        return True
    if isinstance(result, StreamingAgentChatResponse) or not hasattr(result, "response"):
        return False  # a chat stream's text is not known yet; it has no metadata either
    return isinstance(result.response, str | None)


def _sync_stream(
    result: StreamingResponse,
    original: Iterator[str],
    run: Callable[[str], GuardedResponse],
    grounder: Grounder,
    on_done: OnDone,
    skip_grounded: bool,
    sentences: tuple[Opener, RunIds] | None = None,
) -> Generator[str, None, None]:
    # ``original`` is captured by the caller: ``result.response_gen`` is this generator by now.
    stream = sentences[0]() if sentences is not None else None
    if stream is not None and sentences is not None:
        yield from sync_sentences(result, original, stream, grounder, sentences[1], on_done)
        return
    text = "".join(str(token) for token in original if token is not None)
    if skip_grounded and grounder.case_of(result.metadata) is not None:
        yield text  # an inner stage grounded this stream while it was drained
        return
    guarded = run(text)
    result.metadata = grounder.attach(result.metadata, guarded)
    if on_done is not None:
        on_done(guarded)
    if guarded.text:
        yield guarded.text


async def _async_stream(
    result: AsyncStreamingResponse,
    original: AsyncIterator[str],
    run: Callable[[str], Awaitable[GuardedResponse]],
    grounder: Grounder,
    on_done: OnDone,
    skip_grounded: bool,
    sentences: tuple[Opener, RunIds] | None = None,
) -> AsyncGenerator[str, None]:
    stream = sentences[0]() if sentences is not None else None
    if stream is not None and sentences is not None:
        async for piece in async_sentences(
            result, original, stream, grounder, sentences[1], on_done
        ):
            yield piece
        return
    text = "".join([str(token) async for token in original if token is not None])
    if skip_grounded and grounder.case_of(result.metadata) is not None:
        yield text  # an inner stage grounded this stream while it was drained
        return
    guarded = await run(text)
    result.metadata = grounder.attach(result.metadata, guarded)
    if on_done is not None:
        on_done(guarded)
    if guarded.text:
        yield guarded.text


def ground_result(
    result: Any,
    evidence: Sequence[Any],
    grounder: Grounder,
    ids: RunIds,
    *,
    on_done: OnDone = None,
    error: BaseException | None = None,
) -> bool:
    """Ground ``result`` in place (streams lazily); False when its type carries no answer text.

    With ``error`` set, the result is given the fail-closed outcome for that
    error instead of being verified.
    """

    def run(text: str) -> GuardedResponse:
        if error is None:
            return grounder.guard(text, evidence, ids)
        guarded = grounder.failed(text, error)
        grounder.publish(guarded, ids)
        return guarded

    async def arun(text: str) -> GuardedResponse:
        if error is None:
            return await grounder.aguard(text, evidence, ids)
        return run(text)

    sentences = (lambda: grounder.open_stream(evidence), ids) if error is None else None
    if isinstance(result, StreamingResponse | AsyncStreamingResponse):
        if error is None and _GROUNDED.get(result.response_gen) == grounder.metadata_key:
            return True  # an inner stage already grounds this stream under the same key
        gen: Any
        if isinstance(result, StreamingResponse):
            gen = _sync_stream(
                result, result.response_gen, run, grounder, on_done, error is None, sentences
            )
        else:
            gen = _async_stream(
                result, result.response_gen, arun, grounder, on_done, error is None, sentences
            )
        _GROUNDED[gen] = grounder.metadata_key
        result.response_gen = gen
        return True
    if not _is_text_result(result):
        return False
    if error is None and grounder.case_of(getattr(result, "metadata", None)) is not None:
        return True  # already grounded under this key (e.g. by a postprocessor inside)
    guarded = run(_text_of(result))
    _apply(result, guarded, grounder)
    if on_done is not None:
        on_done(guarded)
    return True


async def aground_result(
    result: Any,
    evidence: Sequence[Any],
    grounder: Grounder,
    ids: RunIds,
    *,
    on_done: OnDone = None,
) -> bool:
    """``ground_result`` for asyncio: finished answers are verified off the event loop."""
    if isinstance(result, StreamingResponse | AsyncStreamingResponse) or not _is_text_result(
        result
    ):
        return ground_result(result, evidence, grounder, ids, on_done=on_done)
    if grounder.case_of(getattr(result, "metadata", None)) is not None:
        return True
    guarded = await grounder.aguard(_text_of(result), evidence, ids)
    _apply(result, guarded, grounder)
    if on_done is not None:
        on_done(guarded)
    return True
