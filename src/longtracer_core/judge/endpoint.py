"""``JudgeEndpoint``: an LLM judge named by its server's URL and model, built where it is used.

The command line (``--judge-url``, ``--judge-model``) and Ray actors need a
judge they can describe with plain strings: an endpoint pickles, and each
process (each Ray actor) builds its own client from it — one judge client per
actor. The API key is never part of it: ``build`` reads it from the
environment variable named by ``key_env`` in the process that builds the
client, so it is neither pickled, nor printed, nor logged.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from ..errors import InvalidInputError
from ..providers.chat import OpenAICompatibleChat
from .llm import LLMJudge
from .reply import DEFAULT_REPLY, REPLY_TOKENS_PER_CLAIM, Reply

__all__ = ["DEFAULT_KEY_ENV", "JudgeEndpoint"]

DEFAULT_KEY_ENV = "LONGTRACER_JUDGE_API_KEY"
_USERINFO = regex.compile(r"^([a-z][a-z0-9+.-]*://)[^/@\s]+@", flags=regex.IGNORECASE)


@dataclass(frozen=True)
class JudgeEndpoint:
    """An OpenAI-compatible server and model to judge with.

    ``url`` includes the version prefix (``http://127.0.0.1:8080/v1``);
    ``key_env`` names the environment variable holding the API key (unset or
    empty: no key is sent). ``timeout`` bounds each request; ``max_tokens``
    caps each reply (None: the server's default); ``reply`` is ``LLMJudge``'s.
    """

    url: str
    model: str
    key_env: str = DEFAULT_KEY_ENV
    timeout: float = 120.0
    max_tokens: int | None = None
    reply: Reply = DEFAULT_REPLY

    def __post_init__(self) -> None:
        if not self.url.startswith(("http://", "https://")):
            raise InvalidInputError("the judge URL must start with http:// or https://")
        if not self.model.strip():
            raise InvalidInputError("the judge model name is empty")
        if self.reply not in REPLY_TOKENS_PER_CLAIM:
            shapes = list(REPLY_TOKENS_PER_CLAIM)
            raise InvalidInputError(f"the judge reply must be one of {shapes}")
        if not self.timeout > 0:
            raise InvalidInputError(f"the judge timeout must be positive, got {self.timeout!r}")

    def build(self) -> LLMJudge:
        """A new judge with its own HTTP client (the key read from the environment now)."""
        chat = OpenAICompatibleChat(
            self.url,
            self.model,
            api_key_env=self.key_env,
            timeout=self.timeout,
            max_tokens=self.max_tokens,
        )
        return LLMJudge(chat, reply=self.reply)

    def __repr__(self) -> str:
        url = _USERINFO.sub(r"\1***@", self.url)
        return f"JudgeEndpoint(url={url!r}, model={self.model!r}, key_env={self.key_env!r})"
