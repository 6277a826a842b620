"""Audit at scale on Ray Data: verify millions of logged answers on an actor pool.

Needs the ``[ray]`` extra (Ray Data, which brings pyarrow)::

    pip install "longtracer-integrations[ray]"

``verify_dataset(ds, answer_col=..., sources_col=...)`` maps a Ray Dataset
through actors that each hold one ``CitationVerifier`` and adds the audit
columns; ``audit_with_ray`` is what ``longtracer-guard audit --ray`` runs
(resumable, and stopped with ``AuditStoppedError`` rather than left waiting
when the cluster can make no progress). The same code runs on a local Ray
and on a cluster (``ray.init(address=...)``); a lost node costs time, not rows.
"""

from .._extras import require_extra

require_extra("longtracer_integrations.ray", "Ray Data", "ray", "pyarrow", "ray.data")

from ._audit import AuditStoppedError, audit_with_ray
from ._dataset import ACTOR_CPUS, OUTPUT_COLUMNS, VerifyBatch, default_verifier, verify_dataset

__all__ = [
    "ACTOR_CPUS",
    "OUTPUT_COLUMNS",
    "AuditStoppedError",
    "VerifyBatch",
    "audit_with_ray",
    "default_verifier",
    "verify_dataset",
]
