"""The verifier's scores in TRL's reward signature, `fn(completions, **kwargs) -> list[float | None]`,
and in verl's, `compute_score(data_source, solution_str, ground_truth, extra_info)`.

`RewardScorer` holds one Verifier and serves these as its methods (close it when
done); `rule_reward`, `exec_reward` and `speedup_reward` are also module-level functions over
one shared scorer, for trainers that take rewards by import path (`trl grpo --reward_funcs`). Dataset columns arrive as kwargs: each row needs `task_id` (a built-in id or a
task file path) or `task_source` (the task's source text). Completions are
strings or chat message lists (TRL's conversational format).

- `rule_reward`: AutoTriton's is_Triton, strengthened: 1 when every static
  rule passes AND a candidate kernel really launched.
- `exec_reward`: AutoTriton's binary reward: 1 when rules pass, a kernel
  really launched, and every correctness trial passes.
- `format_reward`: 1 when the answer holds a parseable python block defining
  ModelNew (a shaping term for models that cannot yet write code blocks).
- `speedup_reward`: TritonRL-style `correct * min(speedup, 2) / 2`; GPU only,
  None on CPU (not applicable, as TRL reads it).
- `plain_reward`: the paper's ablation without the rule reward: 1 when a plain
  harness (allclose at 1e-2, no rules, no anti-hack checks) accepts the
  answer, so PyTorch answers score too. Only for that ablation: it is the
  reward a hackable judge would give.

The first four share one verification per (task, completion) through a small
memo, so asking for all of them costs one sandbox run.

Under TRL's GRPOTrainer, `exec_reward` and `plain_reward` also log the strict
verifier's rates of the batch (`verifier_metrics`) through the `log_metric`
callable TRL passes reward functions, and `seconds` totals the time spent
verifying (the trainer's step-time split reads it).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from autotriton.tasks import Task, get_task, task_from_source
from autotriton.verify.api import Verifier
from autotriton.verify.config import VerifyConfig
from autotriton.verify.result import FLAG_REASONS, WARNING_FLAGS, ErrorKind, VerifyResult


def completion_text(completion) -> str:
    """The assistant's text, from a string or a list of chat messages."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list):
        return "".join(m.get("content", "") for m in completion if m.get("role", "assistant") == "assistant")
    raise TypeError(f"completion must be str or list of messages, got {type(completion).__name__}")


def _row_tasks(n: int, kwargs: dict) -> list[Task]:
    """The tasks of a batch's rows: by source (a `level` column, as data/export.py writes, sets the
    level where the file does not declare one: it chooses a level-3 file's interpreter sizes), or by id."""
    if "task_source" in kwargs and kwargs["task_source"] is not None:
        ids = kwargs.get("task_id") or [f"row/{i}" for i in range(n)]
        levels = kwargs.get("level") or [0] * n
        return [task_from_source(src, task_id=tid, suite="dataset", level=int(level or 0))
                for src, tid, level in zip(kwargs["task_source"], ids, levels)]
    if "task_id" in kwargs:
        return [get_task(tid) for tid in kwargs["task_id"]]
    raise KeyError("reward needs a `task_id` or `task_source` dataset column")


def verifier_metrics(results: list[VerifyResult]) -> dict[str, float]:
    """The strict verifier's rates over a batch of verdicts, for training logs."""
    n = max(1, len(results))
    runtime_flags = set(FLAG_REASONS) - WARNING_FLAGS
    metrics = {
        "verify/correct_rate": sum(r.correct and r.passed_rules for r in results) / n,
        "verify/rule_pass_rate": sum(r.passed_rules for r in results) / n,
        "verify/compiled_rate": sum(r.compiled for r in results) / n,
        "verify/rule_violation_rate": sum(r.error_kind == ErrorKind.RULE_VIOLATION for r in results) / n,
        "verify/hack_flag_rate": sum(bool(set(r.hack_flags) & runtime_flags) for r in results) / n,
        "verify/no_code_rate": sum(r.error_kind == ErrorKind.NO_CODE for r in results) / n,
    }
    speedups = [r.speedup for r in results if r.correct and r.speedup]
    if speedups:
        metrics["verify/speedup_mean"] = sum(speedups) / len(speedups)
    # Seconds per verification, to tell a batch held up by its slowest answers (longest near the
    # batch's judging time) from one short of workers (mean x answers / workers near it).
    if results:
        metrics["verify/seconds_mean"] = sum(r.wall_s for r in results) / n
        metrics["verify/seconds_max"] = max(r.wall_s for r in results)
    return metrics


class RewardScorer:
    """Verifies completions once and serves all reward components from the memo."""

    def __init__(self, config: VerifyConfig | None = None, memo_size: int = 4096):
        self.verifier = Verifier(config)
        self._memo: OrderedDict[tuple[str, str], VerifyResult] = OrderedDict()
        self._memo_size = memo_size
        self._lock = threading.Lock()
        self.seconds = 0.0  # spent verifying, in total

    def results(self, completions, **kwargs) -> list[VerifyResult]:
        tasks = _row_tasks(len(completions), kwargs)
        texts = [completion_text(c) for c in completions]
        keys = [(t.source, t.level, x) for t, x in zip(tasks, texts)]
        with self._lock:
            # One verification per distinct (task, answer): a GRPO group of a low-entropy policy is
            # often 8 copies of one text (H100 HRD run: sampling entropy ~0.001), and copies must
            # share a verdict anyway, or timing noise alone would make their advantages differ.
            todo = {k: (t, x) for t, x, k in zip(tasks, texts, keys) if k not in self._memo}
        start = time.perf_counter()
        fresh = self.verifier.verify_many(list(todo.values()))
        self.seconds += time.perf_counter() - start
        with self._lock:
            for k, res in zip(todo, fresh):
                self._memo[k] = res
            out = [self._memo[k] for k in keys]
            while len(self._memo) > self._memo_size:
                self._memo.popitem(last=False)
        return out

    def rule_reward(self, completions, **kwargs) -> list[float | None]:
        return [1.0 if r.passed_rules else 0.0 for r in self.results(completions, **kwargs)]

    def exec_reward(self, completions, log_metric=None, **kwargs) -> list[float | None]:
        results = self.results(completions, **kwargs)
        _log(log_metric, results)
        return [1.0 if (r.correct and r.passed_rules) else 0.0 for r in results]

    def format_reward(self, completions, **kwargs) -> list[float | None]:
        return [1.0 if r.parsed else 0.0 for r in self.results(completions, **kwargs)]

    def speedup_reward(self, completions, **kwargs) -> list[float | None]:
        out: list[float | None] = []
        for r in self.results(completions, **kwargs):
            if r.mode != "gpu":
                out.append(None)
            elif not r.correct or r.speedup is None:
                out.append(0.0)
            else:
                out.append(min(r.speedup, 2.0) / 2.0)
        return out

    def plain_reward(self, completions, log_metric=None, **kwargs) -> list[float | None]:
        tasks = _row_tasks(len(completions), kwargs)
        texts = [completion_text(c) for c in completions]
        start = time.perf_counter()
        passed = self.verifier.naive_pass_many(list(zip(tasks, texts)))  # cached per (task, answer)
        self.seconds += time.perf_counter() - start
        if log_metric is not None:
            # The ablation's point is what the strict verifier says of answers trained without the
            # rule reward (rule violations, hacks), so the strict verdicts are logged too.
            _log(log_metric, self.results(completions, **kwargs))
        return [1.0 if ok else 0.0 for ok in passed]

    def close(self) -> None:
        self.verifier.close()


def _log(log_metric, results: list[VerifyResult]) -> None:
    if log_metric is not None:
        for name, value in verifier_metrics(results).items():
            log_metric(name, value)



# ------------------------------------------------------------ TRL by import path

# The same rewards as plain functions, for a trainer that takes rewards by dotted import path
# (`trl grpo --reward_funcs autotriton.verify.rewards.exec_reward`, configs/trl/grpo.yaml). They
# share one scorer per process (shared_scorer); TRL names each curve by the function's name.

def rule_reward(completions, **kwargs) -> list[float | None]:
    return shared_scorer().rule_reward(completions, **kwargs)


def exec_reward(completions, log_metric=None, **kwargs) -> list[float | None]:
    return shared_scorer().exec_reward(completions, log_metric=log_metric, **kwargs)


def speedup_reward(completions, **kwargs) -> list[float | None]:
    return shared_scorer().speedup_reward(completions, **kwargs)


# ------------------------------------------------------------ verl

_SHARED: RewardScorer | None = None
_SHARED_LOCK = threading.Lock()


def shared_scorer() -> RewardScorer:
    """One scorer per process, for trainers that call a plain function rather than hold an object
    (verl). Its verifier follows AUTOTRITON_VERIFIER_ADDRESS: this host's sandboxes, or actors on a
    Ray cluster (inside verl's own Ray job they join verl's cluster)."""
    global _SHARED
    with _SHARED_LOCK:
        if _SHARED is None:
            _SHARED = RewardScorer(VerifyConfig())
        return _SHARED


def verl_compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs) -> dict:
    """verl's `custom_reward_function` signature, one response at a time (its `naive` reward
    manager). `ground_truth` is the task's PyTorch source (Model, get_inputs, get_init_inputs);
    `extra_info["task_id"]`, when present, names it in verdicts, and `extra_info["level"]` gives the
    level of a file that does not declare one (a level-3 file's interpreter sizes depend on it). The score is AutoTriton's exec
    reward: 1.0 when the rules pass, a kernel launched and every trial is correct."""
    return verl_compute_score_batch([data_source], [solution_str], [ground_truth], [extra_info])[0]


def verl_compute_score_batch(data_sources, solution_strs, ground_truths, extra_infos=None, **kwargs) -> list[dict]:
    """The same for verl's `batch` reward manager: the whole batch verified at once, in parallel over
    the verifier's sandboxes (or the Ray cluster's actors)."""
    n = len(solution_strs)
    sources = list(data_sources) if data_sources is not None else ["task"] * n  # some verl callers pass None
    infos = list(extra_infos) if extra_infos is not None else [None] * n
    ids = [(info or {}).get("task_id") or f"{source}/{i}" for i, (source, info) in enumerate(zip(sources, infos))]
    levels = [(info or {}).get("level") or 0 for info in infos]
    results = shared_scorer().results(list(solution_strs), task_source=list(ground_truths), task_id=ids,
                                      level=levels)
    return [_verl_row(r) for r in results]


def _verl_row(r: VerifyResult) -> dict:
    """`score` is the reward; verl logs the other keys (numbers only) beside it."""
    correct = r.correct and r.passed_rules
    return {"score": 1.0 if correct else 0.0, "rules": 1.0 if r.passed_rules else 0.0,
            "compiled": 1.0 if r.compiled else 0.0, "speedup": float(r.speedup or 0.0) if correct else 0.0}
