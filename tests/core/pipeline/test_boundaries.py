"""Package boundaries: the core stays framework-free and each public face is pinned."""

from __future__ import annotations

import subprocess
import sys

import pytest

import longtracer_core
import longtracer_core.contracts
import longtracer_integrations

FORBIDDEN = (
    "langchain",
    "langchain_core",
    "llama_index",
    "opentelemetry",
    "torch",
    "sentence_transformers",
    "transformers",
    "ray",
    "pyarrow",
)


def test_core_import_loads_no_framework_or_model_library():
    """Importing longtracer_core (and its submodules) in a fresh interpreter loads no framework."""
    code = (
        "import sys, pkgutil, importlib, longtracer_core\n"
        "for m in pkgutil.walk_packages(longtracer_core.__path__, 'longtracer_core.'):\n"
        "    if m.name.endswith('__main__'): continue\n"
        "    importlib.import_module(m.name)\n"
        f"bad = sorted(n for n in sys.modules if n.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert out.stdout.strip() == ""


def test_integrations_package_import_is_lazy():
    """Importing longtracer_integrations alone imports no framework either."""
    code = (
        "import sys, longtracer_integrations\n"
        f"print(','.join(sorted(n for n in sys.modules if n.split('.')[0] in {FORBIDDEN!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert out.stdout.strip() == ""


def test_public_names_are_sorted_and_pinned():
    """Each package's __all__ is sorted and exports exactly the documented names."""
    for module in (longtracer_core, longtracer_core.contracts, longtracer_integrations):
        assert list(module.__all__) == sorted(module.__all__), module.__name__
        for name in module.__all__:
            assert hasattr(module, name), f"{module.__name__}.{name}"
    assert longtracer_core.__all__ == PINNED_CORE
    assert longtracer_core.contracts.__all__ == PINNED_CONTRACTS


PINNED_CORE = [
    "AssessmentAvailability",
    "Bands",
    "CaseReading",
    "CaseResult",
    "ChatBackend",
    "CitationVerifier",
    "ClaimAssessment",
    "ClaimOutcome",
    "ClaimResult",
    "ConfigError",
    "Decomposer",
    "Decomposition",
    "DecompositionError",
    "DraftClaim",
    "Embedder",
    "EmbeddingCache",
    "EmptySourcesWarning",
    "EvaluationFailedError",
    "ExecutionStatus",
    "GuardedResponse",
    "InvalidInputError",
    "Judge",
    "JudgeConfig",
    "JudgeEndpoint",
    "JudgeError",
    "JudgeUnavailableWarning",
    "LLMDecomposer",
    "LLMJudge",
    "LegacyVerificationAdapter",
    "Limits",
    "LongTracerError",
    "ModelUnavailableError",
    "NliJudge",
    "NliScorer",
    "OpenAICompatibleChat",
    "OpenAICompatibleEmbedder",
    "Policy",
    "QualityGate",
    "ReasonCode",
    "RuleBasedDecomposer",
    "SentenceStream",
    "SentenceTransformerEmbedder",
    "TraceRecord",
    "TransformersNli",
    "VerifyConfig",
    "check_case",
    "compute_quality_gate",
]

PINNED_CONTRACTS = [
    "AssessmentAvailability",
    "CaseReading",
    "CaseResult",
    "ClaimAssessment",
    "ClaimOutcome",
    "ClaimResult",
    "ExecutionStatus",
    "LegacyVerificationAdapter",
    "QualityGate",
    "ReasonCode",
    "SCHEMA_VERSION",
    "build_case",
    "case_reading",
    "claim_outcome",
    "compute_quality_gate",
    "summarize",
]


def test_audit_and_ray_public_names_are_pinned():
    """longtracer_core.audit and longtracer_integrations.ray export exactly these names."""
    import longtracer_core.audit

    assert longtracer_core.audit.__all__ == [
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
    pytest.importorskip("ray")
    import longtracer_integrations.ray

    assert longtracer_integrations.ray.__all__ == [
        "ACTOR_CPUS",
        "OUTPUT_COLUMNS",
        "AuditStoppedError",
        "VerifyBatch",
        "audit_with_ray",
        "default_verifier",
        "verify_dataset",
    ]


def test_error_tree():
    """Every error descends from LongTracerError and the builtin a user would catch."""
    from longtracer_core import errors

    assert issubclass(errors.InvalidInputError, ValueError)
    assert issubclass(errors.ConfigError, ValueError)
    assert issubclass(errors.ModelUnavailableError, ImportError)
    assert issubclass(errors.JudgeUnavailableWarning, UserWarning)
    for name in errors.__all__:
        kind = getattr(errors, name)
        assert issubclass(kind, Warning) or issubclass(kind, errors.LongTracerError), name
