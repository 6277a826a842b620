"""Self-contained HTML reports of verified cases (``longtracer-guard report``).

``case_view`` reads one record (``{"case": ..., "trace": ...}`` as written by
``check --format json`` and ``JsonlSink``, or a bare CaseResult or trace);
``render_html`` turns views into one static page that needs no network.
"""

from .html import render_html
from .view import (
    AuditOverview,
    CaseView,
    ClaimView,
    EvidenceView,
    RecordError,
    case_view,
    claim_verdict,
)

__all__ = [
    "AuditOverview",
    "CaseView",
    "ClaimView",
    "EvidenceView",
    "RecordError",
    "case_view",
    "claim_verdict",
    "render_html",
]
