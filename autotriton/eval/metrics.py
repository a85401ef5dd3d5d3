"""Evaluation metrics in AutoTriton's layout, computed from per-sample records.

Rates are averaged over samples (so exec % is the pass@1 estimate); pass@k
uses the unbiased estimator over each task's n samples with c correct.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import asdict, dataclass


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k = 1 - C(n-c, k) / C(n, k) (Chen et al. 2021); needs k <= n."""
    if k > n:
        raise ValueError(f"pass@{k} needs at least {k} samples per task, got {n}")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def geomean(values: list[float]) -> float | None:
    values = [v for v in values if v and v > 0]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


@dataclass
class ChannelMetrics:
    channel: str
    tasks: int
    samples: int
    compiled_pct: float
    exec_pct: float
    fast1_pct: float | None  # None in CPU (interpreter) mode, which does not time; on GPU 0 when nothing was correct
    fast2_pct: float | None
    fast1_compile_pct: float | None  # the same against torch.compile; None where compile was not timed
    fast2_compile_pct: float | None
    geomean_speedup: float | None
    pass_at_k: dict[str, float]
    # Candidates a plain allclose harness accepts but our verifier rejects; None when nothing was
    # re-checked (the re-check was off, or TritonBench, which has none).
    hack_rate_pct: float | None
    rule_violations: int  # samples rejected by the static rule table (paper's "no @triton.jit" column, strengthened)
    mean_completion_tokens: float
    skipped_tasks: int = 0  # reference failed / NaN / did not fit at this size: excluded, with reasons in the run log
    signed_trial_tasks: int = 0  # tasks that also got the signed-input (randn) trial

    def to_dict(self) -> dict:
        return asdict(self)


def _hack_rate(records: list[dict]) -> float | None:
    """Share of re-checked samples a plain allclose harness accepts and our verifier rejects with
    a verdict (a timeout is none: an honest level-3 answer past the CPU limit counted as a hack,
    2026-11-28). None (not measured) when no sample was re-checked: the re-check was off, or the
    channel has none (TritonBench), where a 0.0 would claim a measurement that never ran."""
    checked = [r for r in records if r.get("naive_pass") is not None]
    if not checked:
        return None
    caught = [bool(r["naive_pass"]) and not r["result"]["correct"] and r["result"].get("error_kind") != "timeout"
              for r in checked]
    return 100 * sum(caught) / len(checked)


def _judged_by_task(records: list[dict]) -> tuple[dict[str, list[dict]], set[str]]:
    """Records grouped per task, and the tasks left out: those the verifier could not judge
    (any invalid_task sample: reference failed, not finite, did not fit at this size)."""
    skipped = {r["task_id"] for r in records if r["result"].get("error_kind") == "invalid_task"}
    by_task: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        if r["task_id"] not in skipped:
            by_task[r["task_id"]].append(r)
    return dict(by_task), skipped


def _vs_compile(result: dict) -> float:
    """Speedup over torch.compile of the reference (the paper's second baseline), 0 if untimed."""
    compile_us, runtime_us = result.get("compile_us"), result.get("runtime_us")
    return compile_us / runtime_us if compile_us and runtime_us else 0.0


def channel_metrics(channel: str, records: list[dict], ks: list[int]) -> ChannelMetrics:
    """`records`: one dict per sample with keys task_id, result (VerifyResult dict), naive_pass, tokens."""
    signed = {r["task_id"] for r in records if r.get("signed_trial") in ("passed", "failed")}
    by_task, skipped = _judged_by_task(records)
    records = [r for rs in by_task.values() for r in rs]
    n = max(1, len(records))
    res = [r["result"] for r in records]
    # Timed on a GPU, or at least judged there: with no correct sample nothing gets timed, yet fast1 is 0, not unknown.
    timed = [x for x in res if x.get("speedup") is not None or x.get("mode") == "gpu"]
    passk = {}
    for k in ks:
        eligible = [[bool(r["result"]["correct"]) for r in rs] for rs in by_task.values() if len(rs) >= k]
        if eligible:
            passk[f"pass@{k}"] = 100 * sum(pass_at_k(len(v), sum(v), k) for v in eligible) / len(eligible)
    fast = lambda p: 100 * sum(x["correct"] and (x.get("speedup") or 0) > p for x in res) / n  # noqa: E731
    compiled_timed = any(x.get("compile_us") for x in res)
    fast_compile = lambda p: 100 * sum(x["correct"] and _vs_compile(x) > p for x in res) / n  # noqa: E731
    return ChannelMetrics(
        channel=channel, tasks=len(by_task), samples=len(records),
        compiled_pct=100 * sum(x["compiled"] for x in res) / n,
        exec_pct=100 * sum(x["correct"] for x in res) / n,
        fast1_pct=fast(1.0) if timed else None,
        fast2_pct=fast(2.0) if timed else None,
        fast1_compile_pct=fast_compile(1.0) if compiled_timed else None,
        fast2_compile_pct=fast_compile(2.0) if compiled_timed else None,
        geomean_speedup=geomean([x["speedup"] for x in res if x["correct"] and x.get("speedup")]),
        pass_at_k=passk,
        hack_rate_pct=_hack_rate(records),
        rule_violations=sum(x["error_kind"] == "rule_violation" for x in res),
        mean_completion_tokens=sum(r.get("tokens", 0) for r in records) / n,
        skipped_tasks=len(skipped),
        signed_trial_tasks=len(signed),
    )


@dataclass
class Gain:
    """Exec-rate gain of one model over another on the same tasks, in points, with a 95% interval."""

    channel: str
    tasks: int
    before_pct: float
    after_pct: float
    gain_pts: float
    low_pts: float
    high_pts: float

    def to_dict(self) -> dict:
        return asdict(self)


def _task_rates(records: list[dict]) -> dict[str, float]:
    """Per-task exec rate over the tasks `channel_metrics` counts (`_judged_by_task`)."""
    by_task, _ = _judged_by_task(records)
    return {t: sum(bool(r["result"]["correct"]) for r in rs) / len(rs) for t, rs in by_task.items()}


def judged_by(records: list[dict]) -> set[str]:
    """The verifier versions that judged `records` ("unknown" for a record written before verifier 66
    put its version in the run log)."""
    return {str(r.get("verifier", "unknown")) for r in records}


def one_known_verifier(versions: set[str]) -> bool:
    """Did one recorded verifier version give all these verdicts?"""
    return len(versions) == 1 and "unknown" not in versions


def verifier_mismatch(before: list[dict], after: list[dict]) -> str | None:
    """Why two run logs' verdicts cannot be paired, or None: both judged by one known verifier
    version. rl48's pipeline report paired an SFT eval judged by a verifier before 40 (125 of 600
    answers failed for the judge's faults) with an RL eval judged by verifier 65, and showed a
    +17.6-point gain that judging both by verifier 65 made +1.7 [-2.8, +6.2] (session 60)."""
    b, a = judged_by(before), judged_by(after)
    if one_known_verifier(b | a):
        return None
    return (f"not paired: judged by verifier {'+'.join(sorted(b))} before and {'+'.join(sorted(a))} after; "
            "judge both again by one verifier (benchmarks/rejudge_runlog.py RUN/STAGE --out DIR)")


def paired_gain(channel: str, before: list[dict], after: list[dict], resamples: int = 4000,
                seed: int = 0) -> Gain | None:
    """Gain of `after` over `before` with a paired bootstrap over tasks (tasks resampled with
    replacement, both models' rates on a task kept together): the task set is the main source of
    variance at one greedy sample per task, and pairing removes the difference in task difficulty.
    None when the two share no judged task."""
    import random
    b, a = _task_rates(before), _task_rates(after)
    tasks = sorted(set(b) & set(a))
    if not tasks:
        return None
    diffs = [a[t] - b[t] for t in tasks]
    rng = random.Random(seed)
    n = len(diffs)
    means = sorted(sum(diffs[rng.randrange(n)] for _ in range(n)) / n for _ in range(resamples))
    low, high = means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]
    return Gain(channel, n, 100 * sum(b[t] for t in tasks) / n, 100 * sum(a[t] for t in tasks) / n,
                100 * sum(diffs) / n, 100 * low, 100 * high)
