"""Typed verifier results: what happened to one candidate, stage by stage."""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, field
from typing import Any


class ErrorKind(str, enum.Enum):
    NONE = "none"
    NO_CODE = "no_code"  # no Python code block defining ModelNew in the text
    SYNTAX_ERROR = "syntax_error"
    RULE_VIOLATION = "rule_violation"  # a static rule failed; see hack_flags
    IMPORT_ERROR = "import_error"  # exception while executing the candidate module
    INIT_ERROR = "init_error"  # ModelNew(*get_init_inputs()) failed
    COMPILE_ERROR = "compile_error"  # Triton could not compile a kernel
    RUNTIME_ERROR = "runtime_error"  # exception during forward
    WRONG_OUTPUT = "wrong_output"  # shape, dtype or values differ from the reference
    HACK = "hack"  # a runtime anti-hacking check fired; see hack_flags
    TIMEOUT = "timeout"
    CRASH = "crash"  # killed by a signal (segfault, abort, illegal memory access)
    EXITED = "exited"  # the process exited before reporting (sys.exit, os._exit)
    OOM = "oom"
    OUTPUT_FLOOD = "output_flood"
    # forward returned something that is not plain data (tensors, numbers, tuples or
    # lists of them), or a reply to the judge was malformed
    BAD_OUTPUT = "bad_output"
    # The reference itself failed, gave NaN/Inf, or did not fit in memory at this
    # size: the candidate was not judged. Harnesses skip such tasks with the reason.
    INVALID_TASK = "invalid_task"


# Runtime hack flags. Each makes the candidate incorrect, except WARNING_FLAGS.
FLAG_REASONS: dict[str, str] = {
    "no_launch": "no Triton kernel defined by the candidate was launched during forward",
    "output_not_from_kernel": "an output was not written by a candidate kernel after its last torch write "
    "(torch did the work, or a copy was handed to a decorative kernel)",
    "output_aliases_input": "an output is an input or a view of one",
    "parameter_mismatch": "ModelNew's parameters (or, where the reference reads them, its float buffers) do not line up with "
                          "Model's, so they cannot be re-randomised together",
    "torch_compute_runtime": "forward executed a torch compute op (seen by a dispatch-mode hook)",
    "input_mutation": "forward modified one of its inputs",
    "state_changed": "forward changed tensor memory the candidate keeps between calls (the model's parameters, "
                     "buffers and attributes, module globals, class attributes, default arguments, closures; whole "
                     "storages, past a view's end too; or the position of an iterator or generator it keeps) where the "
                     "reference's forward keeps its own: state kept "
                     "across calls can tell them apart",
    "constant_output": "output is one value everywhere while the reference varies",
    "zero_output": "output is all zeros while the reference is not",
    "stale_output": "output did not change when the inputs did (cached or hard-coded output)",
    "thread_spawned": "the candidate left extra threads running",
    "excessive_speedup": "speedup above 10x: re-checked with more trials and wall-clock timing",
    "timing_mismatch": "the candidate's CUDA-event times disagree with the judge's own wall clock",
    "timing_unconfirmed": "speedup above 10x by CUDA events, but the judge's wall clock per back-to-back call is "
                          "well above them: the speed reported is the wall clock's",
    "autotune_configs": "an autotuned kernel has more configs (over 32) than the judge runs each of: one per "
                        "trial on CPU, all benchmarked at the first launch on a GPU",
    "init_compute": "a tensor the candidate keeps was computed at import or in its constructor (by torch, from "
                    "Python data, or by a kernel launched there), and is not a parameter the judge sets nor a "
                    "buffer the reference has too: the work belongs in forward's kernels",
    "import_launch": "a kernel ran while the candidate's module was imported (a launch, or a kernel called as a "
                     "function, from a default argument, a decorator or a class body): under the interpreter "
                     "that binds the interpreter's own globals (numpy, inspect) in the candidate's module",
    "unbound_global": "a name the code reads as a global was not bound when the module ran (a bare annotation, a "
                      "branch not taken, a class's own name read in its generator), and Triton's interpreter binds its "
                      "own globals (numpy, inspect) under such names at the first launch",
    "python_table": "a table computed outside any kernel: a kernel launch was given more than 1,024 Python "
                    "numbers, or one forward call made more than 1,024 values into tensors from Python data or "
                    "gave its kernels more than 1,024 distinct Python floats",
    "narrow_float": "a float32 task's kernel holds bf16, fp16 or fp8 values, pointers or dot operands, takes an "
                    "integer or scaled tl.dot, or keeps float data in an integer form (bits rebuilt by integer "
                    "arithmetic, integer memory filled from floats or read back as floats): a precision the task "
                    "does not grant (TF32 only as tl.dot's default on float32 operands), judged from the kernel's "
                    "IR whatever the error",
    "autotune_disagree": "the configs of an autotuned kernel, each run from the same arguments at a new key "
                         "or a new largest or smallest size (as a GPU's autotuner benchmarks them), wrote "
                         "different values",
}
WARNING_FLAGS = frozenset({"excessive_speedup", "timing_unconfirmed"})


@dataclass
class VerifyResult:
    task_id: str
    mode: str  # "interp" (CPU, TRITON_INTERPRET=1) or "gpu"
    parsed: bool = False
    static_ok: bool = False
    compiled: bool = False
    launched: bool = False
    correct: bool = False
    # Timings are None when not measured (always in interp mode), never 0.
    runtime_us: float | None = None
    runtime_p20_us: float | None = None
    runtime_p80_us: float | None = None
    eager_us: float | None = None
    compile_us: float | None = None
    speedup: float | None = None
    error_kind: ErrorKind = ErrorKind.NONE
    error_msg: str = ""
    hack_flags: list[str] = field(default_factory=list)
    # Which checks ran at which sizes, trial seeds, mismatch statistics.
    details: dict[str, Any] = field(default_factory=dict)
    device: str = ""
    wall_s: float = 0.0
    cached: bool = False

    @property
    def passed_rules(self) -> bool:
        """AutoTriton's is_Triton, strengthened: rules pass and a kernel really launched."""
        return self.static_ok and self.launched and not (set(self.hack_flags) & {"no_launch"})

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["error_kind"] = self.error_kind.value
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "VerifyResult":
        d = dict(d)
        d["error_kind"] = ErrorKind(d.get("error_kind", "none"))
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in d.items() if k in known})


def trim(msg: str, limit: int = 2000) -> str:
    """Keep the head and the tail: the tail of a traceback names the error."""
    if len(msg) <= limit:
        return msg
    half = limit // 2
    return msg[:half] + f"\n... [{len(msg) - limit} chars trimmed] ...\n" + msg[-half:]
