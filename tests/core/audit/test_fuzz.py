"""Property search over hostile audit inputs: rows in = rows out, every place once, ids unique.

Records mix good ones with lone surrogates, nulls, wrong types, oversize
fields, lines that are not JSON or not UTF-8, and blank lines; Parquet
folders mix schemas. Whatever comes in, the audit writes one valid-UTF-8 row
per record and never raises. (The Ray path runs the same search in
tests/integrations/ray.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from longtracer_core.audit import INVALID_REASONS, audit_local, read_records
from tests.helpers import FABRICATED, SOURCES, SUPPORTED, SWAPPED, verifier

pytestmark = pytest.mark.fuzz

# any code point, lone surrogates included
WILD = st.text(st.characters(codec=None, exclude_categories=()), max_size=40)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), WILD)
JSONISH = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(WILD, inner, max_size=3)
)
ANSWERS = st.sampled_from([SUPPORTED, SWAPPED, FABRICATED, f"{SUPPORTED} {FABRICATED}"])
SOURCE_LISTS = st.lists(
    st.sampled_from(SOURCES) | st.builds(lambda t: {"text": t, "source_id": "s"}, WILD),
    max_size=3,
)


@st.composite
def records(draw: st.DrawFn, i: int) -> dict:
    """A record with a unique id (or none), each field good or hostile."""
    record: dict = {}
    if draw(st.booleans()):
        record["id"] = draw(st.sampled_from([f"id-{i}", i, f"id-{i}\ud800", {"i": i}]))
    record["answer"] = draw(
        ANSWERS | WILD | SCALARS | st.just("The tower opened. " * 6_000)  # over the answer limit
    )
    record["sources"] = draw(SOURCE_LISTS | JSONISH | st.just(json.dumps(SOURCES)))
    if draw(st.booleans()):
        record["question"] = draw(st.none() | WILD | SCALARS)
    for key in draw(st.lists(st.sampled_from(["answer", "sources"]), max_size=1)):
        del record[key]
    return record


@st.composite
def lines(draw: st.DrawFn, i: int) -> bytes:
    """One line of a log: a record as JSON, broken bytes, or nothing at all."""
    kind = draw(st.sampled_from(["record", "record", "record", "bytes", "torn", "blank"]))
    if kind == "blank":
        return draw(st.sampled_from([b"", b"   ", b"\t"]))
    if kind == "bytes":  # not UTF-8, or not JSON; never a newline, never blank
        raw = draw(st.binary(min_size=1, max_size=30)).replace(b"\n", b"?").replace(b"\r", b"?")
        return b"#" + raw
    text = json.dumps(draw(records(i)), ensure_ascii=draw(st.booleans()))
    data = text.encode("utf-8", "surrogatepass")  # a raw lone surrogate: bytes that are not UTF-8
    return data[: len(data) // 2] if kind == "torn" else data


def _rows(path: Path) -> list[dict]:
    text = path.read_bytes().decode("utf-8")  # strict: every output byte is UTF-8
    *lines, last = text.split("\n")  # JSON Lines: "\n" ends a line (a string may hold U+2028)
    assert last == "", "the last row is not ended"
    return [json.loads(line) for line in lines]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_jsonl_rows_in_equal_rows_out(tmp_path_factory, data):
    """Hostile JSON Lines: one row per non-blank line, each place once, ids unique."""
    n = data.draw(st.integers(0, 12))
    body = [data.draw(lines(i)) for i in range(n)]
    folder = tmp_path_factory.mktemp("fuzz")
    logs = folder / "logs.jsonl"
    logs.write_bytes(b"\n".join(body) + (b"\n" if data.draw(st.booleans()) else b""))
    summary = audit_local(logs, folder / "r.jsonl", verifier(), batch_size=4)
    rows = _rows(folder / "r.jsonl")
    expected = [i + 1 for i, line in enumerate(body) if line.strip()]
    assert [r["input_row"] for r in rows] == expected
    ids = [r["case_id"] for r in rows]
    assert len(set(ids)) == len(ids)
    assert summary.cases == len(rows)
    invalid = [r for r in rows if r["reason"] in INVALID_REASONS]
    assert summary.to_dict()["invalid_rows"] == len(invalid)
    assert all(r["quality_gate"] == "INDETERMINATE" for r in invalid)
    assert all(r["input_problem"] is None or r["reason"] == "INVALID_INPUT" for r in rows)


# a Parquet integer column holds int64 (a larger Python int cannot be written at all)
INT64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)
COLUMN_TYPES = {
    "answer": st.sampled_from(
        [st.lists(ANSWERS | st.text(max_size=20)), st.lists(INT64), st.lists(st.none())]
    ),
    "sources": st.sampled_from(
        [
            st.lists(st.lists(st.sampled_from(SOURCES), max_size=3)),
            st.lists(st.just(json.dumps(SOURCES)) | st.text(max_size=10)),
            st.lists(INT64),
            st.lists(st.lists(st.fixed_dictionaries({"text": st.sampled_from(SOURCES)}))),
        ]
    ),
}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_parquet_folders_with_mixed_schemas(tmp_path_factory, data):
    """Parquet files of different schemas, and a broken one: every row once, in order."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    folder = tmp_path_factory.mktemp("parquet")
    expected: list[str] = []
    for k in range(data.draw(st.integers(1, 3))):
        n = data.draw(st.integers(0, 5))
        columns = {}
        for name, kinds in COLUMN_TYPES.items():
            if data.draw(st.booleans()) or name == "answer":
                columns[name] = data.draw(data.draw(kinds).filter(lambda v, n=n: len(v) >= n))[:n]
        pq.write_table(
            pa.table(columns) if n else pa.table({"answer": []}), folder / f"p{k}.parquet"
        )
        expected += [f"p{k}.parquet:{row}" for row in range(1, n + 1)]
    if data.draw(st.booleans()):
        (folder / "p9.parquet").write_bytes(data.draw(st.binary(max_size=40)))
        expected.append("p9.parquet:1")
    places = [str(r.where) for r in read_records(folder)]
    assert places == expected
    summary = audit_local(folder, folder.parent / f"{folder.name}.jsonl", verifier())
    assert summary.cases == len(expected)
