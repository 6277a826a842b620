"""The HTML report in a real browser: headless Chromium (Debian's) driven through chromedriver.

Run with ``make test-browser`` (installs ``chromium`` and ``chromium-driver`` when
missing). Screenshots are kept under ``out/browser/`` (the path is printed).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.model]

ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = Path(os.environ.get("LONGTRACER_ARTIFACTS", ROOT / "out" / "browser"))
SOURCE = (
    "The Golden Gate Bridge opened to traffic in 1937. Its main span is 1,280 metres long.\n"
    "The bridge is painted International Orange."
)
ANSWER = (
    "The Golden Gate Bridge opened in 1951. Its main span is 1,280 metres long. "
    "It is painted International Orange. It was designed by Gustave Eiffel."
)
HOSTILE = (
    "The Golden Gate Bridge opened in 1937. <script>document.title='pwned'</script> "
    "It was designed by <img src=x onerror=\"document.body.dataset.pwned='1'\">Gustave Eiffel."
)


def _binary(*names: str) -> str:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(f"none of {names} on PATH: run `make test-browser`, which installs them")


def _driver(tmp_path: Path, javascript: bool = True):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = _binary("chromium", "chromium-browser")
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1200,1600",
        f"--user-data-dir={tmp_path / 'chromium-profile'}",
    ):
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2}
        )
    service = Service(executable_path=_binary("chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def _guard(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "longtracer_core.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture
def case_report(tmp_path):
    """check --format json on a mixed answer, then report -o r.html: (html path, record)."""
    (tmp_path / "bridge.txt").write_text(SOURCE)
    checked = _guard(
        "check", "--sources", str(tmp_path / "bridge.txt"), "--format", "json",
        "-o", str(tmp_path / "case.json"), stdin=ANSWER,
    )  # fmt: skip
    assert checked.returncode == 1, checked.stderr
    made = _guard("report", str(tmp_path / "case.json"), "-o", str(tmp_path / "r.html"))
    assert made.returncode == 0, made.stderr
    return tmp_path / "r.html", json.loads((tmp_path / "case.json").read_text())


def _screenshot(driver, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    driver.save_screenshot(str(path))
    print(f"screenshot: {path}")
    return path


def test_report_renders_claims_and_clicking_a_claim_shows_its_span(tmp_path, case_report):
    """Claims and badges are in the DOM; a click on a claim brings up its exact source slice."""
    from selenium.webdriver.common.by import By

    html, record = case_report
    claims = record["case"]["claims"]
    driver = _driver(tmp_path)
    try:
        driver.get(html.as_uri())
        assert driver.title.startswith("Grounding report: case")
        highlights = driver.find_elements(By.CSS_SELECTOR, ".answer a.hl")
        assert len(highlights) == len(claims) == 4
        badges = [b.text.lower() for b in driver.find_elements(By.CSS_SELECTOR, ".answer .badge")]
        assert badges == [c["outcome"].lower() for c in claims]  # the outcome, in words
        assert badges == ["refuted", "supported", "supported", "refuted"]
        wrong_year = next(h for h in highlights if "1951" in h.text)
        wrong_year.click()
        target = driver.find_element(By.CSS_SELECTOR, "li.claim-detail:target")
        assert driver.execute_script("return location.hash") == f"#{target.get_attribute('id')}"
        assert target.is_displayed() and "The Golden Gate Bridge opened in 1951." in target.text
        in_view = driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "return r.top >= 0 && r.top < window.innerHeight;",
            target,
        )
        assert in_view
        mark = target.find_element(By.CSS_SELECTOR, "blockquote.span mark")
        assert mark.text == "The Golden Gate Bridge opened to traffic in 1937."
        assert "NUMERIC_MISMATCH" in target.text and "numeric gate" in target.text
        shot = _screenshot(driver, "report-claim-clicked.png")
        assert shot.stat().st_size > 10_000
        resources = driver.execute_script("return performance.getEntriesByType('resource').length")
        assert resources == 0  # nothing fetched: the page is self-contained
    finally:
        driver.quit()


def test_script_and_onerror_in_an_answer_run_nothing(tmp_path):
    """An answer holding <script> and <img onerror> is shown as text; neither runs."""
    (tmp_path / "bridge.txt").write_text(SOURCE)
    checked = _guard(
        "check", "--sources", str(tmp_path / "bridge.txt"), "--format", "html",
        "-o", str(tmp_path / "x.html"), stdin=HOSTILE,
    )  # fmt: skip
    assert checked.returncode == 1, checked.stderr
    from selenium.webdriver.common.by import By

    driver = _driver(tmp_path)
    try:
        driver.get((tmp_path / "x.html").as_uri())
        assert "pwned" not in driver.title
        assert driver.execute_script("return document.body.dataset.pwned") is None
        assert driver.find_elements(By.TAG_NAME, "img") == []
        answer = driver.find_element(By.CSS_SELECTOR, ".answer").text
        assert "<script>document.title='pwned'</script>" in answer
        assert "onerror=" in answer
        _screenshot(driver, "report-hostile-answer.png")
    finally:
        driver.quit()


@pytest.fixture
def many_cases(tmp_path):
    """A JSONL log of three checked answers (PASS, FAIL, FAIL) rendered as one report."""
    (tmp_path / "bridge.txt").write_text(SOURCE)
    log = tmp_path / "grounding.jsonl"
    answers = [
        "The Golden Gate Bridge opened in 1937.",
        ANSWER,
        "It was designed by Gustave Eiffel.",
    ]
    with log.open("w") as fh:
        for answer in answers:
            out = _guard("check", "--sources", str(tmp_path / "bridge.txt"), "--format", "json",
                         stdin=answer)  # fmt: skip
            fh.write(json.dumps(json.loads(out.stdout)) + "\n")
    made = _guard("report", str(log), "-o", str(tmp_path / "audit.html"))
    assert made.returncode == 0, made.stderr
    return tmp_path / "audit.html"


def test_summary_filters_by_gate_and_verdict(tmp_path, many_cases):
    """With JavaScript, unticking a gate or a verdict hides those cases and claims."""
    from selenium.webdriver.common.by import By

    driver = _driver(tmp_path)
    try:
        driver.get(many_cases.as_uri())
        assert driver.find_element(By.ID, "summary").is_displayed()
        assert driver.find_element(By.CSS_SELECTOR, "#summary svg").is_displayed()
        form = driver.find_element(By.ID, "filters")
        assert form.is_displayed()
        status = driver.find_element(By.ID, "filter-status")
        assert status.text == "Showing 3 of 3 cases."

        def visible(selector):
            return [e for e in driver.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed()]

        form.find_element(By.CSS_SELECTOR, "input[name='gate'][value='PASS']").click()
        assert status.text == "Showing 2 of 3 cases."
        assert all(s.get_attribute("data-gate") == "FAIL" for s in visible("section.case"))
        form.find_element(By.CSS_SELECTOR, "input[name='verdict'][value='supported']").click()
        shown = visible("li.claim-detail")
        assert shown and all(li.get_attribute("data-verdict") != "supported" for li in shown)
        _screenshot(driver, "report-summary-filtered.png")
    finally:
        driver.quit()


def test_without_javascript_everything_is_readable(tmp_path, many_cases):
    """JavaScript off: no filter form, every case and claim visible, links still jump."""
    from selenium.webdriver.common.by import By

    driver = _driver(tmp_path, javascript=False)
    try:
        driver.get(many_cases.as_uri())
        assert not driver.find_element(By.ID, "filters").is_displayed()
        sections = driver.find_elements(By.CSS_SELECTOR, "section.case")
        assert len(sections) == 3 and all(s.is_displayed() for s in sections)
        claims = driver.find_elements(By.CSS_SELECTOR, "li.claim-detail")
        assert claims and all(c.is_displayed() for c in claims)
        link = driver.find_element(By.CSS_SELECTOR, "tr.worst a[href*='-c']")
        href = link.get_attribute("href").split("#")[1]
        link.click()
        assert (
            driver.find_element(By.CSS_SELECTOR, "li.claim-detail:target").get_attribute("id")
            == href
        )
    finally:
        driver.quit()
