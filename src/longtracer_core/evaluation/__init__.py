"""Measure the verifier: labelled-data evaluation and adversarial corpora."""

from .adversarial import load_corpus, measure_corpus
from .metrics import Confusion, confusion, histogram
from .records import (
    EvalRecord,
    QuestionAnswerDecomposer,
    RecordFormatError,
    load_records,
    qa_claim_text,
)
from .runner import EvalResult, build_report, evaluate_records, sweep_bands

__all__ = [
    "Confusion",
    "EvalRecord",
    "EvalResult",
    "QuestionAnswerDecomposer",
    "RecordFormatError",
    "build_report",
    "confusion",
    "evaluate_records",
    "histogram",
    "load_corpus",
    "load_records",
    "measure_corpus",
    "qa_claim_text",
    "sweep_bands",
]
