"""The one guarded import of Ray Data (and the pyarrow it brings) for this package."""

from __future__ import annotations

try:
    import pyarrow  # type: ignore[import-untyped]  # noqa: F401
    import ray.data  # noqa: F401
except ImportError as err:  # pragma: no cover - exercised in a fresh environment
    raise ImportError(
        'longtracer_integrations.ray needs Ray Data: pip install "longtracer-integrations[ray]"'
    ) from err
