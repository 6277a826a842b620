"""The report's stylesheet and its one small script, inlined into every page.

Colours meet WCAG AA contrast (at least 4.5:1) for text on its badge; each badge
also says its verdict in words. The script only filters (by gate and verdict);
everything is readable without it, and the filter form stays hidden until the
script reveals it.
"""

from __future__ import annotations

__all__ = ["SCRIPT", "STYLE"]

STYLE = """
:root { color-scheme: light; --fg: #1b1b1b; --muted: #555; --line: #d0d0d0; --focus: #0b57d0; }
* { box-sizing: border-box; }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", sans-serif;
  color: var(--fg); background: #fff; margin: 0 auto; max-width: 70rem; padding: 1rem 1.5rem 4rem; }
h1 { font-size: 1.6rem; margin: .5rem 0; } h2 { font-size: 1.3rem; margin: 0 0 .5rem; }
h3 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
a { color: #0b4fa8; } a:focus-visible, summary:focus-visible, input:focus-visible {
  outline: 3px solid var(--focus); outline-offset: 2px; }
.muted, .meta { color: var(--muted); font-size: .9rem; }
.note { color: #7a4a00; background: #fff3d6; border-left: 4px solid #d08c00; padding: .4rem .6rem; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: .6rem; }
.badge { display: inline-block; font-size: .75rem; font-weight: 700; letter-spacing: .03em;
  padding: .05rem .45rem; border-radius: .6rem; border: 1px solid currentColor;
  text-transform: uppercase; white-space: nowrap; vertical-align: baseline; }
.v-supported { color: #0a5c2b; background: #dcf5e3; }
.v-uncertain { color: #6b4500; background: #fff1c7; }
.v-refuted { color: #fff; background: #8b1a1a; }
.v-refusal, .v-not-assessed { color: #333; background: #ececec; }
.g-PASS { color: #0a5c2b; background: #dcf5e3; }
.g-FAIL { color: #8b1a1a; background: #fde4e4; }
.g-INDETERMINATE { color: #4a3b00; background: #fff1c7; }
.g-REVIEW { color: #3b3b00; background: #f3f0c0; }
section.case { border-top: 3px solid var(--line); padding: 1rem 0 1.5rem; }
.answer { font-size: 1.05rem; line-height: 1.9; white-space: pre-wrap; word-break: break-word;
  border: 1px solid var(--line); border-radius: .4rem; padding: .8rem 1rem; margin: 0; }
.answer .hl { border-bottom: 3px solid currentColor; padding: .1rem 0; text-decoration: none; }
.answer a.hl:hover { filter: brightness(.95); }
.answer a.claim-ref { font-size: .7rem; margin-left: .2rem; text-decoration: none; }
ol.claims { list-style: none; padding: 0; margin: 0; }
li.claim-detail { border: 1px solid var(--line); border-left: 6px solid var(--line);
  border-radius: .3rem; padding: .6rem .9rem; margin: .6rem 0; scroll-margin-top: 1rem; }
li.claim-detail:target { outline: 3px solid var(--focus); outline-offset: 2px; }
li.claim-detail.v-supported, li.claim-detail.v-uncertain, li.claim-detail.v-refuted,
li.claim-detail.v-refusal, li.claim-detail.v-not-assessed { background: #fff; color: var(--fg); }
li.claim-detail.v-supported { border-left-color: #1e7a3c; }
li.claim-detail.v-uncertain { border-left-color: #b07800; }
li.claim-detail.v-refuted { border-left-color: #5e0e0e; }
.claim-head { margin: 0 0 .4rem; }
dl.parts { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem;
  margin: .4rem 0; }
dl.parts dt { color: var(--muted); } dl.parts dd { margin: 0; }
figure.evidence { margin: .5rem 0; }
figure.evidence figcaption { font-size: .9rem; color: var(--muted); }
blockquote.span { margin: .2rem 0; padding: .4rem .8rem; border-left: 4px solid #888;
  background: #fafafa; white-space: pre-wrap; word-break: break-word; }
blockquote.span mark { background: #ffe27a; color: #1b1b1b; padding: 0 .1rem; }
table { border-collapse: collapse; margin: .4rem 0; font-size: .92rem; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left;
  vertical-align: top; }
th { background: #f2f2f2; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.bar { display: inline-block; height: .8rem; background: #5a6f8f; vertical-align: middle; }
td.barcell { width: 7rem; min-width: 7rem; }
.summary-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  gap: 1rem; }
svg text { font: 11px system-ui, sans-serif; fill: #333; }
form#filters fieldset { display: inline-block; border: 1px solid var(--line);
  margin: 0 .5rem .5rem 0; }
form#filters label { margin-right: .6rem; white-space: nowrap; }
[hidden] { display: none !important; }
@media print { form#filters { display: none; } details { display: block; } }
"""

SCRIPT = """
(function () {
  var form = document.getElementById("filters");
  if (!form) { return; }
  form.hidden = false;
  function checked(name) {
    var boxes = form.querySelectorAll("input[name='" + name + "']:checked");
    return Array.prototype.map.call(boxes, function (i) { return i.value; });
  }
  function apply() {
    var gates = checked("gate"), verdicts = checked("verdict"), shown = 0, total = 0;
    document.querySelectorAll("li.claim-detail, tr.worst").forEach(function (el) {
      el.hidden = verdicts.indexOf(el.dataset.verdict) < 0;
    });
    document.querySelectorAll("section.case").forEach(function (s) {
      var claims = s.querySelectorAll("li.claim-detail");
      var anyClaim = claims.length === 0 || s.querySelector("li.claim-detail:not([hidden])");
      s.hidden = gates.indexOf(s.dataset.gate) < 0 || !anyClaim;
      total += 1; if (!s.hidden) { shown += 1; }
    });
    var status = document.getElementById("filter-status");
    if (status) { status.textContent = "Showing " + shown + " of " + total + " cases."; }
  }
  form.addEventListener("change", apply);
  apply();
})();
"""
