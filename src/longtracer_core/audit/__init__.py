"""Audit many logged answers: decode records, verify them in batches, count the outcomes.

Framework-free: ``audit_local`` runs in one process (``longtracer-guard
audit``); ``longtracer_integrations.ray`` runs the same steps on Ray Data.
Every record yields one row: a record that cannot be verified becomes an
INDETERMINATE row with reason INVALID_INPUT naming the field and the problem,
never an exception. An interrupted audit resumes from the rows it wrote.
"""

from .logs import (
    JSONL_SUFFIXES,
    MAX_RECORD_BYTES,
    input_files,
    is_jsonl,
    jsonl_records,
    parquet_records,
    read_records,
    unreadable,
)
from .records import (
    AuditKeys,
    BadRecord,
    CaseInput,
    InputProblem,
    Where,
    decode_line,
    decode_record,
    fallback_id,
    representable,
)
from .resume import MANIFEST, RowSet, check_manifest, recover_jsonl, where_of, write_manifest
from .rows import AUDIT_FIELDS, INVALID_REASONS, audit_fields
from .run import audit_local, iter_inputs, write_summary
from .summary import AuditSummary
from .verify import verify_inputs

__all__ = [
    "AUDIT_FIELDS",
    "INVALID_REASONS",
    "JSONL_SUFFIXES",
    "MANIFEST",
    "MAX_RECORD_BYTES",
    "AuditKeys",
    "AuditSummary",
    "BadRecord",
    "CaseInput",
    "InputProblem",
    "RowSet",
    "Where",
    "audit_fields",
    "audit_local",
    "check_manifest",
    "decode_line",
    "decode_record",
    "fallback_id",
    "input_files",
    "is_jsonl",
    "iter_inputs",
    "jsonl_records",
    "parquet_records",
    "read_records",
    "recover_jsonl",
    "representable",
    "unreadable",
    "verify_inputs",
    "where_of",
    "write_manifest",
    "write_summary",
]
