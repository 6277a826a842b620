"""Markup a chat answer wraps its words in: emphasis, code ticks, links and inline HTML.

Rule 1 of the decontextualisation (``context.py``): the words stay, the markup goes; a
link keeps its words, a link that is a citation ("[1](https://…)") stays a marker.
"""

from __future__ import annotations

import regex

from ..text.citations import CITATION_MARKER, LINK_TARGET

__all__ = ["clean_markup"]

# Emphasis spans at most 500 characters, so an unclosed marker costs a bounded look-ahead,
# not a scan of the rest of the line for every marker.
_EMPHASIS = regex.compile(
    r"(\*\*|__)(.{1,500}?)\1|(?<![\w*])\*(?!\s)(.{1,500}?)(?<!\s)\*(?![\w*])|`([^`]*)`"
)
# A markdown link: its words are read, its target is not ("[the WHO page](https://…)").
_LINK = regex.compile(rf"\[([^\[\]\n]{{1,200}})\]{LINK_TARGET}")
# Inline HTML a chat interface may emit ("<b>…</b>", "<br>"): tags only, words kept.
_HTML_TAG = regex.compile(
    r"</?(b|i|u|em|strong|mark|span|br|small|sup|sub)"
    r"(?:\s+[\w-]+=(?:\"[^\"\n]{0,200}\"|'[^'\n]{0,200}'|[^\s>]{1,200})){0,8}\s*/?>",
    regex.I,
)


def _link(m: regex.Match[str]) -> str:
    """A link's words; a link that is a citation ("[1](https://…)") stays a marker."""
    return m.group(0) if CITATION_MARKER.fullmatch(m.group(0)) else m.group(1)


def clean_markup(text: str) -> str:
    """Drop markdown emphasis, code ticks and link targets, keeping the words inside them."""
    text = _HTML_TAG.sub(
        lambda m: " " if m.group(1).lower() == "br" else "", _LINK.sub(_link, text)
    )
    return _EMPHASIS.sub(lambda m: m.group(2) or m.group(3) or m.group(4) or "", text).strip()
