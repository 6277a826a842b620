"""The CaseResult JSON Schema: committed file in sync, and the compatibility rule enforced.

Allowed without a schema_version bump: new optional fields, new enum members.
Breaking: removing or re-typing a field, removing an enum member, making a field
required. The checker is shown able to fail on each kind.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from longtracer_core.contracts.compat import check_compatibility
from longtracer_core.contracts.schema import case_result_schema, render_schema

SCHEMA_FILE = Path(__file__).resolve().parents[3] / "docs" / "schema" / "case_result.v1.json"


@pytest.fixture
def committed() -> dict:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def test_committed_schema_matches_model():
    """The file in docs/schema is exactly what the model generates (regenerate if not)."""
    assert SCHEMA_FILE.read_text(encoding="utf-8") == render_schema(), (
        "docs/schema/case_result.v1.json drifted from CaseResult; regenerate with "
        "python -m longtracer_core.contracts.schema > docs/schema/case_result.v1.json"
    )


def test_schema_module_prints_the_schema():
    """`python -m longtracer_core.contracts.schema` prints the committed text."""
    out = subprocess.run(
        [sys.executable, "-m", "longtracer_core.contracts.schema"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert out == SCHEMA_FILE.read_text(encoding="utf-8")


def test_current_model_is_compatible_with_committed_schema(committed):
    """The model as it stands breaks nothing the committed v1 schema promised."""
    problems = check_compatibility(committed, case_result_schema())
    assert problems == [], "\n".join(map(str, problems))


# --- the checker itself, on hand-made changes of the committed schema -------------


def _claim_props(schema: dict) -> dict:
    return schema["$defs"]["ClaimResult"]["properties"]


def test_adding_an_optional_field_is_allowed(committed):
    new = copy.deepcopy(committed)
    new["properties"]["new_optional"] = {"type": "string", "default": ""}
    _claim_props(new)["score_parts"] = {"type": "object", "default": {}}
    assert check_compatibility(committed, new) == []


def test_adding_an_enum_member_is_allowed(committed):
    new = copy.deepcopy(committed)
    new["$defs"]["ReasonCode"]["enum"].append("SOMETHING_NEW")
    assert check_compatibility(committed, new) == []


def test_annotation_changes_are_allowed(committed):
    new = copy.deepcopy(committed)
    new["properties"]["summary"]["description"] = "Reworded."
    new["$defs"]["ClaimResult"]["title"] = "Claim"
    assert check_compatibility(committed, new) == []


def _kinds(old: dict, new: dict) -> set[tuple[str, str]]:
    return {(p.kind, p.path) for p in check_compatibility(old, new)}


def test_removing_a_field_is_reported(committed):
    new = copy.deepcopy(committed)
    del new["properties"]["summary"]
    assert ("field_removed", "$.summary") in _kinds(committed, new)


def test_removing_a_nested_field_is_reported(committed):
    new = copy.deepcopy(committed)
    del _claim_props(new)["char_end"]
    assert ("field_removed", "$.claims[].char_end") in _kinds(committed, new)


def test_retyping_a_field_is_reported(committed):
    new = copy.deepcopy(committed)
    new["properties"]["case_id"] = {"type": "integer"}
    assert ("field_retyped", "$.case_id") in _kinds(committed, new)


def test_retyping_a_nullable_field_is_reported(committed):
    new = copy.deepcopy(committed)
    new["properties"]["trust_score"] = {"anyOf": [{"type": "string"}, {"type": "null"}]}
    assert ("field_retyped", "$.trust_score") in _kinds(committed, new)


def test_retyping_a_list_item_is_reported(committed):
    new = copy.deepcopy(committed)
    _claim_props(new)["supporting_sources"]["items"] = {"type": "integer"}
    assert ("field_retyped", "$.claims[].supporting_sources") in _kinds(committed, new)


def test_removing_an_enum_member_is_reported(committed):
    new = copy.deepcopy(committed)
    new["$defs"]["QualityGate"]["enum"].remove("INDETERMINATE")
    problems = check_compatibility(committed, new)
    assert [(p.kind, p.path, p.detail) for p in problems] == [
        ("enum_member_removed", "$.quality_gate", "'INDETERMINATE'")
    ]


def test_making_a_field_required_is_reported(committed):
    new = copy.deepcopy(committed)
    new["required"] = [*new.get("required", []), "summary"]
    assert ("field_made_required", "$.summary") in _kinds(committed, new)


def test_adding_a_required_field_is_reported(committed):
    new = copy.deepcopy(committed)
    new["properties"]["tenant"] = {"type": "string"}
    new["required"] = [*new.get("required", []), "tenant"]
    assert ("field_made_required", "$.tenant") in _kinds(committed, new)


def test_a_version_bump_permits_breaking_changes(committed):
    new = copy.deepcopy(committed)
    del new["properties"]["summary"]
    new["properties"]["schema_version"] = {"const": "2", "default": "2", "type": "string"}
    assert check_compatibility(committed, new) == []


def test_explicit_additional_properties_true_equals_leaving_it_out(committed):
    """``additionalProperties: true`` is JSON Schema's default, so stating it changes nothing."""
    old = copy.deepcopy(committed)
    old.pop("additionalProperties", None)
    new = copy.deepcopy(old)
    new["additionalProperties"] = True
    assert check_compatibility(old, new) == []
    new["additionalProperties"] = False
    assert ("field_retyped", "$") in _kinds(old, new)
