"""The schema compatibility rule, as a function that lists what a change breaks.

Allowed without a ``schema_version`` bump: adding optional fields, adding enum
members. Breaking: removing a field, re-typing a field, removing an enum member,
making a field required (including adding a new required field).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["Incompatibility", "check_compatibility"]

_IGNORED_KEYS = frozenset(
    {"title", "description", "default", "examples", "$comment", "$schema", "$id"}
)

Kind = Literal["field_removed", "field_retyped", "enum_member_removed", "field_made_required"]


@dataclass(frozen=True)
class Incompatibility:
    """One breaking difference between an old and a new schema."""

    kind: Kind
    path: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind} at {self.path}: {self.detail}"


class _Resolver:
    def __init__(self, root: dict[str, Any]) -> None:
        self._defs: dict[str, Any] = dict(root.get("$defs", {}))

    def resolve(self, node: Any) -> Any:
        seen = 0
        while isinstance(node, dict) and "$ref" in node and seen < 32:
            ref = node["$ref"]
            name = ref.rsplit("/", 1)[-1]
            if name not in self._defs:
                return node
            extra = {k: v for k, v in node.items() if k != "$ref"}
            node = {**self._defs[name], **extra}
            seen += 1
        return node


def _signature(node: Any, res: _Resolver, depth: int = 0) -> Any:
    """The type of a node with enum members, properties and annotations set aside."""
    node = res.resolve(node)
    if not isinstance(node, dict) or depth > 16:
        return node
    sig: dict[str, Any] = {}
    for key, value in sorted(node.items()):
        if key in _IGNORED_KEYS or key in ("properties", "required", "enum", "$defs"):
            continue
        if key == "additionalProperties" and value is True:
            continue  # the JSON Schema default: the same as leaving it out
        if key in ("anyOf", "oneOf", "allOf", "prefixItems"):
            sig[key] = sorted(
                json.dumps(_signature(v, res, depth + 1), sort_keys=True) for v in value
            )
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            sig[key] = _signature(value, res, depth + 1)
        else:
            sig[key] = value
    if "enum" in node:
        sig["enum"] = "<enum>"
    if "properties" in node:
        sig["properties"] = "<object>"
    return sig


def _compare(
    old: Any, new: Any, path: str, ro: _Resolver, rn: _Resolver, out: list[Incompatibility]
) -> None:
    old, new = ro.resolve(old), rn.resolve(new)
    if not isinstance(old, dict) or not isinstance(new, dict):
        if old != new:
            out.append(Incompatibility("field_retyped", path, f"{old!r} -> {new!r}"))
        return
    if _signature(old, ro) != _signature(new, rn):
        out.append(
            Incompatibility(
                "field_retyped",
                path,
                f"{json.dumps(_signature(old, ro), sort_keys=True)} -> "
                f"{json.dumps(_signature(new, rn), sort_keys=True)}",
            )
        )
        return
    if "enum" in old:
        removed = [m for m in old["enum"] if m not in new.get("enum", [])]
        for member in removed:
            out.append(Incompatibility("enum_member_removed", path, repr(member)))
    for key in ("anyOf", "oneOf", "allOf"):
        if key in old:
            new_by_sig = {
                json.dumps(_signature(v, rn), sort_keys=True): v for v in new.get(key, [])
            }
            for alt in old[key]:
                match = new_by_sig.get(json.dumps(_signature(alt, ro), sort_keys=True))
                if match is not None:
                    _compare(alt, match, path, ro, rn, out)
    for key in ("items", "additionalProperties"):
        if isinstance(old.get(key), dict) and isinstance(new.get(key), dict):
            _compare(old[key], new[key], f"{path}[]", ro, rn, out)
    if "properties" in old:
        old_props: dict[str, Any] = old["properties"]
        new_props: dict[str, Any] = new.get("properties", {})
        old_req = set(old.get("required", []))
        new_req = set(new.get("required", []))
        for name, sub in old_props.items():
            if name not in new_props:
                out.append(Incompatibility("field_removed", f"{path}.{name}", "field removed"))
                continue
            _compare(sub, new_props[name], f"{path}.{name}", ro, rn, out)
        for name in sorted(new_req - old_req):
            detail = "now required" if name in old_props else "new field is required"
            out.append(Incompatibility("field_made_required", f"{path}.{name}", detail))


def _version(schema: dict[str, Any]) -> Any:
    prop = schema.get("properties", {}).get("schema_version", {})
    return prop.get("const", prop.get("default"))


def check_compatibility(old: dict[str, Any], new: dict[str, Any]) -> list[Incompatibility]:
    """List the breaking changes from ``old`` to ``new``.

    A change of ``schema_version`` is the declared bump: breaking changes are
    then allowed, and the list is empty.
    """
    if _version(old) != _version(new):
        return []
    out: list[Incompatibility] = []
    _compare(old, new, "$", _Resolver(old), _Resolver(new), out)
    return out
