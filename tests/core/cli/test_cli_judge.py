"""longtracer-guard check/audit --judge-url --judge-model: a judge by its server, key from the env.

The judge is a stand-in OpenAI-compatible server (respx); the embedder is the
bag-of-words fake, so no model is loaded.
"""

from __future__ import annotations

import json

import httpx
import pytest
import respx

import longtracer_core.cli.audit as audit_command
import longtracer_core.cli.check as check_command
from longtracer_core.console import ExitCode
from longtracer_core.testing import HashEmbedder
from tests.core.cli.test_cli import run, write_records
from tests.core.judge.test_judge_per_answer import BASE, URL, StandIn, first_words
from tests.core.judge.test_judge_sentence_reply import best_sentence
from tests.helpers import SOURCES

KEY = "sk-judge-secret-4242"
ANSWER = (
    "The telescope launched aboard an Ariane 5 rocket. Its primary mirror is 6.5 metres "
    "across. The telescope orbits the Sun near the L2 point."
)


@pytest.fixture
def files(tmp_path, monkeypatch):
    """Sources and a config that sends every claim to the judge; the fake embedder."""
    monkeypatch.setattr(check_command, "new_embedder", lambda name: HashEmbedder())
    monkeypatch.setattr(audit_command, "new_embedder", lambda name: HashEmbedder())
    monkeypatch.setenv("LONGTRACER_JUDGE_API_KEY", KEY)
    sources = tmp_path / "sources.json"
    sources.write_text(json.dumps(SOURCES))
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"judge": {"escalate": "all", "role": "decide"}}))
    return sources, config


def check(files, *extra):
    sources, config = files
    argv = ["check", "--sources", str(sources), "--config", str(config), "--answer-text", ANSWER]
    return run([*argv, "--judge-url", BASE, "--judge-model", "stand-in", *extra])


@respx.mock
def test_check_asks_the_judge_once_and_says_what_it_did(files):
    """One request for the answer, the key as a bearer token, a line on stderr; never the key."""
    server = StandIn()
    route = respx.post(URL).mock(side_effect=server)
    code, out, err = check(files, "--format", "json")
    assert code == ExitCode.PASS, err
    assert server.requests == 1
    assert route.calls.last.request.headers["authorization"] == f"Bearer {KEY}"
    case = json.loads(out)["case"]
    assert case["metadata"]["judge"]["model"] == "stand-in"
    judged = [c["details_data"]["judge"] for c in case["claims"]]
    assert len(judged) == 3 and all(j["findings"][0]["verified"] for j in judged)
    assert err.startswith("judge stand-in: 3 claims judged, 1 requests, 300 prompt + 40 completion")
    assert KEY not in out + err


@respx.mock
def test_a_judge_that_cannot_be_used_is_one_line_and_the_matcher_stands(files):
    """Every request refused: one line naming the cause, no Python warning; the gate stands."""
    respx.post(URL).mock(return_value=httpx.Response(401, text="bad key"))
    code, out, err = check(files)
    assert code in (ExitCode.PASS, ExitCode.FAIL)
    (line,) = err.splitlines()
    assert line.startswith("judge stand-in could not be used, the matcher's verdicts stand:")
    assert "HTTP 401" in line and "Warning" not in err
    assert KEY not in out + err


@respx.mock
def test_a_quiet_check_prints_no_judge_line(files):
    """--quiet prints nothing at all, the judge's line included."""
    respx.post(URL).mock(side_effect=StandIn())
    code, out, err = check(files, "--quiet")
    assert code == ExitCode.PASS and out == err == ""


@pytest.mark.parametrize(
    ("shape", "reply", "field"),
    [("sentence", best_sentence, "sentence"), ("quote", first_words, "quote")],
)
@respx.mock
def test_judge_reply_chooses_what_the_model_writes(files, shape, reply, field):
    """--judge-reply sentence: the schema asks for a sentence id and the named sentence is the
    verified finding; --judge-reply quote: a copied quote."""
    server = StandIn(reply=reply)
    respx.post(URL).mock(side_effect=server)
    code, out, err = check(files, "--format", "json", "--judge-reply", shape)
    assert code == ExitCode.PASS, err
    (body,) = server.bodies
    entry = body["response_format"]["json_schema"]["schema"]["$defs"]["verdict"]["anyOf"][0]
    assert field in entry["properties"]
    claims = json.loads(out)["case"]["claims"]
    findings = [c["details_data"]["judge"]["findings"] for c in claims]
    assert all(f[0]["verified"] and any(f[0]["quote"] in s for s in SOURCES) for f in findings)


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--judge-url", BASE], "--judge-url and --judge-model go together"),
        (["--judge-model", "m"], "--judge-url and --judge-model go together"),
        (["--judge-url", "judge.test/v1", "--judge-model", "m"], "must start with http"),
    ],
)
def test_judge_flags_that_do_not_name_a_server_are_usage_errors(files, flags, message):
    """Half the pair, or a URL without its scheme: exit 64 with the reason."""
    sources, _ = files
    code, _, err = run(["check", "--sources", str(sources), "--answer-text", ANSWER, *flags])
    assert code == ExitCode.USAGE
    assert message in err


@respx.mock
def test_audit_in_process_judges_every_record(files, tmp_path):
    """audit --judge-url: each record's case carries the judge's summary, one request each."""
    _, config = files
    answers = [ANSWER, "The primary mirror is made of 18 beryllium segments."]
    logs = write_records(
        tmp_path / "logs.jsonl",
        [{"id": f"r{i}", "answer": a, "sources": SOURCES} for i, a in enumerate(answers)],
    )
    server = StandIn()
    respx.post(URL).mock(side_effect=server)
    argv = ["audit", str(logs), "--out", str(tmp_path / "out"), "--config", str(config), "-q"]
    code, _, err = run([*argv, "--judge-url", BASE, "--judge-model", "stand-in"])
    assert code == ExitCode.PASS, err
    rows = [json.loads(line) for line in (tmp_path / "out" / "results.jsonl").open()]
    assert [r["case"]["metadata"]["judge"]["model_requests"] for r in rows] == [1, 1]
    assert server.requests == 2
