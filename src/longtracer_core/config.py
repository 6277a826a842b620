"""``VerifyConfig``: the matcher's and the policy's settings, validated on construction.

Rules (each broken rule raises ``ConfigError`` naming it):

* ``beta`` lies in the open interval (0, 1); 0 and 1 are the scorer's fast
  paths, not configuration values.
* ``bands.supported`` within ±0.10 of 0.75, ``bands.partial`` within ±0.10 of
  0.50, and ``supported >= partial + 0.10`` after overrides (no inversion or
  collapse of the bands).
* ``numeric_cap`` lies in [0, ``bands.partial``): a pair failing the numeric
  gate always lands unsupported.
"""

from __future__ import annotations

from typing import Any, Literal, Self, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .errors import ConfigError, InvalidInputError

__all__ = [
    "DEFAULT_BANDS",
    "MODEL_BANDS",
    "POLICIES",
    "Bands",
    "JudgeConfig",
    "Limits",
    "Policy",
    "STRICTNESS",
    "Strictness",
    "VerifyConfig",
    "resolve_policy",
]

Policy = Literal["flag", "redact"]
"""What happens to unsupported sentences: ``flag`` annotates them, ``redact`` removes them."""
POLICIES: tuple[Policy, ...] = get_args(Policy)

Strictness = Literal["precise", "balanced", "strict"]
"""What ``redact`` removes: ``precise`` (default) only REFUTED claims' sentences;
``balanced`` also UNCERTAIN ones likely wrong (``p_wrong`` at or above the
calibration's balanced operating point); ``strict`` every claim not SUPPORTED
(the seed's rule). Uncertain sentences that stay are marked. docs/reference/matcher.md."""
STRICTNESS: tuple[Strictness, ...] = get_args(Strictness)

# The specification's bands; overrides stay within ±0.10 of them whatever the score model.
DEFAULT_BANDS = {"supported": 0.75, "partial": 0.50}
# Each score model's default bands, chosen on the realistic corpus's dev split
# (docs/reference/matcher.md): v2's supported edge is the lowest the bounds allow.
MODEL_BANDS = {"seed-v1": DEFAULT_BANDS, "v2": {"supported": 0.65, "partial": 0.50}}
BAND_OVERRIDE_BOUND = 0.10
MIN_BAND_GAP = 0.10
_EPS = 1e-9


def _config_error(err: ValidationError, model: str) -> ConfigError:
    problems: list[str] = []
    for item in err.errors(include_url=False):
        loc = ".".join(str(p) for p in item["loc"])
        nested = item.get("ctx", {}).get("error")
        if isinstance(nested, ConfigError):
            # a nested settings model already named its problems
            problems.extend(f"{loc}: {p}" if loc else p for p in nested.problems)
            continue
        msg = str(item["msg"]).removeprefix("Value error, ")
        problems.append(f"{loc}: {msg}" if loc else msg)
    error = ConfigError(f"invalid {model}: " + "; ".join(problems))
    error.problems = problems
    return error


class _ConfigModel(BaseModel):
    """A frozen settings model whose validation failures are ``ConfigError``s."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def __init__(self, /, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as err:
            raise _config_error(err, type(self).__name__) from None

    @classmethod
    def model_validate(cls, obj: Any, **kwargs: Any) -> Self:
        try:
            return super().model_validate(obj, **kwargs)
        except ValidationError as err:
            raise _config_error(err, cls.__name__) from None

    @classmethod
    def model_validate_json(cls, json_data: Any, **kwargs: Any) -> Self:
        try:
            return super().model_validate_json(json_data, **kwargs)
        except ValidationError as err:
            raise _config_error(err, cls.__name__) from None


class Bands(_ConfigModel):
    """Verdict bands: supported ≥ ``supported``; partial ∈ [``partial``, ``supported``)."""

    supported: float = DEFAULT_BANDS["supported"]
    partial: float = DEFAULT_BANDS["partial"]

    @model_validator(mode="after")
    def _check_bounds(self) -> Bands:
        for name in ("supported", "partial"):
            value = getattr(self, name)
            default = DEFAULT_BANDS[name]
            if abs(value - default) > BAND_OVERRIDE_BOUND + _EPS:
                raise ValueError(
                    f"band {name}={value} is outside the allowed override bounds "
                    f"[{default - BAND_OVERRIDE_BOUND:.2f}, {default + BAND_OVERRIDE_BOUND:.2f}] "
                    f"(default {default} ± {BAND_OVERRIDE_BOUND})"
                )
        if self.supported < self.partial + MIN_BAND_GAP - _EPS:
            raise ValueError(
                f"bands must keep supported >= partial + {MIN_BAND_GAP:.2f} "
                f"(got supported={self.supported}, partial={self.partial})"
            )
        return self


class Limits(_ConfigModel):
    """Input size limits; inputs past them get ``INPUT_TOO_LARGE``, not a slow run."""

    max_response_chars: int = Field(default=100_000, gt=0)
    max_sources: int = Field(default=1_000, gt=0)
    max_source_chars: int = Field(default=2_000_000, gt=0, description="All sources together.")
    max_claims: int = Field(default=512, gt=0)


class JudgeConfig(_ConfigModel):
    """When and how a judge (``CitationVerifier(judge=...)``) re-decides claims.

    See docs/guides/judge.md.

    ``escalate`` picks the claims sent to the judge: ``uncertain`` (default: the
    claims the offline engine left UNCERTAIN, and REFUTED ones too under
    ``role="decide"``, for a second look), ``partial`` (the matcher's partial
    band), ``gated`` (partial, or a gate such as the numeric gate held the claim
    down), ``all`` (every assessed claim with evidence) or ``none``.
    ``role="confirm"`` lets the judge only lift claims to SUPPORTED;
    ``role="decide"`` also lets it mark them CONTRADICTED, CONFLICTING_SOURCES
    or (NOT_ENOUGH_INFO) INSUFFICIENT_EVIDENCE. Either way a SUPPORTED or
    CONTRADICTED verdict counts only with a quote verified in the cited span, and a
    SUPPORTED one only where that span anchors the claim (its figures and a word of it
    in the span, its names in the span's source).
    ``requests="per_answer"`` asks the judge about every escalated claim of a
    case in one call (an LLM judge packs them into as few model requests as
    its token budget allows); ``"per_claim"`` makes one call per claim,
    ``batch_size`` of them at once.
    """

    escalate: Literal["none", "uncertain", "partial", "gated", "all"] = "uncertain"
    role: Literal["confirm", "decide"] = "confirm"
    requests: Literal["per_answer", "per_claim"] = Field(
        default="per_answer",
        description="per_answer: one judge call for all escalated claims of a case; "
        "per_claim: one call per claim, batch_size at once.",
    )
    top_k: int = Field(default=3, ge=1, le=16, description="Candidate spans shown per claim.")
    max_calls: int = Field(
        default=16, ge=0, description="Claims sent to the judge per case at most."
    )
    max_seconds: float = Field(
        default=60.0, gt=0, description="Judge time per case; checked before each call."
    )
    batch_size: int = Field(
        default=4, ge=1, le=256, description="per_claim: calls in flight at once."
    )
    on_failure: Literal["fallback", "indeterminate"] = Field(
        default="fallback",
        description="A failed judge: keep the matcher's verdict (fallback) or make the case "
        "ERROR / NOT_EVALUATED / JUDGE_FAILED (indeterminate).",
    )
    cache_size: int = Field(default=1024, ge=0, description="Verdicts kept; 0 disables.")
    quote_match: Literal["exact", "window"] = Field(
        default="exact",
        description="exact: the quote's normalised tokens appear contiguously in the span; "
        "window: or a span window as long as the quote holds quote_min_overlap of them.",
    )
    quote_min_overlap: float = Field(default=0.8, gt=0.5, le=1.0)
    quote_min_tokens: int = Field(default=3, ge=1, le=20)


class VerifyConfig(_ConfigModel):
    """Settings of the matcher and the policy (defaults are the specification's)."""

    score_model: Literal["seed-v1", "v2"] = Field(
        default="v2",
        description="How claims are scored: 'seed-v1' is the specification's matcher, "
        "unchanged; 'v2' (default) reads inflections and figures as people write them "
        "(docs/reference/matcher.md).",
    )
    beta: float = Field(default=0.65, description="Weight of cosine in the geometric fusion.")
    bands: Bands = Field(
        default_factory=Bands,
        description="Verdict bands; when not given, the score model's defaults (MODEL_BANDS).",
    )
    candidates_m: int = Field(default=8, ge=1, description="Top-m spans by cosine per claim.")
    numeric_cap: float = Field(default=0.2, description="Cap of a pair failing the numeric gate.")
    policy: Policy = "flag"
    flag_partial: bool = Field(
        default=True,
        description="flag mode marks partial claims too, so flag and redact act on the same "
        "sentences (decided by measurement: docs/design/decisions.md); False marks unsupported "
        "only.",
    )
    strictness: Strictness = Field(
        default="precise",
        description="What redact removes: 'precise' only refuted claims' sentences (a decisive "
        "finding), 'balanced' also uncertain ones likely wrong, 'strict' every claim not "
        "supported. Uncertain sentences that stay are marked with uncertain_template.",
    )
    flag_template: str = Field(
        default="{sentence} [refuted: {finding}]",
        description="How a refuted claim's sentence is marked (flag mode, or any mode the "
        "sentence stays in); must contain '{sentence}', may use '{finding}'.",
    )
    uncertain_template: str = Field(
        default="{sentence} [unverified]",
        description="How an uncertain claim's sentence is marked; must contain '{sentence}', "
        "may use '{finding}'.",
    )
    redaction_notice: str = Field(default="[removed: not supported by the sources]")
    on_unverified: Literal["withhold", "annotate"] | None = Field(
        default=None,
        description="What the guard does when nothing could be verified (error, timeout, ...): "
        "'withhold' replaces the answer with unverified_notice, 'annotate' appends "
        "unverified_marker. Default: withhold for redact, annotate for flag.",
    )
    unverified_notice: str = Field(default="[answer withheld: it could not be verified]")
    unverified_marker: str = Field(default="[unverified: grounding check unavailable]")
    span_granularity: Literal["sentence", "window", "passage"] = Field(
        default="window",
        description="How sources are split into spans: sentences, sentences plus runs of "
        "up to span_window consecutive sentences (default, chosen by measurement; see "
        "docs/design/decisions.md), or whole passages.",
    )
    span_window: int = Field(default=3, ge=2, le=8, description="Longest window, in sentences.")
    conflict_similarity: float = Field(default=0.25, ge=0.0, le=1.0)
    nli_threshold: float = Field(default=0.5, gt=0.0, lt=1.0)
    limits: Limits = Field(default_factory=Limits)
    judge: JudgeConfig = Field(default_factory=JudgeConfig)

    @model_validator(mode="before")
    @classmethod
    def _model_bands(cls, data: Any) -> Any:
        """Bands not given explicitly are the score model's defaults."""
        if isinstance(data, dict) and data.get("bands") is None:
            model = data.get("score_model", "v2")
            if model in MODEL_BANDS:
                data = {**data, "bands": dict(MODEL_BANDS[model])}
        return data

    @model_validator(mode="after")
    def _check_rules(self) -> VerifyConfig:
        if not (0.0 < self.beta < 1.0):
            raise ValueError(
                f"beta={self.beta} must lie in the open interval (0, 1); "
                "0 and 1 are scorer fast paths, not configuration values"
            )
        if not (0.0 <= self.numeric_cap < self.bands.partial):
            raise ValueError(
                f"numeric_cap={self.numeric_cap} must lie in [0, bands.partial="
                f"{self.bands.partial}) so a wrong figure always lands unsupported"
            )
        for name in ("flag_template", "uncertain_template"):
            _check_template(name, getattr(self, name))
        return self


def _check_template(name: str, template: str) -> None:
    """A marking template holds '{sentence}' and no placeholder but it and '{finding}'."""
    if "{sentence}" not in template:
        raise ValueError(f"{name} must contain '{{sentence}}'")
    try:
        template.format(sentence="", finding="")
    except (KeyError, IndexError, ValueError) as err:
        raise ValueError(
            f"{name} may only use the '{{sentence}}' and '{{finding}}' placeholders ({err!r})"
        ) from None


def resolve_policy(
    policy: object, fallback: Policy | None = None, *, name: str = "policy"
) -> Policy:
    """The policy to apply: ``policy``, or ``fallback`` (a config's policy) when it is None.

    The one place a policy is checked: anything but ``flag`` or ``redact`` (None
    too, when there is no fallback) raises ``InvalidInputError`` naming the
    argument (``name``) it came from.
    """
    chosen = policy if policy is not None else fallback
    for known in POLICIES:
        if chosen == known:
            return known
    raise InvalidInputError(f"{name} must be 'flag' or 'redact', got {chosen!r}")
