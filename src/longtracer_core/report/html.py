"""Render case views as one self-contained HTML page: no CDN, no network, no external file.

Every piece of answer, claim, source and model text goes through ``html.escape``;
ids in the page are built from positions, never from record data. A
Content-Security-Policy allows only the page's own script (by its hash) and
inline styles, so even text that slipped past escaping could not run.
"""

from __future__ import annotations

import base64
import hashlib
from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import Any

from .assets import SCRIPT, STYLE
from .view import AuditOverview, CaseView, ClaimView, EvidenceView

__all__ = ["render_html"]

_DEFAULT_BANDS = {"supported": 0.75, "partial": 0.50}
_VERDICT_ORDER = ("supported", "uncertain", "refuted", "refusal", "not assessed")
_GATES = ("PASS", "FAIL", "INDETERMINATE")


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _vclass(verdict: str) -> str:
    return "v-" + verdict.replace(" ", "-")


def _badge(verdict: str) -> str:
    return f'<span class="badge {_vclass(verdict)}">{_e(verdict)}</span>'


def _gate_badge(gate: str) -> str:
    return f'<span class="badge g-{_e(gate)}">{_e(gate)}</span>'


def _score(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _answer(i: int, case: CaseView) -> str:
    """The answer with each located claim highlighted and linked to its details."""
    text = case.answer or ""
    located = sorted(
        (c.start, c.end, j, c)
        for j, c in enumerate(case.claims, start=1)
        if c.start is not None and c.end is not None and 0 <= c.start < c.end <= len(text)
    )
    out, pos = [], 0
    for start, end, j, claim in located:
        href = f"#case-{i}-c{j}"
        label = f"{claim.claim_id}: {claim.verdict}"
        if start >= pos:
            out.append(_e(text[pos:start]))
            out.append(
                f'<a class="hl {_vclass(claim.verdict)}" href="{href}" '
                f'data-verdict="{_e(claim.verdict)}" '
                f'aria-label="{_e(claim.claim_id)}: {_e(claim.finding)}">'
                f"{_e(text[start:end])} {_badge(claim.verdict)}</a>"
            )
            pos = end
        else:  # overlaps the previous claim: a reference after it
            out.append(
                f'<a class="badge claim-ref {_vclass(claim.verdict)}" href="{href}">{_e(label)}</a>'
            )
    out.append(_e(text[pos:]))
    return "".join(out)


def _evidence(ev: EvidenceView) -> str:
    return (
        '<figure class="evidence">'
        f"<figcaption>{_e(ev.label)}: <code>{_e(ev.source_id)}</code> "
        f"[{ev.start}:{ev.end}]</figcaption>"
        f'<blockquote class="span">{_e(ev.before)}<mark>{_e(ev.text)}</mark>'
        f"{_e(ev.after)}</blockquote></figure>"
    )


def _candidates(claim: ClaimView) -> str:
    if not claim.candidates:
        return ""
    rows = []
    for c in claim.candidates:
        numeric = c.get("numeric_ok")
        rows.append(
            "<tr>"
            f"<td><code>{_e(c.get('span_id', ''))}</code></td>"
            f'<td class="num">{_score(_num(c.get("score")))}</td>'
            f'<td class="num">{_score(_num(c.get("cos")))}</td>'
            f'<td class="num">{_score(_num(c.get("lex")))}</td>'
            f"<td>{'pass' if numeric else 'fail' if numeric is False else 'n/a'}</td>"
            f"<td>{_e(c.get('text', ''))}</td>"
            "</tr>"
        )
    return (
        f"<details><summary>Candidates considered ({len(rows)})</summary>"
        "<table><thead><tr><th>span</th><th>score</th><th>cosine</th><th>coverage</th>"
        "<th>numeric gate</th><th>text</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table></details>"
    )


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _claim(i: int, j: int, claim: ClaimView, has_trace: bool) -> str:
    parts = "".join(
        f"<dt>{_e(name)}</dt><dd>{_e(value)}</dd>"
        for name, value in (
            ("verdict", claim.finding),
            ("p_wrong", _score(claim.p_wrong)),
            ("score", _score(claim.score)),
            ("assessment", claim.assessment),
            ("reason", claim.reason),
            *claim.parts,
        )
    )
    if claim.evidence:
        evidence = "".join(_evidence(ev) for ev in claim.evidence)
    elif has_trace:
        evidence = '<p class="muted">No source span matched this claim.</p>'
    else:
        evidence = (
            '<p class="muted">The record has no trace, so the source text is not shown '
            "(<code>longtracer-guard check --format json</code> keeps both).</p>"
        )
    where = (
        "" if claim.start is not None else ' <span class="muted">(not located in the answer)</span>'
    )
    return (
        f'<li class="claim-detail {_vclass(claim.verdict)}" id="case-{i}-c{j}" '
        f'data-verdict="{_e(claim.verdict)}">'
        f'<p class="claim-head">{_badge(claim.verdict)} <strong>{_e(claim.claim_id)}</strong> '
        f"{_e(claim.text)}{where}</p>"
        f'<dl class="parts">{parts}</dl>{evidence}{_candidates(claim)}</li>'
    )


def _meta(case: CaseView) -> str:
    bits = [f"execution {_e(case.execution)}", f"availability {_e(case.availability)}"]
    if case.reason:
        bits.append(f"reason {_e(case.reason)}")
    embed = case.models.get("embed")
    if embed:
        bits.append(f"embedding model <code>{_e(embed)}</code>")
    if case.bands:
        bits.append(
            "bands: supported ≥ "
            + _e(case.bands.get("supported", ""))
            + ", partial ≥ "
            + _e(case.bands.get("partial", ""))
        )
    return " · ".join(bits)


def _reading(case: CaseView) -> str:
    """The operators' reading beside the gate, when it says more than the gate does."""
    if not case.reading or case.reading == case.gate:
        return ""
    return f' <span class="badge g-{_e(case.reading)}" title="reading">{_e(case.reading)}</span>'


def _case(i: int, case: CaseView) -> str:
    head = (
        f'<section class="case" id="case-{i}" data-gate="{_e(case.gate)}">'
        f"<h2>Case <code>{_e(case.case_id)}</code> {_gate_badge(case.gate)}{_reading(case)}</h2>"
        f"<p>{_e(case.summary)}</p>"
        f'<p class="meta">{_meta(case)}</p>'
    )
    if case.error_message:
        head += f'<p class="meta">error: {_e(case.error_message)}</p>'
    for note in case.notes:
        head += f'<p class="note">{_e(note)}</p>'
    body = []
    if case.answer is not None:
        body.append(f'<h3>Answer</h3><p class="answer">{_answer(i, case)}</p>')
    if case.claims:
        items = "".join(_claim(i, j, c, case.has_trace) for j, c in enumerate(case.claims, start=1))
        body.append(f'<h3>Claims ({len(case.claims)})</h3><ol class="claims">{items}</ol>')
    if case.output is not None:
        policy = _e(case.policy or "policy")
        body.append(
            f"<details><summary>Answer after the {policy} policy</summary>"
            f"<pre>{_e(case.output)}</pre></details>"
        )
    if case.sources:
        sources = "".join(
            f"<details><summary><code>{_e(sid)}</code> ({len(text)} characters)</summary>"
            f"<pre>{_e(text)}</pre></details>"
            for sid, text in case.sources
        )
        body.append(f"<h3>Sources ({len(case.sources)})</h3>{sources}")
    return head + "".join(body) + "</section>"


def _bars(counts: Sequence[tuple[str, int]], badge: Any = None) -> str:
    top = max((n for _, n in counts), default=0) or 1
    rows = "".join(
        f"<tr><td>{badge(name) if badge else _e(name)}</td><td class='num'>{n}</td>"
        f'<td class="barcell"><span class="bar" style="width:{round(100 * n / top, 1)}%"></span>'
        "</td></tr>"
        for name, n in counts
    )
    return f"<table><tbody>{rows}</tbody></table>"


def _histogram(scores: Sequence[float], bands: dict[str, float]) -> str:
    """An SVG histogram of claim scores in 20 bins, band edges marked, with a table fallback."""
    bins = [0] * 20
    for s in scores:
        bins[min(19, max(0, int(s * 20)))] += 1
    top = max(bins) or 1
    w, h, pad = 420, 160, 28
    bw = (w - 2 * pad) / 20
    rects = "".join(
        f'<rect x="{pad + k * bw:.1f}" y="{h - pad - (h - 2 * pad) * n / top:.1f}" '
        f'width="{bw - 2:.1f}" height="{(h - 2 * pad) * n / top:.1f}" fill="#5a6f8f">'
        f"<title>{k / 20:.2f}–{(k + 1) / 20:.2f}: {n}</title></rect>"
        for k, n in enumerate(bins)
    )
    edges = "".join(
        f'<line x1="{pad + (w - 2 * pad) * v:.1f}" x2="{pad + (w - 2 * pad) * v:.1f}" '
        f'y1="{pad / 2}" y2="{h - pad}" stroke="#8b1a1a" stroke-dasharray="4 3"/>'
        f'<text x="{pad + (w - 2 * pad) * v + 3:.1f}" y="{pad / 2 + 8}">{_e(name)} {v:.2f}</text>'
        for name, v in sorted(bands.items())
    )
    ticks = "".join(
        f'<text x="{pad + (w - 2 * pad) * t - 6:.1f}" y="{h - pad + 14}">{t:g}</text>'
        for t in (0.0, 0.25, 0.5, 0.75, 1.0)
    )
    axis = f'<line x1="{pad}" x2="{w - pad}" y1="{h - pad}" y2="{h - pad}" stroke="#333"/>'
    table = "".join(
        f"<tr><td>{k / 20:.2f}–{(k + 1) / 20:.2f}</td><td class='num'>{n}</td></tr>"
        for k, n in enumerate(bins)
        if n
    )
    return (
        f'<svg role="img" aria-labelledby="hist-title" viewBox="0 0 {w} {h}" width="{w}" '
        f'height="{h}"><title id="hist-title">Claim scores: {len(scores)} claims in 20 bins '
        f"from 0 to 1</title>{rects}{axis}{ticks}{edges}</svg>"
        "<details><summary>Score bins as a table</summary><table><thead><tr><th>score</th>"
        f"<th>claims</th></tr></thead><tbody>{table}</tbody></table></details>"
    )


def _audit(audit: AuditOverview) -> str:
    """Totals over the whole audit; the cases below are only the most serious ones."""
    gate_rows = [(g, dict(audit.gates).get(g, 0)) for g in _GATES]
    sources = "".join(
        f"<tr><td>{_e(source)}</td><td class='num'>{miscited}</td><td class='num'>{cited}</td></tr>"
        for source, miscited, cited in audit.sources
    )
    invalid = sum(n for _, n in audit.invalid)
    refused = (
        f"<p>{invalid} of them could not be verified as given (invalid input, each an "
        f"INDETERMINATE case): {_e(', '.join(f'{k} {n}' for k, n in audit.invalid))}.</p>"
        if invalid
        else ""
    )
    return (
        '<section id="audit"><h2>Audit</h2>'
        f"<p>{audit.cases} cases, {audit.claims} claims. The page shows the {audit.shown} most "
        "serious cases in full (FAIL, then INDETERMINATE, lowest trust score first); the "
        "figures in this section count every case.</p>"
        f"{refused}"
        '<div class="summary-grid">'
        f"<div><h3>Quality gate</h3>{_bars(gate_rows, _gate_badge)}</div>"
        f"<div><h3>Reasons (cases)</h3>{_bars(list(audit.reasons))}</div>"
        "<div><h3>Sources cited by unsupported claims</h3>"
        + (
            "<table><thead><tr><th>source</th><th>miscited</th><th>cited</th></tr></thead>"
            f"<tbody>{sources}</tbody></table>"
            if sources
            else '<p class="muted">No cited source backs an unsupported claim.</p>'
        )
        + "</div></div></section>"
    )


def _summary(cases: Sequence[CaseView], heading: str = "Summary") -> str:
    gates = Counter(c.gate for c in cases)
    verdicts = Counter(cl.verdict for c in cases for cl in c.claims)
    reasons = Counter(cl.reason for c in cases for cl in c.claims)
    reasons.update(c.reason for c in cases if c.reason)
    scores = [cl.score for c in cases for cl in c.claims if cl.score is not None]
    bands = next((dict(c.bands) for c in cases if c.bands), dict(_DEFAULT_BANDS))
    worst = sorted(
        (
            (cl.score if cl.score is not None else -1.0, i, j, cl)
            for i, c in enumerate(cases, start=1)
            for j, cl in enumerate(c.claims, start=1)
            if cl.verdict != "supported"
        ),
        key=lambda t: (t[0], t[1], t[2]),
    )[:15]
    worst_rows = "".join(
        f'<tr class="worst" data-verdict="{_e(cl.verdict)}">'
        f'<td><a href="#case-{i}">{_e(cases[i - 1].case_id)}</a></td>'
        f'<td><a href="#case-{i}-c{j}">{_e(cl.claim_id)}</a></td>'
        f"<td>{_badge(cl.verdict)}</td><td class='num'>{_score(cl.score)}</td>"
        f"<td>{_e(_short(cl.text))}</td><td>{_e(_short(cl.finding))}</td></tr>"
        for _, i, j, cl in worst
    )
    gate_rows = [(g, gates.get(g, 0)) for g in _GATES]
    verdict_rows = [(v, verdicts[v]) for v in _VERDICT_ORDER if verdicts.get(v)]
    verdict_rows += [(v, n) for v, n in sorted(verdicts.items()) if v not in _VERDICT_ORDER]
    return (
        f'<section id="summary"><h2>{_e(heading)}</h2>'
        f"<p>{len(cases)} cases, {sum(verdicts.values())} claims.</p>"
        '<div class="summary-grid">'
        f"<div><h3>Quality gate</h3>{_bars(gate_rows, _gate_badge)}</div>"
        f"<div><h3>Claim verdicts</h3>{_bars(verdict_rows, _badge)}</div>"
        f"<div><h3>Reasons</h3>{_bars(reasons.most_common())}</div>"
        f"<div><h3>Score distribution</h3>{_histogram(scores, bands)}</div>"
        "</div>"
        "<h3>Lowest-scoring claims that are not supported</h3>"
        + (
            "<table><thead><tr><th>case</th><th>claim</th><th>verdict</th><th>score</th>"
            f"<th>text</th><th>finding</th></tr></thead><tbody>{worst_rows}</tbody></table>"
            if worst_rows
            else '<p class="muted">Every claim is supported.</p>'
        )
        + "</section>"
    )


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _filters(cases: Sequence[CaseView]) -> str:
    gates = [g for g in _GATES if any(c.gate == g for c in cases)]
    present = {cl.verdict for c in cases for cl in c.claims}
    verdicts = [v for v in _VERDICT_ORDER if v in present] + sorted(present - set(_VERDICT_ORDER))

    def boxes(name: str, values: Sequence[str]) -> str:
        return "".join(
            f'<label><input type="checkbox" name="{name}" value="{_e(v)}" checked> {_e(v)}</label>'
            for v in values
        )

    return (
        '<form id="filters" hidden aria-label="Filter cases and claims">'
        f"<fieldset><legend>Gate</legend>{boxes('gate', gates)}</fieldset>"
        f"<fieldset><legend>Claim verdict</legend>{boxes('verdict', verdicts)}</fieldset>"
        '<p id="filter-status" role="status" aria-live="polite"></p></form>'
    )


def render_html(
    cases: Sequence[CaseView],
    *,
    generator: str = "longtracer-guard",
    audit: AuditOverview | None = None,
) -> str:
    """One self-contained page: a summary for several cases, then every case in full.

    With ``audit``, the page opens with the audit's totals over every case, and
    ``cases`` are the few it shows in full.
    """
    digest = base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
    csp = (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
        f"script-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    )
    if audit is not None:
        title = f"Grounding audit: {audit.cases} cases"
    elif len(cases) == 1:
        title = f"Grounding report: case {cases[0].case_id} ({cases[0].gate})"
    else:
        title = f"Grounding report: {len(cases)} cases"
    gates = Counter(c.gate for c in cases)
    lead = ", ".join(f"{gates[g]} {g}" for g in _GATES if gates.get(g))
    body = [
        f"<header><h1>{_e(title)}</h1>"
        f'<p class="meta">{len(cases)} case{"s" if len(cases) != 1 else ""}: {_e(lead)}. '
        f"Made by {_e(generator)}. Click a highlighted claim to see its evidence.</p></header>",
        _filters(cases),
    ]
    if audit is not None:
        body.append(_audit(audit))
    if len(cases) > 1:
        body.append(_summary(cases, "Summary of the cases shown" if audit else "Summary"))
    body.extend(_case(i, c) for i, c in enumerate(cases, start=1))
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>"
        + "".join(body)
        + f"<script>{SCRIPT}</script></body></html>\n"
    )
