"""The one import guard of the integrations: a missing extra names the line that installs it.

Each integration checks its framework once, before importing it::

    require_extra("longtracer_integrations.langchain", "langchain-core", "langchain",
                  "langchain_core")

raises ``ImportError: longtracer_integrations.langchain needs langchain-core: pip install
"longtracer-integrations[langchain]"`` when ``langchain_core`` cannot be imported.
"""

from __future__ import annotations

import importlib

__all__ = ["require_extra"]


def require_extra(feature: str, needs: str, extra: str, *modules: str) -> None:
    """Import ``modules``; if one is missing, raise ImportError naming ``extra`` to install."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as err:  # pragma: no cover - exercised in a fresh environment
            raise ImportError(
                f'{feature} needs {needs}: pip install "longtracer-integrations[{extra}]"'
            ) from err
