"""JudgeEndpoint: a judge named by URL and model, built in the process that uses it."""

from __future__ import annotations

import pickle

import httpx
import pytest
import respx

from longtracer_core import InvalidInputError, JudgeEndpoint, LLMJudge


def test_an_endpoint_pickles_and_never_holds_or_shows_the_key(monkeypatch):
    """It pickles (for Ray actors); its repr hides URL credentials; the key stays in the env."""
    monkeypatch.setenv("LONGTRACER_JUDGE_API_KEY", "sk-secret-value")
    endpoint = JudgeEndpoint("http://user:pw@judge.test/v1", "qwen")
    text = repr(endpoint) + str(pickle.dumps(endpoint))
    assert "sk-secret-value" not in text and "pw@" not in repr(endpoint)
    assert pickle.loads(pickle.dumps(endpoint)) == endpoint


@respx.mock
def test_build_reads_the_key_from_the_named_variable(monkeypatch):
    """The key is read when the judge is built and sent as a bearer token."""
    monkeypatch.setenv("MY_JUDGE_KEY", "sk-from-env")
    route = respx.post("http://judge.test/v1/chat/completions").mock(
        return_value=httpx.Response(200, json={"choices": [{"message": {"content": "{}"}}]})
    )
    judge = JudgeEndpoint("http://judge.test/v1", "qwen", key_env="MY_JUDGE_KEY").build()
    assert isinstance(judge, LLMJudge) and judge.model_id == "qwen"
    judge.backend.complete_json([{"role": "user", "content": "x"}], {"type": "object"})
    assert route.calls.last.request.headers["authorization"] == "Bearer sk-from-env"


@pytest.mark.parametrize(
    ("url", "model"), [("judge.test/v1", "m"), ("ftp://judge.test", "m"), ("http://x/v1", " ")]
)
def test_a_bad_endpoint_is_refused(url, model):
    """A URL without http(s) or an empty model name is an input error."""
    with pytest.raises(InvalidInputError):
        JudgeEndpoint(url, model)
