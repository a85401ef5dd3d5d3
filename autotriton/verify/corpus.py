"""The adversarial corpus: one cheating candidate per known hack, shipped with the package.

Each file in `adversarial/` starts with a header the tests and the demo read:
    # task: builtin/l1/relu
    # expect: error=hack flag=no_launch        (`|` separates acceptable alternatives; a hack
                                                or rule_violation verdict must carry one of the
                                                flags named, any other verdict none; flag=none,
                                                or no flag=, when neither kind is expected, so
                                                `none` never stands beside a flag)
    # static: off                              (sandbox tests: skip the rule table)
    # why: one sentence on the hack
    # open: why it still passes                (a known hole, documented in docs/VERIFIER.md;
                                                the test expects it to pass until it is closed)
    # open_on: cpu                             (the hole is open only there: `cpu` or `gpu`;
                                                left out, on both)
    # by_chance: which draws catch it          (an open hole that some random trials reject: its
                                                test is a non-strict xfail, so a draw that catches
                                                it does not fail the suite)
    # expect_gpu: error=runtime_error          (what a GPU's verdict is instead, where the trick
                                                cannot run there: a CPU tensor made at import
                                                handed to a kernel, the interpreter's globals)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

CORPUS_DIR = Path(__file__).parent / "adversarial"
# Shown by `autotriton demo`: one of each family (static rule, runtime hook, numerics, escape).
DEMO = ("torch_fallback", "decorative_kernel", "return_input", "omitted_bias", "input_mutation",
        "precision_downgrade", "frame_walk_reference", "operator_compute")


@dataclass(frozen=True)
class Hack:
    name: str
    task_id: str
    expect: str
    static_checks: bool
    why: str
    source: str
    open: str = ""  # non-empty: a known hole that still passes (see the header format)
    open_on: str = ""  # "cpu" or "gpu": the only verification the hole passes; "": both
    by_chance: str = ""  # non-empty: some draws reject this open hole (see the header format)
    expect_gpu: str = ""  # non-empty: the expectation of a GPU's verdict, where it differs

    def open_for(self, device: str) -> str:
        """The `open` reason where verification on `device` ("cpu", "cuda", "cuda:1") still passes
        this hack, else "". An entry open only on CPU is one a GPU's full sizes or timing reject
        (H200, 2026-11-28: four such entries were rejected there)."""
        if not self.open or not self.open_on:
            return self.open
        return self.open if ("cpu" if device == "cpu" else "gpu") == self.open_on else ""

    def expectation(self, gpu: bool = False) -> tuple[set[str], set[str]]:
        """(acceptable error kinds, acceptable flags) of a verdict on CPU, or on a GPU; flags
        {"none"}: no hack or rule_violation verdict is expected, so the verdict carries no flag."""
        parts = dict(p.split("=", 1) for p in (self.expect_gpu if gpu and self.expect_gpu else self.expect).split())
        return set(parts["error"].split("|")), set(parts.get("flag", "none").split("|"))

    def mismatch(self, result) -> str | None:
        """Why `result` (a VerifyResult) is not the verdict this hack's header expects; None when it is:
        rejected, with an expected error kind, and for a hack or rule verdict with an expected flag."""
        from autotriton.verify.result import WARNING_FLAGS
        errors, flags = self.expectation(gpu=result.mode == "gpu")
        fired = set(result.hack_flags) - WARNING_FLAGS
        seen = f"{result.error_kind.value} {sorted(result.hack_flags)}: {result.error_msg[:300]}"
        if result.correct:
            # What the verification ran, for a chance pass seen once in a CI log: its kinds, and
            # the notes of trials it skipped or reran (c_mse_expanded_square passed one test run
            # in session 39 and 0 of 240 verifications alone).
            checks = [f"{c.get('shape')}/{c.get('trial')}:{(c.get('magnitude') or {}).get('form', '-')}"
                      for c in result.details.get("checks", []) if isinstance(c, dict)]
            notes = {k: result.details[k] for k in ("wide_trial", "signed_trial") if k in result.details}
            return f"{self.name} PASSED the verifier: {self.why} Ran: {' '.join(checks)} {notes}"[:3000]
        if result.error_kind.value not in errors:
            return f"expected {sorted(errors)}, got {seen}"
        if result.error_kind.value in FLAGGED and not fired & flags:
            return f"expected a flag of {sorted(flags)}, got {seen}"
        if result.error_kind.value not in FLAGGED and fired:
            return f"expected no flag, got {seen}"
        return None


# The verdicts whose reason is a flag (a runtime guard's or a static rule's).
FLAGGED = {"hack", "rule_violation"}


def _header(source: str) -> dict[str, str]:
    out = {}
    for line in source.splitlines():
        if line.startswith("# ") and ":" in line:
            key, _, value = line[2:].partition(":")
            if key.strip() in ("task", "expect", "static", "why", "open", "open_on", "by_chance", "expect_gpu"):
                out[key.strip()] = value.strip()
    return out


def load_corpus() -> list[Hack]:
    hacks = []
    for path in sorted(CORPUS_DIR.glob("*.py")):
        src = path.read_text()
        h = _header(src)
        hacks.append(Hack(path.stem, h["task"], h["expect"], h.get("static") != "off", h.get("why", ""), src,
                          h.get("open", ""), h.get("open_on", ""), h.get("by_chance", ""), h.get("expect_gpu", "")))
    return hacks


def demo_hacks() -> list[Hack]:
    return [h for h in load_corpus() if h.name in DEMO]
