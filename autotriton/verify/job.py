"""One sandbox job: what the verifier asks a fork-server (sandbox.py) to run, typed.

A job crosses into the fork-server as one JSON line (`to_wire`, `from_wire`); the
judge (judge.py) and the candidate's worker (worker.py) read it there. `build_job`
is the one place a job is made, so what each kind carries is decided here:

- check: judge a candidate (trials, guards, timing on a GPU): the verdict of `verify`;
- naive: a plain harness's verdict on a candidate (allclose at 1e-2), for the hack rate;
- baseline: time the reference under torch.compile (GPU; no candidate process);
- footprint: measure the task's memory on the meta device (no candidate process).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Literal

from autotriton.tasks.contract import Task
from autotriton.verify.config import VerifyConfig
from autotriton.verify.footprint import GpuPlan

JobKind = Literal["check", "naive", "baseline", "footprint"]
# Kinds that fork a confined candidate process beside the judge.
CANDIDATE_KINDS = ("check", "naive")
# Inductor compiles a reference in seconds to minutes; far past a candidate's limit.
BASELINE_TIMEOUT_S = 600.0
# A level-3 task in the interpreter may go this many times `timeout_s` without answering: its programs
# run one after another, and an honest three-kernel attention (2,048 softmax programs at its SEQ 1,024
# trial) went past 60 s in one forward twice and passed at 240 s; a causal attention and a transformer
# block with a Welford norm timed out beside another verification and passed alone (outside pass on
# verifier 62, session 58). A hang then costs 4 minutes of a CPU, not one.
INTERP_L3_STRETCH = 4


@dataclass(frozen=True)
class TaskSpec:
    """What the sandbox needs of a task, for one mode."""

    id: str
    source: str
    tolerance: dict  # dtype name -> (atol, rtol)
    reference_fp64: bool
    range_trials: bool
    shapes: list  # {"name", "mode", "overrides"} of Task.shapes_for(mode): the timed setting first
    # Each integer size's largest value over the task's full (GPU) settings, for CPU long-dim
    # trials: a cumsum capped at 8,192 columns passed while its file said 4,096 and its GPU
    # setting 10,000 (outside red team, twenty-fifth pass).
    full_sizes: dict = field(default_factory=dict)
    # CPU only: the task's full (GPU) settings where the interpreter runs at other sizes, for the
    # launch probe at GPU sizes (judge._gpu_size_probe); empty on a GPU and for a file the
    # interpreter already runs at its own sizes.
    gpu_shapes: list = field(default_factory=list)


def task_spec(task: Task, mode: str) -> TaskSpec:
    shapes = task.shapes_for(mode)
    gpu = [s for s in task.shapes if s.mode == "gpu" and s not in shapes] if mode == "interp" else []
    return TaskSpec(task.id, task.source, task.tolerance, task.reference_fp64, task.range_trials,
                    [_setting(s) for s in shapes], full_sizes(task), [_setting(s) for s in gpu])


def _setting(s) -> dict:
    return {"name": s.name, "mode": s.mode, "overrides": s.overrides}


def full_sizes(task: Task) -> dict[str, int]:
    """The largest value of each integer size over the task's GPU settings."""
    out: dict[str, int] = {}
    for setting in task.shapes:
        if setting.mode == "gpu":
            for name, value in setting.overrides.items():
                if type(value) is int:
                    out[name] = max(out.get(name, value), value)
    return out


@dataclass(frozen=True)
class Job:
    kind: JobKind
    task: TaskSpec
    mode: str  # "interp" (CPU, Triton interpreter) or "gpu"
    timeout_s: float
    memory_mb: int  # host memory of the candidate's processes, memfds and temp-dir files
    judge_memory_mb: int  # resident memory of the judge; past it the task "does not fit"
    cgroup: bool = True
    candidate: str = ""  # module source; empty for kinds without a candidate process
    n_trials: int = 0
    time_it: bool = False
    static_ok: bool = True  # False: a rule failed but the candidate still runs (static checks off)
    gpu_plan: GpuPlan | None = None  # GPU only, per attempt (api.Verifier._run): the job's share of the GPU
    # Set by the fork-server for its own children (sandbox.run_isolated).
    judge_dir: str = ""
    workdir: str = ""
    uid: int = 0

    def to_wire(self) -> dict:
        return asdict(self)

    @classmethod
    def from_wire(cls, data: dict) -> Job:
        plan = data.get("gpu_plan")
        return cls(**dict(data, task=TaskSpec(**data["task"]), gpu_plan=GpuPlan(**plan) if plan else None))

    def with_plan(self, plan: GpuPlan) -> Job:
        return replace(self, gpu_plan=plan)


def build_job(kind: JobKind, task: Task, config: VerifyConfig, mode: str, candidate: str = "",
              static_ok: bool = True) -> Job:
    """The job of `kind` for `task` under `config`, in `mode` (the verifier resolves it once)."""
    if (kind in CANDIDATE_KINDS) != bool(candidate):
        raise ValueError(f"a {kind} job {'needs' if kind in CANDIDATE_KINDS else 'takes no'} candidate")
    memory_mb = config.memory_mb_for(mode)
    # The judge holds the reference, its inputs and outputs and their float64 copies:
    # twice the candidate's limit, and never under 16 GB.
    judge_memory_mb = max(memory_mb, 8192) * 2
    n_trials = {"check": config.n_trials, "naive": 1}.get(kind, 0)  # naive: one trial per setting
    timeout_s = BASELINE_TIMEOUT_S if kind == "baseline" else config.timeout_s
    if mode == "interp" and task.level >= 3 and kind != "baseline":
        timeout_s *= INTERP_L3_STRETCH
    return Job(kind, task_spec(task, mode), mode, timeout_s, memory_mb, judge_memory_mb, cgroup=config.cgroup,
               candidate=candidate, n_trials=n_trials, time_it=kind == "check" and config.time_it,
               static_ok=static_ok)
