"""The project's two digests: a file's sha256 (model weights) and a short text hash (ids).

``short_hash`` is the first 16 hex characters of a text's sha256: prompt hashes, plan
hashes and the ids of records that carry none are all this one function, so two of them
computed from the same text always agree.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["file_sha256", "short_hash"]


def file_sha256(path: Path) -> str:
    """The hex sha256 of a file's bytes, read in 1 MiB chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def short_hash(text: str) -> str:
    """The first 16 hex characters of the sha256 of ``text`` (UTF-8).

    A lone surrogate (text that is not valid Unicode, e.g. from a JSON log) is hashed
    as its surrogatepass bytes, so such a text still gets an id; every valid text gives
    the same bytes as plain UTF-8.
    """
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
