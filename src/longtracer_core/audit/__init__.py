"""Audit many logged answers: decode records, verify them in batches, count the outcomes.

Framework-free: ``audit_local`` runs in one process (``longtracer-guard
audit``); ``longtracer_integrations.ray`` runs the same steps on Ray Data.
A record that cannot be verified becomes an INDETERMINATE row with its reason,
never an exception.
"""

from .records import AuditKeys, BadRecord, CaseInput, decode_line, decode_record, fallback_id
from .rows import AUDIT_FIELDS, audit_fields
from .run import JSONL_SUFFIXES, audit_local, iter_inputs, write_summary
from .summary import AuditSummary
from .verify import verify_inputs

__all__ = [
    "AUDIT_FIELDS",
    "JSONL_SUFFIXES",
    "AuditKeys",
    "AuditSummary",
    "BadRecord",
    "CaseInput",
    "audit_fields",
    "audit_local",
    "decode_line",
    "decode_record",
    "fallback_id",
    "iter_inputs",
    "verify_inputs",
    "write_summary",
]
