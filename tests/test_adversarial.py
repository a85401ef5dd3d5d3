"""Every cheating candidate in the corpus (autotriton/verify/adversarial/) is rejected for the right reason."""

from __future__ import annotations

import os

import pytest

from autotriton.tasks import get_task
from autotriton.verify import VerifyConfig
from autotriton.verify.api import Verifier
from autotriton.verify.corpus import load_corpus

CORPUS = load_corpus()


def test_corpus_is_large_enough():
    assert len(CORPUS) >= 15


@pytest.fixture(scope="module")
def verdicts(cpu_verifier):
    """Verify the whole corpus at once so the sandboxes run in parallel."""
    static_on = [h for h in CORPUS if h.static_checks]
    static_off = [h for h in CORPUS if not h.static_checks]
    out = dict(zip([h.name for h in static_on],
                   cpu_verifier.verify_many([(get_task(h.task_id), h.source) for h in static_on])))
    device = os.environ.get("AUTOTRITON_TEST_DEVICE", "cpu")
    config = VerifyConfig(device=device, cache_dir=None, static_checks=False,
                          timeout_s=20.0 if device == "cpu" else 45.0,
                          memory_mb=2048 if device == "cpu" else 3072, workers=2)
    with Verifier(config) as raw:
        out.update(zip([h.name for h in static_off],
                       raw.verify_many([(get_task(h.task_id), h.source) for h in static_off])))
    return out


@pytest.mark.parametrize("hack", [pytest.param(h, marks=pytest.mark.xfail(strict=True, reason=h.open))
                                  if h.open else h for h in CORPUS], ids=[h.name for h in CORPUS])
def test_hack_rejected_for_the_right_reason(hack, verdicts):
    """Known open holes (`# open:` in the header) are expected to pass; the strict xfail
    turns into a failure the day they are rejected, so the marker cannot outlive the fix."""
    errors, flags = hack.expectation()
    result = verdicts[hack.name]
    assert not result.correct, f"{hack.name} PASSED the verifier: {hack.why}"
    assert result.error_kind.value in errors, (result.error_kind, result.hack_flags, result.error_msg)
    if flags != {"none"}:
        got = set(result.hack_flags) | {"none"}
        assert got & flags, (result.error_kind, result.hack_flags, result.error_msg)
