"""The verifier's configuration, and the GPUs it may use (found without initialising CUDA)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from autotriton.config import check_at_least


@dataclass
class VerifyConfig:
    device: Literal["auto", "cpu", "cuda"] = field(
        default="auto", metadata={"help": "cpu = Triton interpreter, interp shapes, no timing; cuda = full shapes + timing"})
    n_trials: int = field(default=3, metadata={"help": "correctness trials per shape setting, each with a fresh seed"})
    timeout_s: float = field(default=60.0, metadata={
        "help": "seconds the candidate may go without answering the judge (load, a forward call, timing), from its "
                "last answer; a whole verification gets sandbox.TIMEOUT_STRETCHES (4) times it; then all is killed. On CPU "
                "both count CPU seconds where the machine is loaded, up to sandbox.LOADED_STRETCH (4) times "
                "as many by the clock"})
    memory_mb: int = field(default=0, metadata={
        "help": "host memory limit per candidate (its processes, memfds and temp-dir files); 0 = 4096 on "
                "CPU, 8192 on GPU (inputs and outputs stay in device memory; CUDA and torch take ~1-2 GB)"})
    cgroup: bool = field(default=True, metadata={
        "help": "put each job in its own memory/pids cgroup where the host allows; off, or where it does "
                "not, the job's memory is summed from /proc (docs/VERIFIER.md)"})
    time_it: bool = field(default=True, metadata={"help": "measure runtime/speedup on GPU"})
    measure_compile: bool = field(default=True, metadata={"help": "also time torch.compile of the reference on GPU"})
    static_checks: bool = field(default=True, metadata={"help": "run the AST rule table (off only to test the sandbox)"})
    workers: int = field(default=0, metadata={"help": "parallel sandboxes; 0 = all cores (CPU) or workers_per_gpu per GPU"})
    workers_per_gpu: int = field(default=6, metadata={"help": "sandboxes per GPU; Triton compilation is CPU-bound"})
    gpu_ids: list[str] | None = field(default=None, metadata={
        "help": "CUDA_VISIBLE_DEVICES entries the sandboxes may use; None = every visible GPU "
                "(a training rank passes its own GPU so rewards stay off its neighbours')"})
    cache_dir: str | None = field(default="default", metadata={"help": "result cache dir; None disables caching"})
    fresh_process: bool = field(default=False, metadata={"help": "benchmark only: new Python per candidate, no fork-server"})
    # Where the judge runs is not a setting of what it decides (every backend gives the same
    # verdicts), so it defaults from the environment: a training launcher's ranks, a data build and
    # an eval all pick up AUTOTRITON_VERIFIER_ADDRESS with no config of their own.
    backend: Literal["local", "ray"] = field(default_factory=lambda: "ray" if _env_address() else "local", metadata={
        "help": "local = this host's sandboxes; ray = actors on a Ray cluster, each running the same sandboxes"})
    address: str | None = field(default_factory=lambda: _ray_address(_env_address()), metadata={
        "help": "Ray cluster address (auto, HOST:PORT, ray://HOST:PORT); None with backend ray starts a local "
                "cluster, or joins RAY_ADDRESS when that is set"})
    actors: int = field(default=0, metadata={
        "help": "Ray actors; 0 = one per GPU of the cluster (cuda), or one per CPU of the cluster (cpu)"})

    def __post_init__(self):
        # timeout: the fork-server's own round trip takes ~0.3 s, so a limit under 1 s judges the sandbox
        check_at_least(self, {"n_trials": 1, "timeout_s": 1.0, "memory_mb": 0, "workers": 0, "workers_per_gpu": 1,
                              "actors": 0})

    @property
    def mode(self) -> str:
        return "gpu" if self.resolved_device() == "cuda" else "interp"

    def resolved_device(self) -> str:
        if self.device != "auto":
            return self.device
        return "cuda" if gpu_count() > 0 else "cpu"

    def memory_mb_for(self, mode: str) -> int:
        """Host memory per candidate: `memory_mb`, or its default for the mode (see its help)."""
        return self.memory_mb or (8192 if mode == "gpu" else 4096)


# VerifyConfig as the `verify:` section of a stage's settings (RL, data build): which of its fields
# enter the stage's hash (autotriton/config.py, hash_record). What the judge decides with counts when
# set away from its default; where it runs and how the work is split never does (every backend and
# worker count gives the same verdicts). device, workers and timeout_s each stage names itself.
HASHED_IF_SET = ("verify.n_trials", "verify.memory_mb", "verify.cgroup", "verify.time_it", "verify.measure_compile",
                 "verify.static_checks")
NOT_HASHED = ("verify.workers_per_gpu", "verify.gpu_ids", "verify.cache_dir", "verify.fresh_process", "verify.backend",
              "verify.address", "verify.actors")


ADDRESS_ENV = "AUTOTRITON_VERIFIER_ADDRESS"


def _env_address() -> str:
    return os.environ.get(ADDRESS_ENV, "").strip()


def _ray_address(text: str) -> str | None:
    """`--verifier-address`'s value as ray.init takes it: "local" starts a cluster on this host."""
    return None if text in ("", "local") else text


def verifier_on(address: str) -> None:
    """Send every verifier this process makes to a Ray cluster (`--verifier-address`): "local"
    starts one on this host, anything else is the cluster's address as ray.init takes it."""
    os.environ[ADDRESS_ENV] = address


def visible_gpu_ids() -> list[str]:
    """CUDA_VISIBLE_DEVICES entries of the GPUs visible, found without initialising CUDA here."""
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible is not None:
        return [d.strip() for d in visible.split(",") if d.strip() and d.strip() != "-1"]
    return [str(i) for i in range(len(list(Path("/dev").glob("nvidia[0-9]*"))))]


def gpu_count() -> int:
    """GPUs visible, found without initialising CUDA in this process."""
    return len(visible_gpu_ids())
