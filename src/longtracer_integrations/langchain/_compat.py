"""The one guarded import of langchain-core for this package."""

from __future__ import annotations

try:
    import langchain_core  # noqa: F401
except ImportError as err:  # pragma: no cover - exercised in a fresh environment
    raise ImportError(
        "longtracer_integrations.langchain needs langchain-core: "
        'pip install "longtracer-integrations[langchain]"'
    ) from err
