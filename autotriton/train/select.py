"""RL prompts with signal: the starting policy's pass rate on every RL prompt, measured before GRPO.

A GRPO group whose completions all get the same reward has zero advantage and carries no
gradient. On the embedded 135M model after SFT, rollouts were correct 72-97% of the time on
training prompts and never on held-out ops, so most groups were uniform and RL learned nothing
(issue 13). As in DAPO, RL trains only on prompts whose pass rate under the starting policy is
strictly inside (0, 1): `samples` completions per prompt at the rollout temperature, each judged
by the reward's verifier with the reward's own rule (rule-valid, launched and correct).

Rates are appended to `pass_rates.jsonl` as each batch of prompts is judged, so an interrupted
measurement resumes where it stopped, and a finished one is reused by a resumed RL run.
"""

from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from autotriton.rundir import append_jsonl, read_jsonl
from autotriton.models.base import Backend, SamplingParams
from autotriton.verify.rewards import RewardScorer

RATES_FILE = "pass_rates.jsonl"


@dataclass
class PassRate:
    task_id: str
    passed: int  # completions that earn the exec reward
    samples: int

    @property
    def rate(self) -> float:
        return self.passed / self.samples


def _sampling(params: SamplingParams) -> dict:
    """What a rate depends on besides the policy: each row records it, so a redone RL stage keeps the
    rates only where it samples as they were measured."""
    return {"temperature": params.temperature, "top_p": params.top_p, "max_new_tokens": params.max_new_tokens}


def load_rates(out: Path, params: SamplingParams) -> dict[str, PassRate]:
    """Rates already measured in `out` with these sampling settings and params.n samples a prompt.
    Rows written before the settings were recorded (rl48's, session 60) match on the sample count
    alone, as they did then, and a line says so."""
    rows = [r for r in read_jsonl(out / RATES_FILE) if r.get("samples") == params.n]
    wanted = _sampling(params)
    legacy = [r for r in rows if "temperature" not in r]
    if legacy:
        print(f"{len(legacy)} pass rates in {out / RATES_FILE} record no sampling settings (measured before "
              f"they were recorded): taken as measured at {wanted}", flush=True)
    return {r["task_id"]: PassRate(r["task_id"], r["passed"], r["samples"]) for r in rows
            if "temperature" not in r or {k: r.get(k) for k in wanted} == wanted}


def measure_pass_rates(backend: Backend, scorer: RewardScorer, rows: list[dict], params: SamplingParams,
                       out: Path, progress=None, prompts_per_batch: int = 8,
                       deadline: float | None = None) -> dict[str, PassRate]:
    """{task_id: PassRate} for `rows` (prompt, task_source, task_id) not yet in `out/RATES_FILE`,
    appended to it batch by batch (`prompts_per_batch` prompts, each sampled params.n times).

    A batch is judged on a thread while the next one samples: on an H100 (rl48d, session 81) one
    batch of 256 completions sampled in 75-89 s and judged in 130-199 s one after the other, and the
    two use different parts of the machine (the GPU's decode steps; the judge's workers compiling on
    the CPU cores). `deadline` (time.monotonic()): no batch is started that the longest sampling and
    judging so far say would be judged past it (`_would_end`), so a bounded call stops between
    batches, every rate it measured kept, rather than being killed inside one. `progress(done, total,
    generate_s, judge_s, metrics)` after each batch is judged, with that batch's seconds of sampling
    and of judging and the verifier's metrics over it (verifier_metrics: seconds per verification)."""
    measured: dict[str, PassRate] = {}
    longest_sample = longest_judge = 0.0
    done = 0
    judging = None  # (batch, future, sampling seconds) of the batch being judged

    def judge(texts, sources, ids):
        began, metrics = time.monotonic(), {}
        rewards = scorer.exec_reward(texts, log_metric=metrics.__setitem__, task_source=sources, task_id=ids)
        return rewards, time.monotonic() - began, metrics

    def record(batch, future, sample_s):
        nonlocal longest_judge, done
        rewards, judge_s, metrics = future.result()  # the judge's own errors raise here, in the caller
        for i, row in enumerate(batch):
            got = rewards[i * params.n:(i + 1) * params.n]
            rate = PassRate(row["task_id"], sum(1 for r in got if r == 1.0), params.n)
            measured[rate.task_id] = rate
            append_jsonl(out / RATES_FILE, {**asdict(rate), **_sampling(params)})
        longest_judge = max(longest_judge, judge_s)
        done += len(batch)
        if progress is not None:
            progress(done, len(rows), sample_s, judge_s, metrics)

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pass-rate-judge") as pool:
        for start in range(0, len(rows), prompts_per_batch):
            if deadline is not None and longest_sample and _would_end(longest_sample, longest_judge, judging is not None) > deadline:
                break
            began = time.monotonic()
            batch = rows[start:start + prompts_per_batch]
            samples = backend.generate([row["prompt"] for row in batch], params)
            sample_s = time.monotonic() - began
            longest_sample = max(longest_sample, sample_s)
            if judging is not None:
                record(*judging)
            texts = [g.text for gens in samples for g in gens]
            sources = [row["task_source"] for row in batch for _ in range(params.n)]
            ids = [row["task_id"] for row in batch for _ in range(params.n)]
            judging = (batch, pool.submit(judge, texts, sources, ids), sample_s)
        if judging is not None:
            record(*judging)
    return measured


def _would_end(sample_s: float, judge_s: float, judging: bool) -> float:
    """When a batch started now would be judged: its sampling, or the judging in flight if that is
    longer, then its own judging. Before any batch has been judged, judging is taken as 3x the
    sampling (it was 1.5-2.2x on an H100, rl48d). The first batch always starts."""
    judge_s = judge_s or 3 * sample_s
    return time.monotonic() + max(sample_s, judge_s if judging else 0.0) + judge_s


def informative(rates: dict[str, PassRate]) -> set[str]:
    """Task ids whose pass rate is strictly between 0 and 1: their groups can disagree."""
    return {tid for tid, r in rates.items() if 0 < r.passed < r.samples}


def histogram(rates: dict[str, PassRate]) -> str:
    """'0/4: 120, 1/4: 9, ...', for logs and errors: how far the policy is from useful signal."""
    counts = Counter((r.passed, r.samples) for r in rates.values())
    return ", ".join(f"{p}/{n}: {c}" for (p, n), c in sorted(counts.items()))
