"""Citation markers: find them in every common style, read the sources they name, strip them.

``[S3]``, ``[1]``, ``[1, 2]``, ``[^2]``, ``[Source 1]``, ``【1】``, ``(Doc 2)``, ``^1``, ``¹²`` …
Sentence segmentation keeps a marker written after the full stop with the sentence it
cites; the decomposers lift markers out of a claim's text into its ``cited_markers``.
"""

from __future__ import annotations

import regex

from ..lexicon.abbreviations import CITATION_WORDS
from ..lexicon.numbers import POWER_UNITS

__all__ = ["CITATION_MARKER", "LINK_TARGET", "citation_keys", "strip_markers"]

# Inline citation markers in every common style: [S3], [1], [1, 2], [^2], [Source 1],
# [Doc 2], 【1】, (Source 3), (Sources 1, 2), (Doc 1), (Document 2), (Ref. 4), ^1, ¹².
_TAG = rf"(?:{'|'.join(CITATION_WORDS)})s?\.?\s*"
# What a bare ^1 or ¹ may follow: a word (not a lone letter for ^1: "x^2", "3x^2"), closing
# punctuation, a percent sign or a year ("since 2007^1"); never a number ("10^6") nor a
# unit the ² or ³ raises to a power ("km²", "m^3").
_UNIT = rf"(?<=(?<!\p{{L}})(?:{'|'.join(POWER_UNITS)}))"
_POWER = rf"(?!{_UNIT}(?:\^[23]|[²³]|<sup>\s*[23]\s*</sup>)(?![\p{{N}}¹⁴⁵⁶⁷⁸⁹⁰^]))"
_YEAR = r"(?<=(?<![\d.,])(?:1[5-9]|20)\d\d)"
_MARK_AFTER = r"[.,;:!?)\]】\"”’%]"
_CARET_MARK = r"[.,;:!?)\]】\"”’'*%]"  # a caret may follow a straight quote or bold too
# at a clause's end after a number, a caret cites when it follows money ("£1,568^2.":
# money is never raised to a power) or is "^1" (no one raises to the first power: "at
# 65^1."); "10^6", "2^10", "3^1 + 4" stay powers
_AT_END = r"(?:\^\d+)*\s*(?:[.,;:!?)\]]|$)"
_MONEY = rf"(?<=[$€£¥₹]\d[\d,]*(?:\.\d+)?)(?=\^\d+{_AT_END})"
_FIRST_POWER = rf"(?<=\d)(?=\^1{_AT_END})"
_CARET_AFTER = rf"(?:(?<=[^\s\d]\p{{L}}|{_CARET_MARK})|{_YEAR}|{_MONEY}|{_FIRST_POWER}){_POWER}"
_SUPER_AFTER = rf"(?:(?<=\p{{L}}|{_MARK_AFTER})|{_YEAR}){_POWER}"
# A caret set off by a space at the end of a clause cites too ("… instead of cash ^2.",
# "… in 2019 ^1, and", "cash ^2 ^3."): after a word, a year, a percent sign or a mark,
# before the clause's punctuation, another such caret or the end; a power is neither
# ("x ^ 2", "10 ^6 m", "is 10 ^6.").
_CARET_SPACED = (
    rf"(?:(?<=[\p{{L}}%.,;:)\]】\"”’]\s)|(?<={_YEAR}\s)|(?<=\s(?:\^\d{{1,3}})+\s))"
    r"\^\d+(?:\^\d+)*(?![.,]\d)(?=(?:\s+\^\d+)*\s*(?:[.,;:!?)]|$))"
)
# A link whose text is a citation: "[1](https://…)", "([Source 2](https://…))".
LINK_TARGET = r"\((?:https?://|www\.)(?:[^()\s]|\([^()\s]*\))*\)"  # "…/Mercury_(planet))"
_LINKED = rf"\[(?:{_TAG})?\^?[A-Za-z]{{0,3}}\d+\]{LINK_TARGET}"
# Where in the source, after its key: "[1, p. 3]", "(Source 2, section 4.1)".
_LOCATOR = (
    r"\s*[,:]\s*(?:pp?|paras?|pages?|sections?|sec|§|ch|chapters?|arts?|articles?)"
    r"\.?\s*\d+(?:[.–-]\d+)*"
)
# One or more keys: "1", "S2", "^3", "1, 2", "1-3".
_KEYS = r"\^?[A-Za-z]{0,3}\d+(?:\s*[,;–-]\s*\^?[A-Za-z]{0,3}\d+)*"
# A citation an HTML answer sets as a superscript: "<sup>1</sup>", "<sup>[2, 3]</sup>".
_SUP_AFTER = rf"(?:(?<=[^\s\d]\p{{L}}|{_MARK_AFTER}|\s)|{_YEAR}){_POWER}"
_SUP = rf"{_SUP_AFTER}<sup>\s*(?:\[(?:{_TAG})?{_KEYS}\]|(?:{_TAG})?{_KEYS})\s*</sup>"
CITATION_MARKER = regex.compile(
    rf"\({_LINKED}\)|{_LINKED}|{_SUP}"
    rf"|\[{_KEYS}(?:{_LOCATOR})?\]"
    rf"|\[{_TAG}[A-Za-z]?\d+(?:\s*[,;&–-]\s*(?:{_TAG})?[A-Za-z]?\d+)*(?:{_LOCATOR})?\]"
    r"|【[A-Za-z]{0,3}\d+】"
    rf"|\({_TAG}[A-Za-z]?\d+(?:\s*(?:[,;&–-]|and)\s*(?:{_TAG})?[A-Za-z]?\d+)*(?:{_LOCATOR})?\)"
    rf"|{_CARET_AFTER}(?:\^\d+)+(?![\p{{L}}\p{{N}}]|[.,]\d)"
    rf"|{_CARET_SPACED}"
    rf"|{_SUPER_AFTER}[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?![\p{{L}}\p{{N}}])",
    flags=regex.IGNORECASE,
)

_SUPERSCRIPT = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")
_TAG_WORD = regex.compile(_TAG, flags=regex.IGNORECASE)
_URL_PART = regex.compile(rf"(?<=\]){LINK_TARGET}")
_LOCATOR_PART = regex.compile(_LOCATOR, flags=regex.IGNORECASE)
_SUP_TAG = regex.compile(r"</?sup>", flags=regex.IGNORECASE)
_KEY_SPLIT = regex.compile(r"\s*(?:[,;&]|\band\b)\s*|(?=\^)", flags=regex.IGNORECASE)
_KEY_RANGE = regex.compile(r"^([A-Za-z]{0,3})(\d+)\s*[–-]\s*\1?(\d+)$")
_MAX_RANGE = 20


def citation_keys(marker: str) -> tuple[str, ...]:
    """The source references one citation marker names, in order.

    ``[S2]`` → ``S2``; ``[1, 2]`` and ``(Sources 1 and 2)`` → ``1``, ``2``;
    ``[1-3]`` → ``1``, ``2``, ``3``; ``[^2]`` and ``^2`` → ``^2``; ``¹²`` → ``12``.
    """
    inner = _URL_PART.sub("", _SUP_TAG.sub("", marker.translate(_SUPERSCRIPT)))
    inner = _LOCATOR_PART.sub("", inner).strip()
    if inner[:2] == "([" and inner[-1:] == ")":
        inner = inner[1:-1]
    if inner[:1] in "[(【" and inner[-1:] in "])】":
        inner = inner[1:-1]
    inner = _TAG_WORD.sub("", inner).strip()
    keys: list[str] = []
    for part in _KEY_SPLIT.split(inner):
        part = part.strip()
        if not part:
            continue
        rng = _KEY_RANGE.match(part)
        if rng is not None and 0 <= int(rng.group(3)) - int(rng.group(2)) <= _MAX_RANGE:
            prefix = rng.group(1)
            keys.extend(f"{prefix}{n}" for n in range(int(rng.group(2)), int(rng.group(3)) + 1))
        else:
            keys.append(part)
    return tuple(keys)


_SPACE_BEFORE_PUNCT = regex.compile(r"\s+([.,;:!?])")
_MULTI_SPACE = regex.compile(r"\s{2,}")


def _one_space(m: regex.Match[str]) -> str:
    """A run of whitespace as one space, or as a line break when it held one (a line's
    first word stays a line's first word)."""
    return "\n" if "\n" in m.group(0) else " "


def strip_markers(text: str) -> tuple[str, tuple[str, ...]]:
    """Remove citation markers from ``text``; return the clean text and the markers."""
    markers: list[str] = []
    for m in CITATION_MARKER.finditer(text):
        markers.extend(citation_keys(m.group(0)))
    clean = CITATION_MARKER.sub("", text)
    # runs of whitespace first: "\s+[.,]" then never meets a long run (no backtracking)
    clean = _MULTI_SPACE.sub(_one_space, clean)
    clean = _SPACE_BEFORE_PUNCT.sub(r"\1", clean)
    clean = _MULTI_SPACE.sub(_one_space, clean).strip()
    return clean, tuple(markers)
