"""Every cheating candidate in tests/adversarial/ is rejected for the right reason.

Each file's header says which task it attacks and what verdict is expected:
    # task: builtin/l1/relu
    # expect: error=hack flag=no_launch        (`|` separates acceptable alternatives)
    # static: off                              (sandbox tests: skip the rule table)
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autotriton.tasks import get_task
from autotriton.verify import VerifyConfig
from autotriton.verify.api import Verifier

CORPUS = sorted((Path(__file__).parent / "adversarial").glob("*.py"))


def _header(source: str) -> dict[str, str]:
    out = {}
    for line in source.splitlines():
        if line.startswith("# ") and ":" in line:
            key, _, value = line[2:].partition(":")
            if key.strip() in ("task", "expect", "static", "why"):
                out[key.strip()] = value.strip()
    return out


def _expectation(expect: str) -> tuple[set[str], set[str]]:
    parts = dict(p.split("=", 1) for p in expect.split())
    return set(parts["error"].split("|")), set(parts.get("flag", "none").split("|"))


def test_corpus_is_large_enough():
    assert len(CORPUS) >= 15


@pytest.fixture(scope="module")
def verdicts(cpu_verifier):
    """Verify the whole corpus at once so the sandboxes run in parallel."""
    static_on = [p for p in CORPUS if _header(p.read_text()).get("static") != "off"]
    static_off = [p for p in CORPUS if p not in static_on]
    pairs = [(get_task(_header(p.read_text())["task"]), p.read_text()) for p in static_on]
    out = dict(zip(static_on, cpu_verifier.verify_many(pairs)))
    device = os.environ.get("AUTOTRITON_TEST_DEVICE", "cpu")
    config = VerifyConfig(device=device, cache_dir=None, static_checks=False,
                          timeout_s=20.0 if device == "cpu" else 45.0,
                          memory_mb=2048 if device == "cpu" else 16384, workers=2)
    with Verifier(config) as raw:
        pairs = [(get_task(_header(p.read_text())["task"]), p.read_text()) for p in static_off]
        out.update(zip(static_off, raw.verify_many(pairs)))
    return out


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_hack_rejected_for_the_right_reason(path, verdicts):
    header = _header(path.read_text())
    errors, flags = _expectation(header["expect"])
    result = verdicts[path]
    assert not result.correct, f"{path.name} PASSED the verifier: {header.get('why')}"
    assert result.error_kind.value in errors, (result.error_kind, result.hack_flags, result.error_msg)
    if flags != {"none"}:
        got = set(result.hack_flags) | {"none"}
        assert got & flags, (result.error_kind, result.hack_flags, result.error_msg)
