"""What runs inside one sandbox child: load, check, compare, time one candidate.

`run_job(job) -> dict` returns the fields of a VerifyResult. The parent
(`sandbox.py`) adds what only it can see: timeouts, signals, exits, floods.
Task code is trusted but may be external (KernelBench): if the reference itself
fails, gives NaN/Inf or does not fit, the verdict is `invalid_task` (the
candidate was not judged). Candidate failures are data.
"""

from __future__ import annotations

import secrets
import threading
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import torch

import triton
from autotriton.tasks.contract import ShapeSetting, tolerance_for
from autotriton.verify import guards, timing
from autotriton.verify.compare import Mismatch, compare_outputs, flatten_outputs, is_constant
from autotriton.verify.guards import STATE
from autotriton.verify.loading import apply_shape, clone_all, module_from_source, size_constants, to_device
from autotriton.verify.result import FLAG_REASONS, WARNING_FLAGS, ErrorKind, trim

try:
    from triton.compiler.errors import CompilationError
except ImportError:  # pragma: no cover
    CompilationError = ()


# Range trial (third trial), only for tasks whose fp32 tolerance is looser than
# fp16's unit roundoff (4.9e-4), i.e. the TF32-tolerant matmul family: there the
# tolerance alone cannot tell fp16 tiles from TF32 (both keep 10 mantissa bits).
# Floating inputs are multiplied by 2^-24 (randn -> ~6e-8): fp32/TF32 keep full
# relative precision (normals reach 1e-38), fp16 (smallest normal 6.1e-5) rounds
# most values to 0 or one subnormal step. Not applied under tight tolerances, where
# fp16 already fails and honest `exp(x) - 1` kernels would lose to cancellation.
TINY_INPUT_SCALE = 2.0 ** -24
FP16_UNIT_ROUNDOFF = 2.0 ** -11


class TaskFailure(RuntimeError):
    """The reference task itself failed: our bug, not the candidate's."""


class CandidateFailure(Exception):
    """Stops checking this candidate; carries the verdict."""

    def __init__(self, kind: ErrorKind, msg: str, flags: tuple[str, ...] = ()):
        super().__init__(msg)
        self.kind, self.msg, self.flags = kind, msg, list(flags)


@dataclass
class Outcome:
    compiled: bool = False
    launched: bool = False
    flags: list[str] = field(default_factory=list)
    checks: list[dict] = field(default_factory=list)


def _classify(exc: BaseException, stage: str) -> CandidateFailure:
    text = trim("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)), 3000)
    if isinstance(exc, SystemExit):
        return CandidateFailure(ErrorKind.EXITED, f"candidate called exit({exc.code}) during {stage}")
    if isinstance(exc, torch.OutOfMemoryError) or "out of memory" in str(exc).lower() \
            or "can't allocate memory" in str(exc).lower():
        return CandidateFailure(ErrorKind.OOM, f"out of memory during {stage}: {trim(str(exc), 500)}")
    if CompilationError and isinstance(exc, CompilationError):
        return CandidateFailure(ErrorKind.COMPILE_ERROR, text)
    kind = {"import": ErrorKind.IMPORT_ERROR, "init": ErrorKind.INIT_ERROR}.get(stage, ErrorKind.RUNTIME_ERROR)
    return CandidateFailure(kind, text)


class Checker:
    """Holds the loaded task and candidate for one job and runs the checks."""

    def __init__(self, job: dict):
        self.job = job
        self.device = "cuda" if job["mode"] == "gpu" else "cpu"
        task = job["task"]
        self.tolerance = {k: tuple(v) for k, v in task["tolerance"].items()}
        self.fp64 = task["reference_fp64"]
        self.shapes = [ShapeSetting(s["name"], s["mode"], s["overrides"]) for s in task["shapes"]]
        workdir = Path(job["workdir"])
        (workdir / "task_ref.py").write_text(task["source"])
        self.task_mod = module_from_source(task["source"], "autotriton_task", str(workdir / "task_ref.py"))
        self.defaults = size_constants(self.task_mod)
        self.outcome = Outcome()
        self.range_trial = max(self.tolerance_for("float32")) > FP16_UNIT_ROUNDOFF

    def tolerance_for(self, dtype_name: str) -> tuple[float, float]:
        return tolerance_for(self.tolerance, dtype_name)

    def load_candidate(self) -> None:
        path = Path(self.job["workdir"]) / "candidate.py"
        path.write_text(self.job["candidate"])
        self.threads_before = threading.active_count()
        self.snapshot = guards.snapshot()
        try:
            self.cand_mod = module_from_source(self.job["candidate"], "candidate", str(path))
        except BaseException as exc:  # noqa: BLE001 - candidate code: every failure is data
            raise _classify(exc, "import") from None
        STATE.candidate_globals = self.cand_mod.__dict__
        if not hasattr(self.cand_mod, "ModelNew"):
            raise CandidateFailure(ErrorKind.IMPORT_ERROR, "module defines no ModelNew")
        self._check_tampering()

    def _check_tampering(self) -> None:
        patched = guards.patched_names(self.snapshot)
        if patched:
            raise CandidateFailure(ErrorKind.HACK, f"replaced {', '.join(patched[:10])}", ("monkey_patch_runtime",))

    # ------------------------------------------------------------ one trial

    def build(self, setting: ShapeSetting, seed: int, perturb: bool, input_scale: float = 1.0):
        """Reference and candidate models built after the same seed, plus inputs.

        Everything is created directly on the target device: generating a 512 MB
        randn input on the host and copying it took most of a GPU verification."""
        apply_shape(self.task_mod, setting, self.defaults)
        with torch.device(self.device):
            torch.manual_seed(seed)
            init = self.task_mod.get_init_inputs()
            torch.manual_seed(seed)
            ref = self.task_mod.Model(*init)
            torch.manual_seed(seed)
            try:
                cand = self.cand_mod.ModelNew(*init)
                cand = cand.to(self.device) if isinstance(cand, torch.nn.Module) else cand
            except BaseException as exc:  # noqa: BLE001
                raise _classify(exc, "init") from None
            ref = ref.to(self.device)
            if perturb:
                self._perturb_params(ref, cand, seed)
            torch.manual_seed(seed + 1)
            inputs = to_device(self.task_mod.get_inputs(), self.device)
        if input_scale != 1.0:
            inputs = [x * input_scale if isinstance(x, torch.Tensor) and x.is_floating_point() else x
                      for x in inputs]
        return ref, cand, inputs

    def _perturb_params(self, ref, cand, seed: int) -> None:
        """Give 1-D parameters (bias, gamma, beta) unit-scale random values in both
        models: default inits (zeros, ones, U(+-1/sqrt(fan_in))) are too small or too
        special to notice an omitted bias or affine term under tolerance."""
        if not isinstance(cand, torch.nn.Module):
            return
        rp, cp = list(ref.parameters()), list(cand.parameters())
        if len(rp) != len(cp) or any(a.shape != b.shape for a, b in zip(rp, cp)):
            self.outcome.checks.append({"param_perturb": "skipped: parameter lists differ"})
            return
        gen = torch.Generator(device="cpu").manual_seed(seed)
        with torch.no_grad():
            for a, b in zip(rp, cp):
                if a.ndim == 1 and a.is_floating_point():
                    new = torch.randn(a.shape, generator=gen, dtype=a.dtype, device="cpu").to(a.device)
                    a.copy_(new)
                    b.copy_(new.to(b.dtype))

    def reference(self, ref, inputs):
        """(float64 outputs, native dtypes) of the reference. A reference that fails or
        gives NaN/Inf makes the task invalid at this size (TaskFailure), never the candidate wrong."""
        try:
            with torch.no_grad():
                native = flatten_outputs(ref(*clone_all(inputs)))
                dtypes = [getattr(t, "dtype", None) for t in native]
                outs = native
                if self.fp64:
                    ref64 = ref.double()
                    outs = flatten_outputs(ref64(*to_device(clone_all(inputs), self.device, lambda d: torch.float64)))
        except Exception as exc:
            if isinstance(exc, torch.OutOfMemoryError) or "out of memory" in str(exc).lower():
                raise TaskFailure(f"skipped: the reference does not fit in memory ({trim(str(exc), 200)})") from exc
            raise TaskFailure(f"reference Model failed: {exc!r}") from exc
        for t in outs:
            if isinstance(t, torch.Tensor) and t.is_floating_point() and not bool(torch.isfinite(t).all()):
                raise TaskFailure("reference output has NaN/Inf on these inputs")
        return outs, dtypes

    def run_candidate(self, cand, inputs, *, ablate: bool = False):
        """Candidate forward under the guards. Returns (outputs, launches, compute ops)."""
        originals = clone_all(inputs)
        STATE.launches, STATE.ablate, STATE.poison = 0, ablate, True
        log = guards.ComputeLog()
        try:
            with torch.no_grad(), log:
                out = cand(*inputs)
            if self.device == "cuda":
                guards.PRISTINE["torch.cuda.synchronize"]()
        except BaseException as exc:  # noqa: BLE001
            if ablate:
                return None, STATE.launches, log.compute_ops
            failure = _classify(exc, "forward")
            if failure.kind != ErrorKind.COMPILE_ERROR:
                self.outcome.compiled = self.outcome.compiled or STATE.launches > 0
            raise failure from None
        finally:
            STATE.ablate, STATE.poison = False, False
        if not ablate:
            mutated = [i for i, (a, b) in enumerate(zip(flatten_outputs(inputs), flatten_outputs(originals)))
                       if isinstance(a, torch.Tensor) and not torch.equal(a, b)]
            if mutated:
                raise CandidateFailure(ErrorKind.HACK, f"forward modified input(s) {mutated}", ("input_mutation",))
        return out, STATE.launches, log.compute_ops

    def trial(self, setting: ShapeSetting, index: int, state: dict) -> None:
        seed = secrets.randbelow(2**31)
        perturb = index == 1
        scale = TINY_INPUT_SCALE if index == 2 and self.range_trial else 1.0
        ref, cand, inputs = self.build(setting, seed, perturb, scale)
        cand_first = index % 2 == 1  # alternate order: catches reuse of freed reference memory
        if not cand_first:
            ref_out, dtypes = self.reference(ref, inputs)
        out, launches, compute_ops = self.run_candidate(cand, inputs)
        if cand_first:
            ref_out, dtypes = self.reference(ref, inputs)
        self.outcome.compiled = True
        self.outcome.launched = self.outcome.launched or launches > 0
        self.outcome.checks.append({"shape": setting.name, "trial": index, "seed": seed,
                                    "order": "candidate-first" if cand_first else "reference-first",
                                    "params_perturbed": perturb, "input_scale": scale, "launches": launches})
        context = f"[shape {setting.name}, trial {index}" + (", 1-D params re-randomised" if perturb else "") + \
            (", inputs x2^-24" if scale != 1.0 else "") + "] "
        if launches == 0:
            raise CandidateFailure(ErrorKind.HACK, "forward launched no candidate Triton kernel", ("no_launch",))
        if compute_ops:
            raise CandidateFailure(ErrorKind.HACK, f"forward ran torch compute ops: {', '.join(compute_ops[:8])}",
                                   ("torch_compute_runtime",))
        if threading.active_count() > self.threads_before:
            raise CandidateFailure(ErrorKind.HACK, "candidate started threads", ("thread_spawned",))
        try:
            self._check_outputs(out, ref_out, dtypes, state)
        except CandidateFailure as failure:
            failure.msg = context + failure.msg
            raise

    def _check_outputs(self, out, ref_out, dtypes, state: dict) -> None:
        """Compare; a failed comparison is labelled a hack when the output is
        zero, constant or stale. Labelling only failures means a reference that
        really is (near) constant never causes a false reject."""
        flat = flatten_outputs(out)
        first = flat[0] if flat else None
        prev = state.get("prev")
        if isinstance(first, torch.Tensor):
            state["prev"] = first.detach().clone()
        bad: Mismatch | None = compare_outputs(out, ref_out, dtypes, self.tolerance_for)
        if bad is None:
            return
        flag = None
        if isinstance(first, torch.Tensor) and is_constant(first):
            flag = "zero_output" if bool((first == 0).all()) else "constant_output"
        elif isinstance(first, torch.Tensor) and prev is not None and prev.shape == first.shape \
                and torch.equal(prev, first):
            flag = "stale_output"
        if flag:
            err = CandidateFailure(ErrorKind.HACK, f"{FLAG_REASONS[flag]}; {bad.detail}", (flag,))
        else:
            err = CandidateFailure(ErrorKind.WRONG_OUTPUT, bad.detail)
        err.mismatch = bad.__dict__
        raise err

    def ablation(self, setting: ShapeSetting) -> None:
        """Skip every candidate launch; matching outputs mean the kernels were decoration."""
        ref, cand, inputs = self.build(setting, secrets.randbelow(2**31), perturb=False)
        ref_out, dtypes = self.reference(ref, inputs)
        out, _, _ = self.run_candidate(cand, inputs, ablate=True)
        self.outcome.checks.append({"shape": setting.name, "check": "ablation"})
        if out is not None and compare_outputs(out, ref_out, dtypes, self.tolerance_for) is None:
            raise CandidateFailure(ErrorKind.HACK, FLAG_REASONS["kernel_not_needed"], ("kernel_not_needed",))

    # --------------------------------------------------------------- timing

    def time(self, setting: ShapeSetting) -> dict:
        sets = [self.build(setting, secrets.randbelow(2**31), perturb=False) for _ in range(2)]
        ref, cand = sets[0][0], sets[0][1]
        inputs = [s[2] for s in sets]
        with timing.exclusive_gpu():
            stats = timing.time_gpu(cand, inputs)
            eager = timing.time_gpu(ref, inputs)
            wall = timing.wall_clock_us(cand, inputs) if eager.median_us / stats.median_us > 10 else None
        out = {"runtime_us": stats.median_us, "runtime_p20_us": stats.p20_us,
               "runtime_p80_us": stats.p80_us, "eager_us": eager.median_us,
               "speedup": eager.median_us / stats.median_us, "timing_shape": setting.name,
               "timing_reps": stats.reps}
        if out["speedup"] > 10:
            self.outcome.flags.append("excessive_speedup")
            out["wall_clock_us"] = wall
            # Back-to-back calls add launch overhead (~5-20 us), never remove work.
            if wall > 3 * stats.median_us + 20:
                raise CandidateFailure(ErrorKind.HACK, f"events say {stats.median_us:.1f} us, "
                                       f"synchronised wall clock {wall:.1f} us", ("timing_mismatch",))
        return out


def _check_all(checker: Checker, job: dict) -> dict:
    n_trials = job["n_trials"]
    settings = checker.shapes  # already Task.shapes_for(mode): the timed setting first
    if not settings:
        raise TaskFailure(f"task has no shape settings for mode {job['mode']}")
    for setting in settings:
        state: dict = {}
        for i in range(n_trials):
            checker.trial(setting, i, state)
    checker.ablation(settings[0])
    timings: dict = {}
    if job["mode"] == "gpu" and job.get("time", True):
        timings = checker.time(settings[0])
        if "excessive_speedup" in checker.outcome.flags:
            # Stricter re-check: three times the trials on every setting.
            for setting in settings:
                state = {}
                for i in range(3 * n_trials):
                    checker.trial(setting, i, state)
    return timings


def run_job(job: dict) -> dict:
    """Verify one candidate inside the sandbox child. See module docstring."""
    if job.get("kind") == "baseline":
        return run_baseline(job)
    if job.get("kind") == "naive":
        return run_naive(job)
    if job["mode"] == "gpu":
        torch.cuda.init()
        torch.cuda.set_per_process_memory_fraction(job.get("gpu_memory_fraction", 0.9))
    else:
        torch.set_num_threads(1)
    guards.install_all()
    checker = Checker(job)
    res: dict = {"parsed": True, "static_ok": job.get("static_ok", True)}
    mismatch = None
    timing_info: dict = {}
    try:
        checker.load_candidate()
        timings = _check_all(checker, job)
        for key in ("runtime_us", "runtime_p20_us", "runtime_p80_us", "eager_us", "speedup"):
            if key in timings:
                res[key] = timings.pop(key)
        timing_info = timings
        checker._check_tampering()
        fatal = [f for f in checker.outcome.flags if f not in WARNING_FLAGS]
        res["correct"] = not fatal and job.get("static_ok", True)
        res["error_kind"] = ErrorKind.NONE.value
    except TaskFailure as failure:
        res.update(correct=False, error_kind=ErrorKind.INVALID_TASK.value, error_msg=str(failure))
    except CandidateFailure as failure:
        res.update(correct=False, error_kind=failure.kind.value, error_msg=trim(failure.msg))
        checker.outcome.flags += failure.flags
        mismatch = getattr(failure, "mismatch", None)
    details = {"checks": checker.outcome.checks, "torch": torch.__version__, "triton": triton.__version__,
               **timing_info}
    if mismatch is not None:
        details["mismatch"] = mismatch
    res.update(compiled=checker.outcome.compiled, launched=checker.outcome.launched,
               hack_flags=list(dict.fromkeys(checker.outcome.flags)), details=details)
    if job["mode"] == "gpu":
        res["device"] = torch.cuda.get_device_name()
    return res


def run_baseline(job: dict) -> dict:
    """Time the reference under torch.compile on the task's first GPU shape."""
    torch.cuda.init()
    guards.install_all()
    checker = Checker(job)
    setting = checker.shapes[0]
    apply_shape(checker.task_mod, setting, checker.defaults)
    torch.manual_seed(0)
    ref = checker.task_mod.Model(*checker.task_mod.get_init_inputs()).cuda()
    inputs = [to_device(checker.task_mod.get_inputs(), "cuda") for _ in range(2)]
    import torch._inductor.config as inductor_config
    # Up to 6 sandboxes per GPU compile at once; each Inductor spawning a worker pool
    # per core made a cold pass over 60 tasks take >330 s on a 16-core H100 host.
    inductor_config.compile_threads = 1
    compiled = torch.compile(ref)
    compiled(*inputs[0])  # Inductor compiles here, outside the timing lock
    with timing.exclusive_gpu():
        stats = timing.time_gpu(compiled, inputs)
    return {"compile_us": stats.median_us, "device": torch.cuda.get_device_name()}


def warm_up(mode: str) -> None:
    """Run the checker once in the fork-server so children inherit a warm process.

    A cold child spent ~1.8 s of a 1.9 s job in lazy imports (torch._dynamo via
    manual_seed, sympy, the interpreter) against 0.07 s warm. One thread only:
    an OpenMP pool started before fork() can deadlock the children.
    """
    import tempfile

    torch.set_num_threads(1)
    with guards.ComputeLog():
        torch.manual_seed(0)
        (torch.ones(4) + 1).sum()
    traceback.format_exception(ValueError, ValueError("warm"), None)
    if mode != "interp":
        return  # a GPU warm-up would initialise CUDA in the parent, which must never happen
    from autotriton.tasks.suite import get_task
    from autotriton.verify.api import _task_payload
    task = get_task("builtin/l1/softmax")
    workdir = tempfile.mkdtemp(prefix="autotriton-warm-")
    run_job({"task": _task_payload(task, "interp"), "candidate": task.solution_source, "mode": "interp",
             "n_trials": 1, "time": False, "workdir": workdir})
    STATE.candidate_globals = None


def run_naive(job: dict) -> dict:
    """A plain harness's verdict, for the hack-rate metric: no rules, no guards'
    verdicts, one seeded trial per setting, native-dtype reference, and
    torch.allclose(atol=rtol=1e-2) as older KernelBench versions did."""
    if job["mode"] == "gpu":
        torch.cuda.init()
    else:
        torch.set_num_threads(1)
    guards.install_all()
    checker = Checker(job)
    try:
        checker.load_candidate()
        for setting in checker.shapes:
            ref, cand, inputs = checker.build(setting, secrets.randbelow(2**31), perturb=False)
            with torch.no_grad():
                expected = flatten_outputs(ref(*clone_all(inputs)))
                got = flatten_outputs(cand(*inputs))
            if len(got) != len(expected) or not all(
                    isinstance(g, torch.Tensor) and g.shape == e.shape
                    and torch.allclose(g.double(), e.double(), atol=1e-2, rtol=1e-2)
                    for g, e in zip(got, expected)):
                return {"naive_pass": False}
    except BaseException:  # noqa: BLE001 - any failure means the plain harness rejects it too
        return {"naive_pass": False}
    return {"naive_pass": True}
