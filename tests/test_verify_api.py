"""verify()/verify_many() stages, caching, sandbox behaviour, the TRL rewards and the import graph."""

from __future__ import annotations

import sys
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autotriton.tasks import get_task
from autotriton.verify import ErrorKind, Verifier, VerifyConfig
from autotriton.verify.rewards import RewardScorer, completion_text

RELU = get_task("builtin/l1/relu")
CHEAT = RELU.solution_source.replace("tl.maximum(x, 0.0)", "x")  # kernel launches, does nothing useful


def test_no_code_and_syntax_error(cpu_verifier):
    r = cpu_verifier.verify(RELU, "Sorry, I cannot write that.")
    assert r.error_kind == ErrorKind.NO_CODE and not r.parsed
    r = cpu_verifier.verify(RELU, "```python\nclass ModelNew(:\n```")
    assert r.error_kind == ErrorKind.SYNTAX_ERROR and not r.parsed


def test_syntax_error_in_a_bare_module_names_its_line(cpu_verifier):
    """A bare .py candidate (no fences) that does not parse is a syntax error, not "no code"."""
    broken = RELU.solution_source.replace("    def forward(self, x", "    def forward(self, x,,", 1)
    line = broken.splitlines().index(next(l for l in broken.splitlines() if ",," in l)) + 1
    r = cpu_verifier.verify(RELU, broken)
    assert r.error_kind == ErrorKind.SYNTAX_ERROR and not r.parsed, (r.error_kind, r.error_msg)
    assert r.error_msg.startswith(f"line {line}:"), r.error_msg
    r = cpu_verifier.verify(RELU, "I would write a class ModelNew with a Triton kernel, but not today.")
    assert r.error_kind == ErrorKind.NO_CODE  # prose that names ModelNew is still no code


def test_a_nul_byte_is_a_syntax_error_without_a_line(cpu_verifier):
    """Python refuses a NUL byte before reading lines (lineno None): the verdict said "line None"
    (outside pass on verifier 68), which reads as the judge's own bug."""
    r = cpu_verifier.verify(RELU, RELU.solution_source.replace("import torch\n", "import torch  # \x00\n", 1))
    assert r.error_kind == ErrorKind.SYNTAX_ERROR and "None" not in r.error_msg and "null bytes" in r.error_msg, r.error_msg


def test_reference_passes_from_raw_model_output(cpu_verifier):
    text = f"<think>relu is max(x, 0)</think>\nPlan: one program per block.\n```python\n{RELU.solution_source}```\n"
    r = cpu_verifier.verify(RELU, text)
    assert r.correct and r.launched and r.error_kind == ErrorKind.NONE
    # one entry per forward; the later calls of a repeated-call trial share its seed
    seeds = [c["seed"] for c in r.details["checks"] if "seed" in c and c.get("call", 1) == 1]
    assert len(seeds) >= 3 * len(RELU.shapes_for("interp")) and len(set(seeds)) == len(seeds)
    assert sum(c.get("call") == 2 for c in r.details["checks"]) == 1  # one repeated-call trial a verification
    assert all("params" in c and "mixed_magnitudes" in c for c in r.details["checks"])
    sandbox = r.details["sandbox"]
    assert sandbox["applied"] and isinstance(sandbox["missing"], list)


def test_wrong_output_reports_mismatch_statistics(cpu_verifier):
    r = cpu_verifier.verify(RELU, CHEAT)
    assert r.error_kind == ErrorKind.WRONG_OUTPUT and not r.correct
    # The numbers of the first failing trial: a mismatch's size, or (a masked trial's -inf carried
    # through by the copy) the infinity it wrote where the reference is finite.
    mismatch = r.details["mismatch"]
    assert ("max abs err" in r.error_msg and mismatch["max_abs_err"] > 0) or \
        ("got -inf" in r.error_msg and mismatch["mismatch_frac"] > 0), r.error_msg


def test_cache_keys_on_shapes_and_tolerance(tmp_path):
    """A verdict at one size or tolerance is never served for another."""
    from dataclasses import replace
    from autotriton.tasks.contract import ShapeSetting
    task = get_task("builtin/l1/relu")
    with Verifier(VerifyConfig(device="cpu", cache_dir=str(tmp_path), workers=1)) as verifier:
        key = lambda t, text: verifier._key(t, text, verifier.config)  # noqa: E731
        base = key(task, task.solution_source)
        bigger = replace(task, shapes=task.shapes + (ShapeSetting("interp_big", "interp", {"BATCH": 64}),))
        looser = replace(task, tolerance={**task.tolerance, "float32": (1e-2, 1e-2)})
        assert len({base, key(bigger, task.solution_source), key(looser, task.solution_source)}) == 3


def test_cache_makes_reruns_free(tmp_path):
    config = VerifyConfig(device="cpu", cache_dir=str(tmp_path), workers=1)
    with Verifier(config) as v:
        first = v.verify(RELU, RELU.solution_source)
        second = v.verify(RELU, RELU.solution_source)
    assert first.correct and not first.cached
    assert second.correct and second.cached


def test_timeout_kills_and_reports_and_is_not_cached(tmp_path):
    hang = RELU.solution_source.replace("        x = x.contiguous()", "        while True:\n            pass")
    config = VerifyConfig(device="cpu", cache_dir=str(tmp_path), timeout_s=3, workers=1)
    with Verifier(config) as v:
        r = v.verify(RELU, hang)
        # a hang that was never killed would not come back at all; the bound only says the kill
        # came: 17 s once on a 2-core machine running two suites (session 31), so it is loose
        assert r.error_kind == ErrorKind.TIMEOUT and r.wall_s < 120
        assert v.verify(RELU, RELU.solution_source).correct  # the server survives
        again = v.verify(RELU, hang)  # judged again: a timeout may be the machine's load
        assert again.error_kind == ErrorKind.TIMEOUT and not again.cached
        assert not v.naive_pass(RELU, hang)  # the plain harness's re-check: not kept either
        assert v.cache.get(v._key(RELU, hang, v.config) + "-naive") is None


def test_the_time_limit_runs_from_the_candidates_last_answer():
    """A verification of many trials, each answered in time, is not a hang: 20-odd forwards of
    0.25 s take longer than a 3-s limit and pass (the limit over the whole run cut KernelBench-L3's
    3_DeepNarrowMLP, 97 s of 4-s forwards in the interpreter); a candidate that stops answering is
    killed `timeout_s` after its last answer."""
    slow = "import time\n" + RELU.solution_source.replace(
        "        x = x.contiguous()", "        time.sleep(0.25)\n        x = x.contiguous()")
    stuck = RELU.solution_source.replace(  # the settings' trials answered, then the random size hangs
        "        x = x.contiguous()", "        while x.shape[-1] not in (53, 256):\n            pass\n"
                                     "        x = x.contiguous()")
    config = VerifyConfig(device="cpu", cache_dir=None, timeout_s=3, workers=1, static_checks=False)
    with Verifier(config) as v:
        steady = v.verify(RELU, slow)
        assert steady.correct, steady.error_msg
        assert steady.details["stages"]["total_s"] > 3
        hung = v.verify(RELU, stuck)
    assert hung.error_kind == ErrorKind.TIMEOUT and "no answer from the candidate within 3 s" in hung.error_msg
    assert hung.wall_s < 60


def test_rewards_in_trl_signature():
    scorer = RewardScorer(VerifyConfig(device="cpu", cache_dir=None, workers=2))
    try:
        good = [{"role": "assistant", "content": f"```python\n{RELU.solution_source}```"}]
        completions = [good, CHEAT, "no code here"]
        kwargs = {"task_id": [RELU.id] * 3}
        assert scorer.exec_reward(completions, **kwargs) == [1.0, 0.0, 0.0]
        assert scorer.rule_reward(completions, **kwargs) == [1.0, 1.0, 0.0]
        assert scorer.speedup_reward(completions, **kwargs) == [None, None, None]  # CPU: not applicable
        assert scorer.exec_reward([good], task_source=[RELU.source]) == [1.0]
        # the no-rule ablation's reward: a PyTorch answer scores, a wrong kernel still does not
        torch_answer = ("```python\nimport torch\nimport torch.nn as nn\n\nclass ModelNew(nn.Module):\n"
                        "    def forward(self, x):\n        return torch.relu(x)\n```")
        assert scorer.exec_reward([torch_answer], **{"task_id": [RELU.id]}) == [0.0]
        assert scorer.plain_reward([good, CHEAT, torch_answer, "no code"], task_id=[RELU.id] * 4) == [1.0, 0.0, 1.0, 0.0]
    finally:
        scorer.close()
    assert completion_text(good) == good[0]["content"]


def test_scorer_verifies_each_distinct_answer_once(monkeypatch):
    """A GRPO group of 8 copies of one answer costs one verification, and the copies share it."""
    scorer = RewardScorer(VerifyConfig(device="cpu", cache_dir=None, workers=2))
    seen = []
    real = scorer.verifier.verify_many
    monkeypatch.setattr(scorer.verifier, "verify_many", lambda items, **kw: seen.append(len(items)) or real(items, **kw))
    try:
        good = f"```python\n{RELU.solution_source}```"
        completions = [good] * 4 + ["no code here"] * 4
        assert scorer.exec_reward(completions, task_id=[RELU.id] * 8) == [1.0] * 4 + [0.0] * 4
        assert scorer.rule_reward(completions, task_id=[RELU.id] * 8) == [1.0] * 4 + [0.0] * 4  # memo: no new work
    finally:
        scorer.close()
    assert seen == [2, 0]


def test_child_dies_with_its_server():
    """Killing a fork-server mid-job must not leave its (own-session) child spinning."""
    import os
    import signal
    import subprocess
    import time

    from autotriton.verify.job import build_job
    from autotriton.verify.sandbox import ForkServer
    hang = RELU.solution_source.replace("        x = x.contiguous()", "        while True:\n            pass")
    server = ForkServer("interp")
    server.start()
    config = VerifyConfig(device="cpu", n_trials=1, timeout_s=120, memory_mb=2048)
    job = build_job("check", RELU, config, "interp", candidate=hang)
    server.child.send(job.to_wire())
    time.sleep(3)  # the candidate is now spinning in forward

    def descendants(pid: str) -> list[str]:
        kids = subprocess.run(["pgrep", "-P", pid], capture_output=True, text=True).stdout.split()
        return kids + [d for k in kids for d in descendants(k)]
    children = descendants(str(server.child.pid))
    assert len(children) >= 3, "expected a launcher, a candidate process and a judge"
    os.kill(server.child.pid, signal.SIGKILL)  # the server only (close() kills its whole group)
    server.close()
    time.sleep(1)
    alive = [pid for pid in children if os.path.exists(f"/proc/{pid}")
             and "Z" not in open(f"/proc/{pid}/stat").read().split()[2]]
    assert not alive, f"orphaned sandbox children still running: {alive}"


def test_a_product_that_underflows_float32_is_not_held_against_an_honest_kernel(cpu_verifier):
    """A product over dim -2 of randn rows (the draw a make test found): at a long-dim trial of
    759 rows float32 holds nothing but zeros where float64 has 1e-190 (the trial is the task's
    failure, not the kernel's: zero_output before), and at random sizes subnormal rounding put
    9e-46 errors under a 1e-4 x rms atol (1 verification in 8). Four verifications, all correct."""
    from autotriton.data.compose import compose_one
    from autotriton.data.teachers.template import teach
    composed = compose_one(2914, 3081)
    assert composed.spec["kind"] == "prod"
    pairs = [(composed.task(), teach(composed.spec).code)] * 4
    results = cpu_verifier.verify_many(pairs)
    assert all(r.correct for r in results), [(r.error_kind, r.error_msg[:300]) for r in results if not r.correct]


def test_a_kernel_chosen_in_init_and_launched_through_an_attribute_is_judged_as_launched(cpu_verifier):
    """The outside pass on verifier 65 (h_kattr_only.py) found `self.kernel = relu_kernel` in __init__
    and `self.kernel[grid](...)` in forward refused as torch_compute (issue 32). Held alone, chosen
    between two kernels, or looked up in a dict per dtype, it passes; the launch hook sees those
    launches as the kernel's (launched, output proven written by it), so a held kernel that only
    copies is a wrong output, not a pass."""
    wide = RELU.solution_source.split("@triton.jit")[1].split("class ModelNew")[0].replace(
        "def relu_kernel", "def relu_kernel_wide").replace("other=0.0)", "other=0.0).to(tl.float32)")
    two = RELU.solution_source.replace("class ModelNew", f"@triton.jit{wide}class ModelNew")
    init = "super().__init__()\n        self.kernel = "
    held = {
        "held": RELU.solution_source.replace("super().__init__()", init + "relu_kernel"),
        "chosen": two.replace("super().__init__()", init + "relu_kernel_wide if torch.get_default_dtype() "
                              "== torch.float16 else relu_kernel"),
        "per_dtype": two.replace("super().__init__()", "super().__init__()\n        self.kernels = "
                                 "{torch.float32: relu_kernel, torch.float16: relu_kernel_wide}"),
        "copies": CHEAT.replace("super().__init__()", init + "relu_kernel"),
    }
    held = {name: src.replace("relu_kernel[grid]", "self.kernels[x.dtype][grid]" if name == "per_dtype"
                              else "self.kernel[grid]") for name, src in held.items()}
    assert all("self.kernel" in src for src in held.values())
    results = dict(zip(held, cpu_verifier.verify_many([(RELU, src) for src in held.values()])))
    for name in ("held", "chosen", "per_dtype"):
        r = results[name]
        assert r.correct and r.launched and r.error_kind == ErrorKind.NONE, (name, r.error_kind, r.error_msg[:300])
    assert results["copies"].error_kind == ErrorKind.WRONG_OUTPUT and results["copies"].launched


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10**6), st.integers(0, 10**4))
def test_template_teacher_kernels_are_never_rejected(cpu_verifier, seed, index):
    """Random honest kernels from the template teacher pass the whole verifier (judge,
    confined candidate, provenance, mixed magnitudes), not just the static rules."""
    from autotriton.data.compose import compose_one
    from autotriton.data.teachers.template import teach
    composed = compose_one(seed, index)
    r = cpu_verifier.verify(composed.task(), teach(composed.spec).code)
    assert r.correct, (composed.spec, r.error_kind, r.hack_flags, r.error_msg[:500])


def test_unencodable_text_gets_a_verdict(cpu_verifier):
    """A lone surrogate in a comment used to raise out of verify() (cache key encoding)."""
    r = cpu_verifier.verify(RELU, RELU.solution_source + "\n# \ud800\n")
    assert r.correct, (r.error_kind, r.error_msg[:300])


AUTOTUNED_RELU = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 256}), triton.Config({"BLOCK": 1024})], key=["n"])
@triton.heuristics(values={"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        y = torch.empty_like(x)
        n = y.numel()
        relu_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, y, n)
        return y
'''


# Correct with its first config; its second config (SKIP=1) leaves every other block unwritten.
AUTOTUNED_SKIPPING = AUTOTUNED_RELU.replace(
    'triton.Config({"BLOCK": 1024})', 'triton.Config({"BLOCK": 256, "SKIP": 1})').replace(
    'triton.Config({"BLOCK": 256})', 'triton.Config({"BLOCK": 256, "SKIP": 0})').replace(
    "EVEN: tl.constexpr):", "EVEN: tl.constexpr, SKIP: tl.constexpr):").replace(
    "tl.program_id(0) * BLOCK +", "tl.program_id(0) * BLOCK * (1 + SKIP) +")


def test_every_autotune_config_is_checked_under_the_interpreter():
    """Timing configs needs a driver, so under the interpreter each launch runs one config,
    in turn. With the first config only, a second config that skipped every other block was
    judged correct on CPU (outside red team, 2026-11-27). Since verifier 29 every config also
    runs at each new key and must write what the first wrote (worker._configs_agree)."""
    task = get_task("builtin/l1/relu")
    assert AUTOTUNED_SKIPPING.count("SKIP") == 4  # each replacement found its line
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as verifier:
        honest, skipping = verifier.verify_many([(task, AUTOTUNED_RELU), (task, AUTOTUNED_SKIPPING)])
    assert honest.correct, (honest.error_kind, honest.error_msg[-600:])
    assert not skipping.correct and "autotune_disagree" in skipping.hack_flags, (skipping.error_kind, skipping.error_msg[-300:])


# A third config whose 4,096-element block leaves every other block unwritten: right on any input
# one block covers (the CPU trial sizes, but not the random size's 5,400-16,000 elements).
LAZY_BIG_BLOCK = AUTOTUNED_SKIPPING.replace(
    'triton.Config({"BLOCK": 256, "SKIP": 1})',
    'triton.Config({"BLOCK": 1024, "SKIP": 0}), triton.Config({"BLOCK": 4096, "SKIP": 1})')


def test_a_config_that_differs_only_past_the_small_sizes_is_caught_by_the_others():
    """A config is compared with the others at every new key, the random size's included: one
    whose block covers a small input whole is right there whatever it does past its first block
    (the twenty-second outside pass's lazy 4,096-element config passed, run on small inputs only)."""
    task = get_task("builtin/l1/relu")
    assert LAZY_BIG_BLOCK.count("SKIP") == 5
    honest = LAZY_BIG_BLOCK.replace('"BLOCK": 4096, "SKIP": 1', '"BLOCK": 4096, "SKIP": 0')
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as verifier:
        right, lazy = verifier.verify_many([(task, honest), (task, LAZY_BIG_BLOCK)])
    assert right.correct, (right.error_kind, right.error_msg[-600:])
    assert not lazy.correct and "autotune_disagree" in lazy.hack_flags, (lazy.error_kind, lazy.error_msg[-300:])


def test_configs_may_lay_out_a_scratch_workspace_their_own_way(cpu_verifier):
    """A split sum autotuned over its chunk width writes one partial per chunk into a zeroed
    workspace and a second kernel sums every slot: the configs' workspaces differ and the output
    does not. Compared write by write, such honest answers were hacks 12 of 12 (outside pass on
    verifier 99, F6); the judge now runs the forward again under the differing config and judges
    that output as any other (compared bit-near with the forward's, the honest one failed on an
    H100's heavy-tailed trial). A config that reads half of its chunk is wrong_output (in that
    forward or in its turn)."""
    from pathlib import Path

    from autotriton.tasks.contract import task_from_source
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_row_totals.py").read_text(), task_id="local/row_totals",
                            suite="local", level=1)
    lazy = (fixtures / "cheat_row_totals_lazy_chunk_config.py").read_text()
    verdicts = cpu_verifier.verify_many([(task, (fixtures / "honest_row_totals_autotuned_chunks.py").read_text()),
                                         (task, lazy), (task, lazy + "\n# again\n")])
    assert verdicts[0].correct, (verdicts[0].error_kind, verdicts[0].error_msg[-600:])
    for lazy_verdict in verdicts[1:]:
        assert not lazy_verdict.correct
        assert lazy_verdict.error_kind == ErrorKind.WRONG_OUTPUT, lazy_verdict.error_msg[-300:]


def test_a_workspace_the_benchmark_of_other_configs_fills_is_wrong_as_on_a_gpu(cpu_verifier):
    """Without reset_to_zero, a GPU autotuner benchmarks every config on the same workspace, and the
    wider chunk fills fewer slots: the narrower config's partials stay in the others and the sum is
    wrong at every new key. Two of our own "honest" fixtures were wrong_output on an H100 (session
    79) where the CPU judge, benchmarking only the config that counted, passed them."""
    from pathlib import Path

    from autotriton.tasks.contract import task_from_source
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_row_totals.py").read_text(), task_id="local/row_totals",
                            suite="local", level=1)
    honest = (fixtures / "honest_row_totals_autotuned_chunks.py").read_text()
    stale = honest.replace(',\n                 reset_to_zero=["work_ptr"])', ")")
    assert stale != honest
    # The sum is wrong where a new key's counted config is the wider chunk (drawn at random), so a
    # verification passes it where every key drew the narrower one: 2 of 30 at verifier 120, 0 of 30
    # at 123 (session 82, where one clean-clone suite drew it). Four verifications, three rejected.
    verdicts = cpu_verifier.verify_many([(task, stale + f"\n# {i}\n") for i in range(4)])
    assert {v.error_kind for v in verdicts} <= {ErrorKind.WRONG_OUTPUT, ErrorKind.NONE}, \
        [(v.error_kind, v.error_msg[-300:]) for v in verdicts]
    assert sum(v.error_kind == ErrorKind.WRONG_OUTPUT for v in verdicts) >= 3


def test_a_second_launch_at_a_seen_key_is_not_benchmarked_again(cpu_verifier):
    """Two launches of one forward add into one zeroed output, the second at the key the first set
    (the shared column count) and a new size: a GPU's autotuner takes the cached config there and
    resets nothing, where the CPU judge benchmarked again and zeroed the first block's sums (honest
    answer wrong_output 3 of 3: outside pass on verifier 110, F2)."""
    from pathlib import Path

    from autotriton.tasks.contract import task_from_source
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_two_block_column_sums.py").read_text(),
                            task_id="local/two_block_column_sums", suite="local", level=1)
    verdict = cpu_verifier.verify(task, (fixtures / "honest_two_block_column_sums.py").read_text())
    assert verdict.correct, (verdict.error_kind, verdict.error_msg[-400:])


def test_scratch_configs_are_pinned_by_layout_and_told_from_the_output_by_their_bytes(cpu_verifier):
    """Two honest forms of the split sum above. A grid of 4 chunk widths x 3 warp counts has 9
    configs whose workspace differs, past the 8 pins a forward had (outside pass on verifier 102,
    F2: hack 7 of 7); interpreted, configs that differ only in warps lay the workspace out alike
    and are pinned once. One allocation cut into the output and the workspace made a workspace
    difference one "in the output" (F3: hack 5 of 5)."""
    from pathlib import Path

    from autotriton.tasks.contract import task_from_source
    fixtures = Path(__file__).parent / "fixtures"
    task = task_from_source((fixtures / "task_row_totals.py").read_text(), task_id="local/row_totals",
                            suite="local", level=1)
    verdicts = cpu_verifier.verify_many([(task, (fixtures / name).read_text()) for name in
                                         ("honest_row_totals_autotuned_grid.py", "honest_row_totals_one_allocation.py")])
    for verdict in verdicts:
        assert verdict.correct, (verdict.error_kind, verdict.error_msg[-600:])


def _live_children() -> set[int]:
    """This process's children (of every thread), zombies excluded."""
    import os
    kids = set()
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/children") as f:
                kids |= {int(p) for p in f.read().split()}
        except FileNotFoundError:  # the thread ended after listdir (a clean-clone run failed so)
            continue
    alive = set()
    for pid in kids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    alive.add(pid)
        except FileNotFoundError:
            continue
    return alive


def test_copies_of_one_answer_in_a_batch_are_judged_once(monkeypatch):
    """Eval's samples of one reference, or a data build's two teachers agreeing, are the same
    (task, text) several times in one batch: each copy missed the cache in parallel and was
    judged again (80 s of an eval test). One verdict now, a copy of it for each pair, each
    reported; the same text on another task is its own verdict."""
    other = get_task("builtin/l1/gelu")
    pairs = [(RELU, "no code here"), (RELU, "nor here"), (RELU, "no code here"), (other, "no code here"),
             (RELU, "no code here")]
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=2)) as verifier:
        judged = []
        real = verifier.verify
        monkeypatch.setattr(verifier, "verify", lambda task, text: judged.append((task.id, text)) or real(task, text))
        reported = []
        results = verifier.verify_each(pairs, lambda i, res: reported.append((i, res.task_id)))
    assert sorted(judged) == sorted({(t.id, text) for t, text in pairs})  # 3 distinct of 5
    assert sorted(reported) == [(i, t.id) for i, (t, _) in enumerate(pairs)]
    assert [r.task_id for r in results] == [t.id for t, _ in pairs]
    assert results[0] is not results[2] and results[0].to_dict() == results[2].to_dict() == results[4].to_dict()
    assert not any(r.correct for r in results)


def test_repeated_verify_many_reuses_its_servers_and_cleans_up(tmp_path, monkeypatch):
    """An eval resume calls verify_many again and again on one Verifier: each call used to
    start new fork-servers beside the old ones (2, 6, then 8 processes, ~3 GB), and killed
    servers left their autotriton-warm-* dirs in /tmp."""
    import tempfile

    from autotriton.verify.sandbox import ForkServer
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # this test's temp dirs only
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    before = _live_children()
    pairs = [(RELU, RELU.solution_source), (RELU, CHEAT)]
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=2)) as verifier:
        seen = []  # the servers alive after each call
        verdicts = []
        for _ in range(3):
            verdicts += verifier.verify_many(pairs)
            seen.append(_live_children() - before)
    assert [r.correct for r in verdicts] == [True, False] * 3
    # A server starts only when no idle one is free, so the first call may have needed one
    # (its cheat fails fast; a CI run saw {a} then {a, b}); later calls reuse, never grow past 2.
    assert 1 <= len(seen[0]) and seen[0] <= seen[1] <= seen[2] and len(seen[2]) <= 2, seen
    assert not _live_children() - before, "close() left fork-servers running"
    with pytest.raises(RuntimeError, match="failed to start: not ready after 1 s"):
        ForkServer("interp", start_timeout_s=1.0).start()  # killed in the middle of its warm-up
    left = [p.name for p in tmp_path.iterdir() if p.name.startswith("autotriton-")]
    assert not left, left


def test_a_server_whose_warm_up_raises_says_why(tmp_path, monkeypatch):
    """bf16.py refused Triton 3.6's interpreter (two calls it lacks) inside the server's warm-up,
    and the client said "not ready after 120 s (a loaded machine?)": an eval on the GPU machine
    died blaming the load (session 45). The warm-up's exception now travels on the protocol."""
    from autotriton.verify.sandbox import ForkServer
    (tmp_path / "sitecustomize.py").write_text(  # an interpreter without a call bf16.py wraps
        "from triton.runtime import interpreter\ndel interpreter.InterpreterBuilder.create_fadd\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    with pytest.raises(RuntimeError, match=r"warm-up raised RuntimeError: Triton's interpreter changed "
                                           r"\(\['create_fadd'\]\)"):
        ForkServer("interp", start_timeout_s=60.0).start()


def test_a_server_that_exits_gives_its_exit_code(monkeypatch):
    from autotriton.verify.sandbox import ForkServer
    monkeypatch.setattr(ForkServer, "_argv", lambda self: [sys.executable, "-c", "raise SystemExit(7)"])
    with pytest.raises(RuntimeError, match="exited with code 7; is torch/triton importable"):
        ForkServer("interp", start_timeout_s=60.0).start()


def test_verify_modules_import_one_way():
    """No import cycle inside autotriton/verify/, lazy (in-function) imports included: one
    hid api -> sandbox -> api and api <-> baseline."""
    import ast
    from pathlib import Path

    import autotriton.verify
    root = Path(autotriton.verify.__file__).parent
    names = {p.stem for p in root.glob("*.py")} - {"__init__"}
    graph = {}
    for name in names:
        found = set()
        for node in ast.walk(ast.parse((root / f"{name}.py").read_text())):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[2] for a in node.names if a.name.startswith("autotriton.verify.")}
            elif isinstance(node, ast.ImportFrom) and node.module == "autotriton.verify":
                found |= {a.name for a in node.names}  # from autotriton.verify import judge
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("autotriton.verify."):
                found.add(node.module.split(".")[2])
        graph[name] = (found & names) - {name}
    done: set[str] = set()

    def cycle_from(node: str, path: list[str]) -> list[str] | None:
        for nxt in sorted(graph[node]):
            if nxt in path:
                return path[path.index(nxt):] + [nxt]
            if nxt not in done:
                found = cycle_from(nxt, path + [nxt])
                if found:
                    return found
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = cycle_from(start, [start])
        assert cycle is None, " -> ".join(cycle)


def test_a_server_killed_mid_job_leaves_no_candidate_dir():
    """The candidate's temp dir lives on /dev/shm (memory) and was removed only by the server
    itself, so a server killed mid-job (Ctrl-C in an eval, a timeout) left it there for good."""
    import os
    import signal
    import tempfile
    import threading
    import time
    from pathlib import Path

    from autotriton.verify.job import build_job
    from autotriton.verify.sandbox import CAND_PREFIX, ForkServer, _work_root

    hang = RELU.solution_source.replace("super().__init__()", "super().__init__()\n        import time; time.sleep(60)")
    assert hang != RELU.solution_source
    job = build_job("check", RELU, VerifyConfig(device="cpu", n_trials=1, timeout_s=90.0), "interp", candidate=hang)
    server = ForkServer("interp")
    server.start()
    pid = server.child.pid
    root = Path(_work_root() or tempfile.gettempdir())
    side = threading.Thread(target=server.run, args=(job,))
    side.start()
    deadline = time.monotonic() + 60
    while not list(root.glob(f"{CAND_PREFIX}{pid}-*")) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert list(root.glob(f"{CAND_PREFIX}{pid}-*")), "the job never started"
    os.kill(pid, signal.SIGKILL)
    side.join(timeout=120)
    server.close()
    assert not list(root.glob(f"{CAND_PREFIX}{pid}-*"))


def test_the_judge_is_reachable_from_the_package_and_says_what_it_takes():
    """`import autotriton; autotriton.verify.verify(...)` raised AttributeError (the subpackage was
    never imported), and a path passed as the task failed deep inside (outside red team, ninth pass)."""
    import subprocess
    import sys

    code = "import autotriton; print(autotriton.verify.verify.__name__, autotriton.tasks.get_task.__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["verify", "get_task"]
    from autotriton.verify import verify
    with pytest.raises(TypeError, match="takes a Task"):
        verify("my_task.py", "class ModelNew: pass")


def test_cpu_verification_on_an_older_triton_says_its_verdicts_need_judging_again(monkeypatch):
    """Triton 3.6's interpreter rejected 68 of 456 honest samples that 3.9's passes (run 24's eval
    on the GPU machine); a verifier in CPU mode there says so once, at construction."""
    import triton

    from autotriton.verify import api

    monkeypatch.setattr(triton, "__version__", "3.6.0")
    with pytest.warns(UserWarning, match="Triton 3.6.0: its interpreter rejects some honest"):
        api._warn_old_interpreter()
    monkeypatch.setattr(triton, "__version__", "3.9.0")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api._warn_old_interpreter()


OLDER_TRITON_PROBE = r'''
import operator
import numpy as np
import torch
import triton
import triton.language as tl
from triton.runtime import interpreter
from autotriton.verify import worker

worker.untimed_autotune()
worker.scalar_index()


@triton.autotune(configs=[triton.Config({"BLOCK": 64}), triton.Config({"BLOCK": 128})], key=["n"])
@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


x = torch.randn(300)
y = torch.empty_like(x)
copy_kernel[lambda meta: (triton.cdiv(300, meta["BLOCK"]),)](x, y, 300)
assert torch.equal(x, y)
print("timed", copy_kernel.do_bench(lambda: 1 / 0, quantiles=(0.5, 0.2, 0.8)))
scope = interpreter._LangPatchScope()
interpreter._patch_lang_tensor(tl.tensor, scope)
scalar = tl.tensor(interpreter.TensorHandle(np.array([5], np.int32), tl.int32), tl.int32)
print("index", operator.index(scalar))
scope.restore()
'''


def test_the_interpreter_reads_scalars_and_skips_timing_as_triton_3_9_does():
    """Triton 3.6 (the GPU machine's) times the one config an autotuner keeps, with a timer that
    needs a GPU driver, and reads a kernel's scalar as a Python index by int() of a one-element
    array, which NumPy 2.4 refuses: 106 of 600 eval samples judged on CPU there failed so (rl24's
    eval_rl, session 43), where Triton 3.9 judged them. The worker's stand-ins: a timer that runs
    nothing, and the index read as 3.9 reads it. (With Triton 3.6's wheel unpacked on
    PYTHONPATH, the built-in cross_entropy answer and an autotuned hardswish pass; VERIFIER.md.)"""
    import os
    import subprocess
    import sys
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    done = subprocess.run([sys.executable, "-c", OLDER_TRITON_PROBE], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "timed [0.0, 0.0, 0.0]" in done.stdout and "index 5" in done.stdout, done.stdout


LIBDEVICE_GELU = '''import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def gelu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, 0.5 * x * (1.0 + libdevice.erf(x * 0.7071067811865476)), mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        gelu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
'''


def test_libdevice_functions_run_in_the_interpreter():
    """`libdevice.erf` returned None under the interpreter (its module holds stubs a GPU compile
    replaces), and an honest GELU was rejected on CPU (outside red team, session 43). It runs as
    numpy's erf now; the same kernel with tanh in erf's place is still wrong."""
    task = get_task("builtin/l1/gelu")
    wrong = LIBDEVICE_GELU.replace("libdevice.erf(", "libdevice.tanh(")
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as verifier:
        honest, off = verifier.verify_many([(task, LIBDEVICE_GELU), (task, wrong)])
    assert honest.correct, (honest.error_kind, honest.error_msg[-600:])
    assert not off.correct and off.error_kind.value == "wrong_output", (off.error_kind, off.error_msg[-300:])


def test_a_constructor_argument_the_judge_cannot_send_makes_the_task_invalid(cpu_verifier):
    """A task whose Model takes an nn.Module: no candidate can be given it, so the verdict is the
    task's (invalid_task), never an exception out of verify (outside pass on verifier 74)."""
    from autotriton.tasks.contract import task_from_source
    task = task_from_source('''import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def forward(self, x):
        return self.inner(x)


def get_inputs():
    return [torch.randn(4, 8)]


def get_init_inputs():
    return [nn.Linear(8, 8)]
''', task_id="local/module_arg", suite="local", level=1)
    solution = """import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


class ModelNew(nn.Module):
    def __init__(self, inner):
        super().__init__()

    def forward(self, x):
        y = torch.empty_like(x)
        copy_kernel[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), BLOCK=1024)
        return y
"""
    r = cpu_verifier.verify(task, solution)
    assert not r.correct and r.error_kind == ErrorKind.INVALID_TASK, (r.error_kind, r.error_msg)
    assert "type 'Linear' cannot be sent" in r.error_msg


INT_TASK = '''import torch
import torch.nn as nn

N = 96


class Model(nn.Module):
    def forward(self, x, m):
        return {op}


def get_inputs():
    return [torch.randint(-100000, 100000, (N,)), torch.randint(0, 2, (N,))]


def get_init_inputs():
    return []
'''

INT_COPY = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x, m):
        t = {cast}
        y = torch.empty_like(t)
        copy_kernel[(triton.cdiv(t.numel(), 128),)](t, y, t.numel(), BLOCK=128)
        return y
'''


def test_integer_casts_that_change_values_are_torch_compute(cpu_verifier):
    """int64 to uint8 is `x & 255` and to bool `x != 0`: torch did the task behind a copy kernel,
    and both passed (outside pass on verifier 92). A 0/1 mask cast to bool changes no value and
    stays allowed."""
    from autotriton.tasks.contract import task_from_source
    cases = [("x & 255", "x.to(torch.uint8).to(torch.int64)", False), ("x != 0", "x.to(torch.bool)", False),
             ("m.to(torch.bool)", "m.to(torch.bool)", True)]
    jobs = [(task_from_source(INT_TASK.replace("{op}", op), task_id=f"local/int_cast_{i}", suite="local", level=1),
             INT_COPY.replace("{cast}", cast)) for i, (op, cast, _) in enumerate(cases)]
    for (op, _, honest), r in zip(cases, cpu_verifier.verify_many(jobs)):
        if honest:
            assert r.correct, (op, r.error_kind, r.error_msg[-300:])
        else:
            assert not r.correct and "torch_compute_runtime" in r.hack_flags, (op, r.error_kind, r.error_msg[-300:])


def _float_task(statement: str, task_id: str):
    """INT_TASK made a float one: forward(x) on a (4, N) randn input, its body `statement`."""
    from autotriton.tasks.contract import task_from_source
    source = INT_TASK.replace("return {op}", statement).replace("def forward(self, x, m):", "def forward(self, x):") \
        .replace("[torch.randint(-100000, 100000, (N,)), torch.randint(0, 2, (N,))]", "[torch.randn(4, N)]")
    return task_from_source(source, task_id=task_id, suite="local", level=1)


REFERENCE_OUTPUTS = {
    "dict": "return {'y': torch.relu(x), 'z': x * 2}",
    "no_elements": "return torch.relu(x)[:, :0]",
    "meta": "return torch.relu(x).to('meta')",  # crashed the train/eval comparison (verifier 93)
    "keyboard_interrupt": "raise KeyboardInterrupt",  # BaseExceptions went past the judge's guards
    "system_exit": "raise SystemExit(3)",
    "float8": "return x.to(torch.float8_e4m3fn)",  # the judge's isfinite raised, blamed on the reference (verifier 94)
}


@pytest.mark.parametrize("kind", REFERENCE_OUTPUTS)
def test_a_reference_the_judge_cannot_compare_makes_the_task_invalid(cpu_verifier, kind):
    """A reference returning a dict crashed the judge's train/eval comparison in about half the
    verifications and was charged to the candidate in the rest; one returning only tensors of no
    elements crashed its gap measure (outside pass on verifier 92). Both are the task's verdict, and
    so are a reference on the meta device and one raising SystemExit or KeyboardInterrupt, which
    were verifier internal errors (outside pass on verifier 93)."""
    task = _float_task(REFERENCE_OUTPUTS[kind], f"local/ref_{kind}")
    answer = RELU.solution_source
    for r in cpu_verifier.verify_many([(task, answer)] * 3):
        assert not r.correct and r.error_kind == ErrorKind.INVALID_TASK, (r.error_kind, r.error_msg[-300:])
        assert kind != "float8" or "float8_e4m3fn tensors: the judge takes" in r.error_msg, r.error_msg[-300:]


def test_extraction_and_rules_read_unencodable_text_as_verify_does():
    """A lone surrogate made extract_code and check_rules raise, where verify judged the same text
    (outside pass on verifier 93)."""
    from autotriton.verify import check_rules, extract_code
    text = RELU.solution_source + "\nNOTE = '\ud800'\n"
    assert extract_code(text) is not None and check_rules(text) == []


TUPLE_POINTERS = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(ptrs, n, BLOCK: tl.constexpr):
    x_ptr, y_ptr = ptrs
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        relu_kernel[(triton.cdiv(x.numel(), 256),)]((x, y), x.numel(), BLOCK=256)
        return y
'''

# An honest in-place autotuned step: restore_value, as Triton asks of a kernel that writes what it
# reads, with the buffer passed by keyword.
IN_PLACE_BY_KEYWORD = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


@triton.autotune(configs=[triton.Config({"BLOCK": 128}), triton.Config({"BLOCK": 512})], key=[],
                 restore_value=["y_ptr"])
@triton.jit
def halve_kernel(n, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(y_ptr + offs, mask=mask, other=0.0) * 0.5, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
        halve_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](n, y_ptr=y)
        return y
'''


def test_kernels_given_tuples_and_keywords_are_judged_as_launched(cpu_verifier):
    """An honest kernel taking its pointers in a tuple was `output_not_from_kernel`, and an honest
    in-place autotuned kernel whose buffer went by keyword was run by every config without its
    restore_value and judged wrong (outside pass on verifier 93): concurrency.launch_tensors."""
    halved = _float_task("return torch.relu(x) * 0.5", "local/relu_halved")
    tupled, in_place = cpu_verifier.verify_many([(RELU, TUPLE_POINTERS), (halved, IN_PLACE_BY_KEYWORD)])
    assert tupled.correct, (tupled.error_kind, tupled.error_msg[-400:])
    assert in_place.correct, (in_place.error_kind, in_place.error_msg[-400:])


FLOAT64_TASK = '''import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x * 1.5 + 0.25)


def get_inputs():
    return [torch.randn(8, 300, dtype=torch.float64)]


def get_init_inputs():
    return []
'''

FLOAT64_ANSWER = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_shift_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0){narrow}
    tl.store(y_ptr + offs, tl.maximum(x * 1.5 + 0.25, 0.0), mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        scale_shift_kernel[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)
        return y
'''


def test_a_float64_task_is_judged_at_float64s_precision(cpu_verifier):
    """float64's tolerance was 1e-7, which float32's rounding (6e-8) meets: a float64 task computed
    in float32 inside the kernel passed (outside pass on verifier 93). At 1e-10 it does not."""
    from autotriton.tasks.contract import task_from_source
    task = task_from_source(FLOAT64_TASK, task_id="local/scale_shift_f64", suite="local", level=1)
    honest, narrowed = cpu_verifier.verify_many([(task, FLOAT64_ANSWER.replace("{narrow}", "")),
                                                 (task, FLOAT64_ANSWER.replace("{narrow}", ".to(tl.float32)"))])
    assert honest.correct, (honest.error_kind, honest.error_msg[-400:])
    assert not narrowed.correct and narrowed.error_kind == ErrorKind.WRONG_OUTPUT, (narrowed.error_kind, narrowed.error_msg[-300:])


NAN_TASK = '''
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def forward(self, x):
        return torch.isnan(x)


def get_inputs():
    x = torch.randn(N, D)
    x[torch.rand(N, D) < 0.1] = float("nan")
    return [x]


def get_init_inputs():
    return []
'''

NAN_ANSWER = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def isnan_kernel(x_ptr, y_ptr, n, FLIP_ZEROS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x != x, mask=mask)
    if FLIP_ZEROS:  # the same values, other bits: a zero's sign
        tl.store(x_ptr + offs, -x, mask=mask & (x == 0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty(x.shape, dtype=torch.bool, device=x.device)
        isnan_kernel[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), FLIP_ZEROS={flip}, BLOCK=1024)
        return y
'''


def test_inputs_holding_nan_are_compared_by_their_bits(cpu_verifier):
    """The mutation check compared inputs by value, and NaN is not equal to itself: every honest
    answer on a task with NaN inputs was `hack`, "forward modified input(s)", and -0.0 written over
    0.0 went unseen (outside pass on verifier 94, F1). Now bit for bit."""
    from autotriton.tasks.contract import task_from_source
    task = task_from_source(NAN_TASK, task_id="local/isnan", suite="local", level=1)
    honest, flipped = cpu_verifier.verify_many([(task, NAN_ANSWER.replace("{flip}", "False")),
                                                (task, NAN_ANSWER.replace("{flip}", "True"))])
    assert honest.correct, (honest.error_kind, honest.error_msg[-400:])
    assert flipped.error_kind == ErrorKind.HACK and "modified input" in flipped.error_msg, \
        (flipped.error_kind, flipped.error_msg[-300:])


SCALE_TASK = '''
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def __init__(self, w):
        super().__init__()
        self.w = w

    def forward(self, x, cfg):
        return x * self.w * cfg["alpha"]


def get_inputs():
    return [torch.randn(N, D), {"alpha": 0.5}]


def get_init_inputs():
    return [torch.full((D,), 0.25)]
'''

SCALE_ANSWER = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, w_ptr, y_ptr, n, d, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    w = tl.load(w_ptr + offs % d, mask=mask)
    tl.store(y_ptr + offs, {w} * {alpha}, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, w):
        super().__init__()
        self.w = w

    def forward(self, x, cfg):
        x = x.contiguous()
        y = torch.empty_like(x)
        w = self.w.to(x.device)
        scale_kernel[(triton.cdiv(x.numel(), 1024),)](x, w, y, x.numel(), x.shape[-1], cfg["alpha"], BLOCK=1024)
        return y
'''


def test_constructor_tensors_and_floats_in_a_dict_passed_to_forward_are_varied(cpu_verifier):
    """Neither was ever moved, and answers with the task's 0.25s tensor or its {"alpha": 0.5} written
    in passed 4 of 4 (outside pass on verifier 94, F6). A float tensor handed to the constructor is
    scaled as its floats are; a dict's floats passed to forward as a tuple's are."""
    from autotriton.tasks.contract import task_from_source
    task = task_from_source(SCALE_TASK, task_id="local/scale_by_init_tensor_and_dict", suite="local", level=1)
    honest, tensor_in, alpha_in = cpu_verifier.verify_many([
        (task, SCALE_ANSWER.replace("{w}", "x * w").replace("{alpha}", "alpha")),
        (task, SCALE_ANSWER.replace("{w}", "x * 0.25").replace("{alpha}", "alpha")),
        (task, SCALE_ANSWER.replace("{w}", "x * w").replace("{alpha}", "0.5"))])
    assert honest.correct, (honest.error_kind, honest.error_msg[-400:])
    for written_in in (tensor_in, alpha_in):
        assert written_in.error_kind == ErrorKind.WRONG_OUTPUT, (written_in.error_kind, written_in.error_msg[-300:])


TRUNCATE_TASK = '''
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def forward(self, x):
        return (x * 100.0).long()


def get_inputs():
    return [torch.randn(N, D)]


def get_init_inputs():
    return []
'''

TRUNCATE_ANSWER = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def truncate_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, {value}, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty(x.shape, dtype=torch.int64, device=x.device)
        truncate_kernel[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), BLOCK=1024)
        return y
'''


def test_an_integer_output_of_float_arithmetic_takes_the_tasks_own_rounding(cpu_verifier):
    """(x * 100).long() in float32 truncates products float64 rounds otherwise: the honest float32
    kernel was wrong_output 4 of 4 against the float64 run (outside pass on verifier 94, F3). Each
    element may now be the float64 run's or one of the reference's own-dtype runs'; a kernel that
    rounds instead of truncating is still wrong."""
    from autotriton.tasks.contract import task_from_source
    task = task_from_source(TRUNCATE_TASK, task_id="local/truncate_scaled", suite="local", level=1)
    honest, rounded = cpu_verifier.verify_many([
        (task, TRUNCATE_ANSWER.replace("{value}", "(x * 100.0).to(tl.int64)")),
        (task, TRUNCATE_ANSWER.replace("{value}", "tl.floor(x * 100.0 + 0.5).to(tl.int64)"))])
    assert honest.correct, (honest.error_kind, honest.error_msg[-400:])
    assert rounded.error_kind == ErrorKind.WRONG_OUTPUT, (rounded.error_kind, rounded.error_msg[-300:])


GATHER_TASK = '''
import torch
import torch.nn as nn

N = 64
D = 96


class Model(nn.Module):
    def forward(self, x, idx):
        return x[idx]


def get_inputs():
    return [torch.randn(N, D), torch.randint(0, N, (40,))]


def get_init_inputs():
    return []
'''

GATHER_ANSWER = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gather_rows_kernel(x_ptr, idx_ptr, y_ptr, d, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    src = tl.load(idx_ptr + r)
    cols = tl.arange(0, BLOCK)
    mask = cols < d
    tl.store(y_ptr + r * d + cols, tl.load(x_ptr + {row} * d + cols, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def forward(self, x, idx):
        x, idx = x.contiguous(), idx.contiguous()
        y = torch.empty((idx.shape[0], x.shape[1]), dtype=x.dtype, device=x.device)
        gather_rows_kernel[(idx.shape[0],)](x, idx, y, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return y
'''


def test_a_first_input_indexed_by_another_is_judged_on_all_its_rows(cpu_verifier):
    """The repeated-call trial cuts the first input's leading rows, checked on meta, where x[idx]
    with idx past the cut does not raise: every answer was invalid_task (outside pass on verifier
    94, F2). Where the reference fails on the cut, the trials keep all rows."""
    from autotriton.tasks.contract import task_from_source
    task = task_from_source(GATHER_TASK, task_id="local/gather_rows", suite="local", level=1)
    honest, shifted = cpu_verifier.verify_many([(task, GATHER_ANSWER.replace("{row}", "src")),
                                                (task, GATHER_ANSWER.replace("{row}", "(src // 2)"))])
    assert honest.correct, (honest.error_kind, honest.error_msg[-400:])
    assert shifted.error_kind == ErrorKind.WRONG_OUTPUT, (shifted.error_kind, shifted.error_msg[-300:])
    assert honest.details["fewer_rows"].startswith("n/a: the reference did not take"), honest.details["fewer_rows"]


GPU_AUTOTUNE_PROBE = r'''
import torch
import triton
import triton.language as tl
from autotriton.verify import worker

worker.compared_autotune()


@triton.autotune(configs=[triton.Config({"CAP": 1 << 30, "LAZY": 0}), triton.Config({"CAP": 64, "LAZY": 0}),
                          triton.Config({"CAP": 1 << 30, "LAZY": 1})], key=[],
                 do_bench=lambda fn, quantiles=None, **_: 0.0)
@triton.jit
def copy(x, y, n, CAP: tl.constexpr, LAZY: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = (offs < CAP) & ((LAZY == 0) | (n != 48) | (offs < 24))  # LAZY: half of n == 48 only
    tl.store(y + offs, tl.load(x + offs, mask=(offs < n) & keep, other=0.0), mask=offs < n)


for n in (32, 16, 16, 128, 48):
    x, y = torch.randn(n), torch.empty(n)
    copy[(triton.cdiv(n, 32),)](x, y, n, BLOCK=32)
    assert torch.equal(x, y)  # the real autotuner's pick: its stand-in timer says 0 for all
    print(n, len(worker.PENDING))  # found; the forward settles them (Worker._settle_disagreements)
'''


def test_a_gpu_compares_autotune_configs_at_every_new_launch():
    """The GPU worker runs the real autotuner, which keeps the fastest config at every size where
    key=[]: configs wrong only past some size, or only at one row, passed on an H100 whose honest
    configs won there (verifier 95), and the one-row trial on a GPU is no new smallest launch
    where the CPU sizes ran first (verifier 96's first form). worker.compared_autotune runs every
    config from the same arguments at every launch whose arguments are new, before the
    autotuner's own benchmark; run here under the interpreter with a stand-in timer, through
    Triton's own Autotuner.run: n = 128 is wrong in the capped config, n = 48 (neither the largest
    nor the smallest) in the lazy one."""
    import os
    import subprocess
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    done = subprocess.run([sys.executable, "-c", GPU_AUTOTUNE_PROBE], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["32", "0", "16", "0", "16", "0", "128", "1", "48", "2"], done.stdout
