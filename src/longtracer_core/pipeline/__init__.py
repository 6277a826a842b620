"""The verification pipeline: verifier, policy, trace, one-liner."""

from .check import check_case
from .contradiction import NliScorer
from .guarded import GuardedResponse, failure_reason, unverified_response
from .policy import PolicyAction, apply_policy
from .recipe import IntegrationModels, LazyVerifier, VerifierSpec, verifier_spec
from .sources import SourceDoc, as_source_list, normalize_sources
from .stream import SentenceStream, StreamStep
from .trace import TraceClaim, TraceRecord
from .verifier import CitationVerifier

__all__ = [
    "CitationVerifier",
    "GuardedResponse",
    "IntegrationModels",
    "LazyVerifier",
    "NliScorer",
    "PolicyAction",
    "SentenceStream",
    "SourceDoc",
    "StreamStep",
    "TraceClaim",
    "TraceRecord",
    "VerifierSpec",
    "apply_policy",
    "as_source_list",
    "check_case",
    "failure_reason",
    "normalize_sources",
    "unverified_response",
    "verifier_spec",
]
