"""The JSON Schema of ``CaseResult``; ``python -m longtracer_core.contracts.schema`` prints it.

The committed copy lives at ``docs/schema/case_result.v1.json``; a test fails
when the model and the file drift. Regenerate with::

    python -m longtracer_core.contracts.schema > docs/schema/case_result.v1.json
"""

from __future__ import annotations

import json
from typing import Any

from ._models import SCHEMA_VERSION, CaseResult

__all__ = ["case_result_schema", "render_schema"]

SCHEMA_ID = f"https://longtracer.dev/schema/case_result.v{SCHEMA_VERSION}.json"


def case_result_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) that validates a serialised ``CaseResult``."""
    schema = CaseResult.model_json_schema(mode="validation")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        **schema,
    }


def render_schema() -> str:
    """The schema as the exact text committed to the repository."""
    return json.dumps(case_result_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # pragma: no cover - exercised through a subprocess test
    import sys

    sys.stdout.write(render_schema())
