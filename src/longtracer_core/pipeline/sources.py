"""Normalise the sources a caller passes into plain records with ids and classes.

``sources`` is a list (or tuple) of items, or one item alone (a string, a
mapping, a document or node), which is read as a list of one. Accepted items:
strings; mappings with ``text`` (or ``page_content`` / ``content``) and
optional ``source_id``/``id``, ``class``, ``metadata``, ``embedding`` +
``embedding_model``; objects with ``page_content`` or ``text`` (LangChain
``Document``, LlamaIndex nodes) and ``metadata``. Source ids follow
``source_metadata[i]["source_id" | "id"]``, then the item's own id, else
``source_<index>``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import regex

from ..errors import InvalidInputError
from ..lexicon.numbers import INLINE_SPACES
from ..scoring.spans import SpanClass
from ..text.words import DIGIT_GROUP_SPACE

__all__ = ["SourceDoc", "as_source_list", "normalize_sources"]


@dataclass(frozen=True)
class SourceDoc:
    """One source, normalised."""

    index: int
    source_id: str
    text: str
    span_class: SpanClass = "truth"
    embedding: tuple[float, ...] | None = None
    embedding_model: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)


# keys of a source mapping kept beside its text (a title is name evidence: scoring/evidence.py)
_CARRIED = ("source_id", "id", "title", "class", "span_class", "embedding", "embedding_model")


# Horizontal spaces a scraped page writes for " " ("no\u00a0more\u00a0than"): read as the
# plain space, one character for one, so every offset into the source stays its own. One
# grouping digits ("27\u202f295") is left for the word and figure readers, as in answers.
_SPACE = regex.compile(rf"(?!{DIGIT_GROUP_SPACE})[{INLINE_SPACES}]")


def _text_of(item: Any, index: int) -> tuple[str, Mapping[str, Any]]:
    """The text and metadata of one source; metadata gets ``_strict_class`` when the
    caller set ``class`` on the source itself (a mapping), not in carried metadata."""
    if isinstance(item, str):
        return item, {}
    if isinstance(item, Mapping):
        for key in ("text", "page_content", "content"):
            if key in item:
                text = item[key]
                break
        else:
            raise InvalidInputError(
                f"sources[{index}] is a mapping without 'text' (or 'page_content'/'content')"
            )
        meta = dict(item.get("metadata") or {})
        for key in _CARRIED:
            if key in item:
                meta[key] = item[key]
        if "class" in item:
            meta["_strict_class"] = True
        if not isinstance(text, str):
            raise InvalidInputError(f"sources[{index}]['text'] must be a string")
        return text, meta
    node = getattr(item, "node", None)  # LlamaIndex NodeWithScore
    target = node if node is not None and not hasattr(item, "page_content") else item
    text = getattr(target, "page_content", None)
    if text is None:
        text = getattr(target, "text", None)
    if text is None and callable(getattr(target, "get_content", None)):
        text = target.get_content()
    if not isinstance(text, str):
        raise InvalidInputError(
            f"sources[{index}] has type {type(item).__name__}; expected a string, a mapping "
            "with 'text', or an object with 'page_content' or 'text'"
        )
    meta = dict(getattr(target, "metadata", None) or {})
    for attr in ("id", "node_id"):
        value = getattr(target, attr, None)
        if isinstance(value, str) and value and "id" not in meta:
            meta["id"] = value
            break
    return text, meta


def _class_of(meta: Mapping[str, Any], index: int, strict_class_key: bool) -> SpanClass:
    """``span_class`` must be truth|cache; ``class`` too when the caller set it on the source.

    In metadata carried by documents and nodes, ``class`` often means something
    else (a document category), so there an unrelated value is ignored.
    """
    if "span_class" in meta:
        value = meta["span_class"]
    elif "class" in meta and (strict_class_key or meta["class"] in ("truth", "cache")):
        value = meta["class"]
    else:
        value = "truth"
    if value not in ("truth", "cache"):
        raise InvalidInputError(f"sources[{index}] has class {value!r}; use 'truth' or 'cache'")
    return "cache" if value == "cache" else "truth"


def _one_source(value: Any) -> bool:
    """A single source given alone: a string, a mapping, a document or a node."""
    if isinstance(value, (str, Mapping)):
        return True
    if isinstance(value, (bytes, Sequence)):
        return False
    return any(hasattr(value, attr) for attr in ("page_content", "text", "node", "get_content"))


def as_source_list(sources: Any) -> list[Any]:
    """``sources`` as a list: a list or tuple as given, one source alone as a list of one.

    Every entry point reads its evidence through this function, so a single
    string is one source everywhere; anything else raises ``InvalidInputError``.
    """
    if _one_source(sources):
        return [sources]
    if isinstance(sources, bytes) or not isinstance(sources, Sequence):
        raise InvalidInputError(
            f"sources must be a list of sources or one source (a string, a mapping with "
            f"'text', a document or a node), got {type(sources).__name__}"
        )
    return list(sources)


def normalize_sources(sources: Any, source_metadata: Any = None) -> list[SourceDoc]:
    """Validate and normalise ``sources``; ``InvalidInputError`` names what is wrong."""
    sources = as_source_list(sources)
    if source_metadata is not None:
        if isinstance(source_metadata, (str, bytes)) or not isinstance(source_metadata, Sequence):
            raise InvalidInputError("source_metadata must be a list of dicts, one per source")
        if len(source_metadata) != len(sources):
            raise InvalidInputError(
                f"source_metadata has {len(source_metadata)} entries for {len(sources)} sources"
            )
    docs: list[SourceDoc] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(sources):
        text, meta = _text_of(item, i)
        text = _SPACE.sub(" ", text)
        if source_metadata is not None:
            extra = source_metadata[i]
            if extra is not None and not isinstance(extra, Mapping):
                raise InvalidInputError(f"source_metadata[{i}] must be a dict or None")
            meta = {**meta, **dict(extra or {})}
            if extra and "class" in extra:
                meta["_strict_class"] = True
        sid = meta.get("source_id", meta.get("id"))
        source_id = str(sid) if sid not in (None, "") else f"source_{i}"
        if source_id in seen:
            source_id = f"{source_id}~{i}"
        seen[source_id] = i
        embedding = meta.get("embedding")
        vector: tuple[float, ...] | None = None
        if embedding is not None:
            try:
                vector = tuple(float(x) for x in embedding)
            except (TypeError, ValueError) as err:
                raise InvalidInputError(f"sources[{i}] embedding is not a list of numbers") from err
        model = meta.get("embedding_model")
        docs.append(
            SourceDoc(
                index=i,
                source_id=source_id,
                text=text,
                span_class=_class_of(meta, i, bool(meta.get("_strict_class"))),
                embedding=vector,
                embedding_model=str(model) if model is not None else None,
                metadata={k: v for k, v in meta.items() if k not in ("embedding", "_strict_class")},
            )
        )
    return docs
