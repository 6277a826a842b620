"""VerifyConfig: every rule of the configuration, each rejected with a message naming it."""

from __future__ import annotations

import pytest

from longtracer_core import Bands, ConfigError, VerifyConfig


def test_defaults_are_the_specification():
    """Seed model defaults: beta 0.65, bands 0.75/0.50, m = 8, policy flag, numeric cap 0.2."""
    cfg = VerifyConfig(score_model="seed-v1")
    assert cfg.beta == 0.65
    assert (cfg.bands.supported, cfg.bands.partial) == (0.75, 0.50)
    assert cfg.candidates_m == 8
    assert cfg.policy == "flag"
    assert cfg.numeric_cap == 0.2


def test_v2_is_the_default_with_its_own_bands():
    """The default score model is v2, with its dev-chosen bands inside the seed's bounds;
    bands given explicitly win over the model's defaults."""
    cfg = VerifyConfig()
    assert cfg.score_model == "v2"
    assert (cfg.bands.supported, cfg.bands.partial) == (0.65, 0.50)
    assert VerifyConfig(bands={"supported": 0.8}).bands.supported == 0.8
    with pytest.raises(ConfigError, match="outside the allowed override bounds"):
        VerifyConfig(bands={"supported": 0.6})


@pytest.mark.parametrize("beta", [0.0, 1.0, -0.1, 1.5])
def test_beta_outside_open_interval_is_rejected(beta):
    """beta must lie strictly inside (0, 1)."""
    with pytest.raises(ConfigError, match="open interval"):
        VerifyConfig(beta=beta)


@pytest.mark.parametrize("beta", [0.01, 0.5, 0.65, 0.99])
def test_beta_inside_interval_is_accepted(beta):
    """Any beta strictly between 0 and 1 is accepted."""
    assert VerifyConfig(beta=beta).beta == beta


@pytest.mark.parametrize(
    ("bands", "rule"),
    [
        ({"supported": 0.86}, "override bounds"),
        ({"supported": 0.64}, "override bounds"),
        ({"partial": 0.39}, "override bounds"),
        ({"partial": 0.61}, "override bounds"),
        ({"supported": 0.70, "partial": 0.62}, "override bounds"),
        ({"supported": 0.65, "partial": 0.60}, r"supported >= partial \+ 0.10"),
        ({"supported": 0.66, "partial": 0.58}, r"supported >= partial \+ 0.10"),
        ({"supported": 0.70, "partial": 0.60001}, "override bounds"),
    ],
)
def test_band_rules_are_enforced(bands, rule):
    """Bands outside ±0.1 of their defaults, or closer than 0.10, are rejected."""
    with pytest.raises(ConfigError, match=rule):
        VerifyConfig(bands=bands)


@pytest.mark.parametrize(
    "bands",
    [
        {"supported": 0.75, "partial": 0.50},
        {"supported": 0.85},
        {"supported": 0.65},
        {"partial": 0.40},
        {"partial": 0.60, "supported": 0.70},
        {"supported": 0.80, "partial": 0.45},
    ],
)
def test_in_bounds_band_overrides_are_accepted(bands):
    """Overrides inside the bounds that keep the 0.10 gap are accepted."""
    cfg = VerifyConfig(bands=bands)
    for name, value in bands.items():
        assert getattr(cfg.bands, name) == value


def test_bands_model_raises_config_error_directly():
    """Constructing Bands on its own applies the same rules."""
    with pytest.raises(ConfigError):
        Bands(supported=0.9)


def test_config_error_is_a_value_error():
    """ConfigError is caught by ordinary ValueError handlers."""
    with pytest.raises(ValueError):
        VerifyConfig(beta=1.0)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"candidates_m": 0}, "candidates_m"),
        ({"policy": "delete"}, "policy"),
        ({"numeric_cap": 0.5}, "numeric_cap"),
        ({"flag_template": "[unsupported]"}, "flag_template"),
        ({"betaa": 0.5}, "betaa"),
        ({"limits": {"max_claims": 0}}, "max_claims"),
    ],
)
def test_other_rules_name_the_field(kwargs, fragment):
    """Other invalid settings (and unknown keys) name the offending field."""
    with pytest.raises(ConfigError, match=fragment):
        VerifyConfig(**kwargs)


def test_model_validate_also_raises_config_error():
    """Loading a config from a mapping or JSON applies the same rules."""
    with pytest.raises(ConfigError, match="open interval"):
        VerifyConfig.model_validate({"beta": 0})
    with pytest.raises(ConfigError, match="override bounds"):
        VerifyConfig.model_validate_json('{"bands": {"supported": 0.9}}')
    assert VerifyConfig.model_validate({"policy": "redact"}).policy == "redact"


def test_config_is_frozen():
    """A config cannot be changed after validation (it would skip the rules)."""
    cfg = VerifyConfig()
    with pytest.raises(Exception):
        cfg.beta = 0.9  # type: ignore[misc]
