"""TritonBench, both channels: loaders for a user's checkout, and a runner.

TritonBench-G (GitHub Triton operators): a JSON list of items with fields
`file, repo, simp_instru, comp_instru, output, difficulty`, and one executable
`.py` per item: the gold Triton code, a line of exactly 146 '#', then a test
section whose `test_*` function's results are stored in `result_gold`.

TritonBench-T (PyTorch-aligned operators): a JSON array (under a `.jsonl`
name) of items with fields `name, func_inputs, description, math, example,
torch_code, difficulty, file`, and one `.py` per item: the torch reference,
then a test section that stores `test_results`.

Scoring an item, as TritonBench defines it:
- call: the candidate code followed by the gold test section exits with 0;
- exec: the stored results equal the gold run's (tensors compared with
  allclose, recursing through dicts/lists/tuples; never stdout, which the
  tests leave empty);
- speedup: gold time / candidate time, each the median over a few repeats of
  all `test_*` functions after a first (compiling, result-producing) run.
  GPU only; None on CPU.

Isolation: each program (gold or candidate) runs confined as the verifier's
candidate process is (verify/confined_run.py): its own network, PID, mount and IPC
namespaces, a read-only filesystem except its temp dir (on tmpfs, counted against
its memory), the benchmark checkout and the verifier's answer keys seen empty, an
unprivileged uid, a job cgroup capping host memory (MEMORY_MB), a share of GPU
memory (GPU_FRACTION), an output cap and a wall-clock timeout that kills it all.
Results come back through `torch.save`, read with `torch.load(weights_only=True)`,
which refuses arbitrary pickled objects; the comparison runs outside.

Checks on a model's answer, beyond exec: the static rule table in its TritonBench
form (rules.TRITONBENCH_EXEMPT lists the KernelBench-contract rules left out, and
why), at least one launch of a kernel the answer defines while the test section
runs, no torch compute op issued from the answer's own frames then (operators the
rules cannot type), no clock/synchronize/save/launch function replaced and no
thread left running (in-process checks, which the rule table keeps the answer from
reaching), no function of the answer handing the test section (a view of) its own
argument where the gold's never does (a transpose answered with `x.t()` beside a
decorative launch), and an uncompressed result archive.
Not applicable to this format: the verifier's judge/candidate split (the test
section computes the answer's results in the answer's own process), fresh inputs
(the test section draws its own), input-mutation, the full provenance and
stale-output checks, and the fp64 reference (the gold is a low-precision program
itself).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import json
import os
import re
import stat
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import torch

from autotriton.models.prompts import SYSTEM
from autotriton.tasks.contract import Task, parse_source
from autotriton.tasks.tritonbench import TBItem
from autotriton.verify.compare import tree_disagreement, tree_mismatch
from autotriton.verify.extract import code_blocks
from autotriton.verify.rules import BUILTIN_NAMES, RuleViolation, check_rules
from autotriton.verify.confined_run import OUTPUT_CAP_BYTES, ConfinedRun, run_confined
from autotriton.verify.sandbox import KEEP_ENV, _work_root, remove_tree


# allclose (atol, rtol) by the gold tensor's dtype. Looser than the verifier's
# table: the gold is itself a low-precision result, not an fp64 reference, so
# both sides carry rounding error. fp32 1e-3 passes reassociated reductions;
# fp16 1e-2 is ~20 ulp (4.9e-4); bf16 2e-2 is ~5 ulp (3.9e-3).
TB_TOLERANCE: dict[str, tuple[float, float]] = {
    "float64": (1e-6, 1e-6),
    "float32": (1e-3, 1e-3),
    "float16": (1e-2, 1e-2),
    "bfloat16": (2e-2, 2e-2),
}
TIMING_REPS = 5
# Host memory of one program (the job cgroup; RLIMIT_AS on CPU). The largest G test sections
# allocate a few GB of host tensors; a CPU run shares a 24 GB, 2-core machine with one other.
MEMORY_MB = {"cpu": 8192, "cuda": 16384}
# Share of GPU memory a program may take: TritonBench programs run several at a time.
GPU_FRACTION = 0.3


@dataclass
class TBRun:
    """One program (code + test section) run in a subprocess."""

    exited_ok: bool  # exit status 0
    timed_out: bool
    error_msg: str  # output tail on failure; the reason the results are missing otherwise
    results: object | None  # the stored result object, loaded; None when missing
    total_us: float | None  # median time of all test functions (GPU only)
    launches: int = 0  # launches of kernels defined by the code under test
    torch_ops: list[str] = field(default_factory=list)  # torch compute ops its own code issued
    tampered: list[str] = field(default_factory=list)  # clock/sync/save/launch functions it replaced
    threads_left: int = 0  # Python threads it left running
    aliased: list[str] = field(default_factory=list)  # its functions that returned (a view of) an argument
    changed: dict[str, list[str]] = field(default_factory=dict)  # its functions' arguments a call changed
    called: list[str] = field(default_factory=list)  # its functions the test section called
    oom: bool = False
    flooded: bool = False
    sandbox: dict = field(default_factory=dict)  # confinement applied/missing
    # A gold's elements that its runs disagree on (a tree of bool masks like `results`,
    # None where all agree), left unjudged; `undetermined_n` counts them.
    undetermined: object = None
    undetermined_n: int = 0


@dataclass
class TBResult:
    call_ok: bool
    exec_ok: bool
    error_msg: str
    gold_us: float | None
    candidate_us: float | None
    speedup: float | None  # gold_us / candidate_us, only when exec_ok on a GPU
    # "", "rule_violation", "hack", "timeout", "call" (non-zero exit), "oom", "output_flood",
    # "no_result", "mismatch", "gold_failed"
    error_kind: str = ""
    hack_flags: list[str] = field(default_factory=list)  # rules or runtime checks that fired
    launches: int = 0
    sandbox: dict = field(default_factory=dict)
    undetermined: int = 0  # gold elements not judged: its own runs disagree on them


# ====================================================================== eval adapters

_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)


def prompt_messages(item: TBItem) -> list[dict]:
    """Chat messages asking for a candidate: the item's instruction and the answer format."""
    ask = ("\n\nAnswer with your reasoning first, then exactly one ```python code block holding the complete "
           "code: imports, the @triton.jit kernels and the Python functions the instruction names, with the "
           "same names and signatures. Do not include tests.")
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": item.instruction + ask}]


def answer_task(item: TBItem) -> Task:
    """The item as a Task for the backends that answer by task: `answers:DIR` finds
    DIR/<file stem>.py (the last id part), `reference` answers with `solution_source`.
    Only G has a Triton reference, its gold code; T's gold is the PyTorch operator, no
    answer to "write it in Triton", so `reference` refuses T items by name. Handed to
    backends only: the item is judged by its own test section, never by the verifier."""
    return Task(id=item.id, suite=f"tritonbench-{item.channel.lower()}", level=0, source=item.instruction,
                split="heldout", solution_source=item.gold_code if item.channel == "G" else None, path=item.file)


def extract_tb_code(text: str) -> str | None:
    """The last fenced code block that parses (else the last block), outside <think>; None if none."""
    blocks = code_blocks(_THINK.sub("", text))
    for block in reversed(blocks):
        try:
            ast.parse(block)
        except SyntaxError:
            continue
        return block
    return blocks[-1] if blocks else None


def score_tritonbench(item: TBItem, text: str, mode: str, timeout_s: float = 300.0) -> dict:
    """A model's answer scored on `item`, as a record for eval metrics.

    `mode` is the verifier's ("interp" runs on CPU, "gpu" on CUDA). Keys
    follow VerifyResult's where they mean the same: compiled = call
    accuracy, correct = execution accuracy."""
    device = "cuda" if mode == "gpu" else "cpu"
    gold = _cached_gold(item, device, timeout_s)
    code = extract_tb_code(text)
    # The gold first: an item that cannot run here is skipped for every answer, an empty one
    # too, or a model that said nothing would be charged a failure where others are not.
    if code is None and _judgeable(gold):
        return {"mode": mode, "parsed": False, "compiled": False, "correct": False, "speedup": None,
                "error_kind": "no_code", "error_msg": "no ```python block in the answer", "gold_us": gold.total_us,
                "candidate_us": None}
    result = run_tritonbench_item(item, code or "", device, timeout_s, gold=gold)
    # gold_failed: the item cannot run here at all; counted as skipped (invalid_task) like a
    # verifier task whose reference fails, for every model alike.
    kind = "invalid_task" if result.error_kind == "gold_failed" else result.error_kind or "none"
    # mode: on a GPU a channel with no correct answer has fast1 0%, not "not measured" (metrics).
    return {"mode": mode, "parsed": True, "static_ok": result.error_kind != "rule_violation", "compiled": result.call_ok,
            "launched": result.launches > 0, "correct": result.exec_ok, "speedup": result.speedup,
            "error_kind": kind, "error_msg": result.error_msg, "hack_flags": result.hack_flags,
            "gold_us": result.gold_us, "candidate_us": result.candidate_us,
            "details": {"sandbox": result.sandbox, "undetermined_elements": result.undetermined}}


@functools.lru_cache(maxsize=512)
def _cached_gold(item: TBItem, device: str, timeout_s: float) -> TBRun:
    # One gold run per item and device per process: samples of one item share it.
    return run_tritonbench_gold(item, device, timeout_s)


# ====================================================================== running

def run_tritonbench_gold(item: TBItem, device: str = "cpu", timeout_s: float = 300.0) -> TBRun:
    """The gold code with its own test section, run twice (GOLD_RUNS_UNSTABLE times when those
    two disagree); reuse it across candidates.

    Elements that any run disagrees on are left unjudged (`TBRun.undetermined`): on an H100,
    10 of 184 G golds were not reproducible, from races on duplicate indices (KV-cache and
    quantised copies to random slots, index_select's backward on repeated indices) and
    buffers read before they are written. Two runs were not enough: a third differed again
    elsewhere on all 9 of them. A gold that disagrees with itself on more than
    MAX_UNDETERMINED of a tensor, or anywhere else (shapes, non-tensor values), cannot judge
    anyone: it is returned as failed, so the item is skipped for every model alike."""
    first = _execute(item, item.gold_code, device, timeout_s)
    if not first.exited_ok or first.results is None:
        return first
    runs = [first.results]
    while len(runs) < GOLD_RUNS_UNSTABLE:
        again = _execute(item, item.gold_code, device, timeout_s)
        if again.results is None:
            return TBRun(True, False, "the gold code is not reproducible on this machine (a later run stored "
                         f"no results: {again.error_msg[-300:]})", None, first.total_us)
        runs.append(again.results)
        mask, count, why = tree_disagreement(runs, TB_TOLERANCE, MAX_UNDETERMINED, item.result_var)
        if why:
            return TBRun(True, False, f"the gold code is not reproducible on this machine (runs differ: {why})",
                         None, first.total_us)
        if len(runs) == 2 and not count:
            return first
    return dataclasses.replace(first, undetermined=mask, undetermined_n=count)


def run_tritonbench_item(item: TBItem, candidate_code: str, device: str = "cpu", timeout_s: float = 300.0,
                         *, gold: TBRun | None = None, rules: bool = True) -> TBResult:
    """Score `candidate_code` on `item` (call, exec, speedup); `gold` skips re-running the gold.

    `rules=False` only for scoring an item's own gold code (benchmarks/tritonbench_gold.py):
    third-party code written without our rule table, and for T plain torch, so the static
    rules and the launch check cannot apply to it; the sandbox and the tamper checks do."""
    if gold is None:
        gold = run_tritonbench_gold(item, device, timeout_s)
    result = TBResult(call_ok=False, exec_ok=False, error_msg="", gold_us=gold.total_us, candidate_us=None,
                      speedup=None)
    if not _judgeable(gold):
        # The environment's failure, not the model's (CUDA-only code on a CPU, say): the
        # item is not judgeable here, whatever the candidate did.
        result.error_kind = "gold_failed"
        # Cause first: the report's verdict table shows a message's first 120 characters.
        result.error_msg = f"gold code failed here, item not judged: {gold.error_msg}"
        return result
    try:
        parse_source(candidate_code)
    except (SyntaxError, ValueError) as err:  # an answer cut mid-string (ValueError: a NUL byte, Python 3.11)
        result.error_kind = "syntax_error"
        result.error_msg = f"line {getattr(err, 'lineno', None) or '?'}: {getattr(err, 'msg', None) or err}"
        return result
    violations = item_rule_violations(item, candidate_code) if rules else []
    if violations:
        result.error_kind = "rule_violation"
        result.hack_flags = sorted({v.rule for v in violations})
        result.error_msg = "\n".join(map(str, violations[:20]))
        return result
    cand = _execute(item, candidate_code, device, timeout_s, watch_ops=rules)
    result.call_ok, result.candidate_us, result.launches = cand.exited_ok, cand.total_us, cand.launches
    result.sandbox = cand.sandbox
    result.error_kind, result.error_msg = _verdict(item, gold, cand, rules, result)
    result.exec_ok = result.error_kind == ""
    if result.exec_ok and gold.total_us and cand.total_us:
        result.speedup = gold.total_us / cand.total_us
    return result


def item_rule_violations(item: TBItem, code: str) -> list[RuleViolation]:
    """The rule table in its TritonBench form, less the one rule the item itself breaks: five T
    items (abs, max, min, pow, sum) and G max_reduction ask for a function named like a
    builtin, which their test sections call, and `def abs` re-binds a builtin. Every answer
    was rejected for writing what the item asks for. Only that def-name flag of those names
    is dropped; every other rule still judges the def and its body."""
    required = _required_builtin_defs(item)
    allowed = {(n.lineno, f"def {n.name} re-binds a builtin, dunder or import name")
               for n in parse_source(code).body if isinstance(n, ast.FunctionDef) and n.name in required}
    return [v for v in check_rules(code, contract="tritonbench")
            if not (v.rule == "io_access" and (v.line, v.message) in allowed)]


@functools.lru_cache(maxsize=1024)
def _required_builtin_defs(item: TBItem) -> frozenset[str]:
    """Builtin names the gold defines at module level and the test section uses: the item's
    own function names (T `abs`), not a shadowing of the answer's choosing."""
    try:
        defined = {n.name for n in ast.parse(item.gold_code).body if isinstance(n, ast.FunctionDef)}
    except SyntaxError:  # a gold that does not parse fails its own run: gold_failed, never this
        return frozenset()
    used = {n.id for n in ast.walk(ast.parse(item.test_code)) if isinstance(n, ast.Name)}
    return frozenset(defined & used & BUILTIN_NAMES)


def _judgeable(gold: TBRun) -> bool:
    return gold.exited_ok and gold.results is not None


def _verdict(item: TBItem, gold: TBRun, cand: TBRun, rules: bool, result: TBResult) -> tuple[str, str]:
    """(error kind, message) of a candidate run against the gold's; ("", "") when it passes.
    Hack flags found on the way are added to `result.hack_flags`."""
    if cand.tampered:
        result.hack_flags += ["monkey_patch"]
        return "hack", f"the program replaced {', '.join(cand.tampered)}: timing or results could be faked"
    if cand.flooded:
        return "output_flood", cand.error_msg
    if cand.oom:
        return "oom", cand.error_msg
    if not cand.exited_ok:
        return ("timeout" if cand.timed_out else "call"), cand.error_msg
    if cand.results is None:
        return "no_result", cand.error_msg
    if cand.threads_left > 0:
        result.hack_flags += ["thread_spawned"]
        return "hack", f"the program left {cand.threads_left} thread(s) running: work could escape the timing"
    if rules and cand.launches == 0:
        result.hack_flags += ["no_launch"]
        return "hack", "no Triton kernel defined by the answer was launched while the test section ran"
    if rules and cand.torch_ops:
        # Operators and builtins (`x + y`, sum(t)) that the static rules cannot type: a red-team
        # answer did the whole item with them beside a kernel launched on dummy data.
        result.hack_flags += ["torch_compute_runtime"]
        return "hack", f"the answer's own code ran torch compute ops: {', '.join(cand.torch_ops)}"
    aliased = sorted(set(cand.aliased) - set(gold.aliased))
    if rules and aliased:
        result.hack_flags += ["output_aliases_input"]
        return "hack", (f"{', '.join(aliased)} returned (a view of) its own argument to the test section, "
                        "which the gold never does: the result was not written by a kernel")
    changed = _changed_beyond_gold(cand, gold)
    if rules and changed:
        result.hack_flags += ["input_mutation"]
        return "hack", (f"{', '.join(changed[:3])}: changed by the call, where the gold leaves it as it was "
                        "(only what the gold writes may be written)")
    result.undetermined = gold.undetermined_n
    mismatch = tree_mismatch(gold.results, cand.results, TB_TOLERANCE, item.result_var, gold.undetermined)
    return ("", "") if mismatch is None else ("mismatch", mismatch)


def _changed_beyond_gold(cand: TBRun, gold: TBRun) -> list[str]:
    """The arguments the answer's functions changed that the gold's functions of those names, also
    called by the test section, left as they were; a function the gold does not have as a plain
    function called there (a class's method) is not compared."""
    return [f"{name}'s {where}" for name, wheres in sorted(cand.changed.items()) if name in gold.called
            for where in wheres if where not in gold.changed.get(name, [])]


# Runs of a gold whose first two disagree: the elements left unjudged are those any of them differ on.
GOLD_RUNS_UNSTABLE = 6
# A gold tensor may disagree with itself on at most this share of its elements (a race on a
# few duplicate slots); beyond it there is too little left to judge by.
MAX_UNDETERMINED = 0.5


# The program a confined process runs: the code under test (candidate.py) and the
# item's test section (test.py), executed in one namespace under their own file
# names, so that kernels defined by the code under test can be told apart. It
# saves the result object, then (on a GPU) times the test functions with the clock
# and synchronize it captured before any code under test ran. Launches of the code
# under test's kernels are counted; what it replaced of the clock, synchronize,
# torch.save and the launch path, and threads it left running, are reported.
_HARNESS = r"""
import contextlib, functools, importlib.util, inspect, json, os, statistics, sys, threading, time, traceback, types
job = json.load(open(sys.argv[1]))
perf = time.perf_counter
import torch
import triton.runtime.jit as _jit
from autotriton.verify import guards
status = {}
if job["device"] == "cpu":
    torch.cuda.synchronize = lambda *a, **k: None
elif job.get("gpu_fraction"):
    torch.cuda.set_per_process_memory_fraction(job["gpu_fraction"])
sync = torch.cuda.synchronize
try:
    from triton.runtime.interpreter import InterpretedFunction
except ImportError:
    InterpretedFunction = None
guards.install_launch_hook()  # counts launches of kernels whose globals are the candidate's
WATCHED = {"time.perf_counter": (time, "perf_counter"), "time.time": (time, "time"),
           "torch.cuda.synchronize": (torch.cuda, "synchronize"), "torch.save": (torch, "save"),
           "torch.cuda.Event.record": (torch.cuda.Event, "record"),
           "torch.cuda.Event.elapsed_time": (torch.cuda.Event, "elapsed_time"),
           "JITFunction.run": (_jit.JITFunction, "run")}
if InterpretedFunction is not None:
    WATCHED["InterpretedFunction.run"] = (InterpretedFunction, "run")
ORIGINAL = {name: getattr(owner, attr) for name, (owner, attr) in WATCHED.items()}
THREADS = threading.active_count()


def tampered():
    return sorted(n for n, (owner, attr) in WATCHED.items() if getattr(owner, attr, None) is not ORIGINAL[n])


# Functions of the code under test that handed the test section (a view of) one of its own
# arguments: a transpose answered with `x.t()` beside a decorative launch. The gold runs the
# same way, and the verdict allows it only where the gold does it too (in-place operators).
ALIASED = {}


# Tensors the test section handed a function of the code under test that the call changed, by
# argument (CALLED: the functions it called). The gold runs the same way, and the verdict allows an
# answer to change only what the gold changes (a destination buffer): an answer zeroing
# var_len_copy's source as well as writing its destination passed 3 of 3 (outside pass on
# verifier 104, F9). Off for the timed reps, whose copies would be timed; a call handed more than
# CHANGE_CHECK_BYTES of tensors is not checked (its copies could take the gold's GPU share).
CHANGED, CALLED, CHECK_ARGS = {}, set(), [True]
CHANGE_CHECK_BYTES = 4 << 30


def tensors_in(obj, where, depth=0):
    if isinstance(obj, torch.Tensor):
        yield where, obj
    elif depth < 4 and isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            yield from tensors_in(v, f"{where}[{i}]", depth + 1)
    elif depth < 4 and isinstance(obj, dict):
        for k, v in obj.items():
            yield from tensors_in(v, f"{where}[{k!r}]", depth + 1)


def storages(obj):
    return {t.untyped_storage().data_ptr() for _, t in tensors_in(obj, "") if t.numel()}


def as_bytes(t):
    return t.detach().reshape(-1).contiguous().view(torch.uint8)


def own_function(obj):
    # A plain function of the code under test, or one a library decorator wraps (functools.wraps
    # sets __wrapped__): @torch.no_grad() put an answer's function in torch's file, unwatched, and
    # an answer zeroing its source passed 3 of 3 (outside pass on verifier 110, F1). Also a method
    # bound to a class of the code under test or to one of its instances (`op = _Op.apply`, an
    # autograd Function's entry: a builtin method of torch's, unwatched, and var_len_copy zeroing
    # its source passed 2 of 2: outside pass on verifier 114, F6), and a partial of either.
    if isinstance(obj, functools.partial):
        return own_function(obj.func)
    try:
        inner = inspect.unwrap(obj) if callable(obj) else obj
    except ValueError:  # a __wrapped__ cycle
        return False
    if isinstance(inner, types.MethodType) or type(inner).__name__ == "builtin_function_or_method":
        owner = getattr(inner, "__self__", None)
        owner = owner if isinstance(owner, type) else type(owner)
        return any(own_function(getattr(f, "__func__", f)) for klass in owner.__mro__ for f in vars(klass).values()
                   if isinstance(getattr(f, "__func__", f), types.FunctionType))
    return isinstance(inner, types.FunctionType) and inner.__code__.co_filename == job["candidate"]


def watch_aliases(name, fn):
    def watched(*args, **kwargs):
        from_test = sys._getframe(1).f_code.co_filename == job["test"]
        given = [(w, t) for i, a in enumerate(args) for w, t in tensors_in(a, f"argument {i}")] + \
                [(w, t) for k, a in kwargs.items() for w, t in tensors_in(a, f"argument {k}")] \
            if from_test and CHECK_ARGS[0] else []
        if sum(t.numel() * t.element_size() for _, t in given) > CHANGE_CHECK_BYTES:
            given = []
        before = [(w, t, as_bytes(t).clone()) for w, t in given]
        out = fn(*args, **kwargs)
        if from_test:
            CALLED.add(name)
        if from_test and storages(out) & storages((args, kwargs)):
            ALIASED[name] = ALIASED.get(name, 0) + 1
        for w, t, copy in before:
            if not torch.equal(as_bytes(t), copy):
                CHANGED.setdefault(name, set()).add(w)
        return out
    watched.__name__, watched.__qualname__ = getattr(fn, "__name__", name), getattr(fn, "__qualname__", name)
    watched.__doc__ = getattr(fn, "__doc__", None)
    watched.__wrapped__ = fn
    return watched


# One namespace, as TritonBench runs them (gold code often imports torch only in its test
# section); the answer's ops are told apart by their frames' file. The op watch runs only
# where it is applied (answers under the rules): it slowed interpreted golds past 60 s.
# The namespace is also importable under the item's file name: two T test sections do
# `from tanh_linear import tanh_linear`, as if the code under test were that module.
module = types.ModuleType(job["module"])
if job["module"] not in sys.modules and importlib.util.find_spec(job["module"]) is None:
    sys.modules[job["module"]] = module  # never in place of a real module (an item named `math`)
ns = module.__dict__
ns.update({"__name__": "__main__", "__file__": job["candidate"], "__builtins__": __builtins__})
ops = guards.CandidateOps(job["candidate"]) if job["watch_ops"] else contextlib.nullcontext()
fns = []
try:
    exec(compile(open(job["candidate"]).read(), job["candidate"], "exec"), ns)
    guards.STATE.candidate_globals = ns
    for name, obj in list(ns.items()):
        if own_function(obj):
            ns[name] = watch_aliases(name, obj)
    ns["__file__"] = job["test"]
    with ops:
        exec(compile(open(job["test"]).read(), job["test"], "exec"), ns)
        fns = [ns[n] for n in job["test_fns"] if callable(ns.get(n))]
        if job["result_var"] not in ns and len(fns) == 1:
            # A test section that defines its test but never calls it (G context_attn_bloom
            # returns result_gold from the function): call it, for gold and answer alike.
            ns[job["result_var"]] = fns[0]()
except BaseException:
    traceback.print_exc()
    sys.stdout.flush()
    os._exit(1)
status["launches"] = guards.STATE.launches
status["aliased"] = sorted(ALIASED)
status["changed"] = {n: sorted(w) for n, w in CHANGED.items()}
status["called"] = sorted(CALLED)
CHECK_ARGS[0] = False
status["torch_ops"] = ops.compute_ops if job["watch_ops"] else []


def plain(obj):
    # Only what torch.load(weights_only=True) reads back: tensors, numbers, str, containers.
    if isinstance(obj, torch.Tensor):
        return obj.detach().cpu().clone()
    if isinstance(obj, dict):
        return {k if isinstance(k, (str, int, float, bool)) else repr(k): plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(plain(v) for v in obj) if type(obj) in (list, tuple) else [plain(v) for v in obj]
    if obj is None or isinstance(obj, (bool, int, float, complex, str)):
        return obj
    if type(obj).__module__ == "numpy":
        return torch.as_tensor(obj)
    return "<unsaved " + type(obj).__name__ + ">"


status["tampered"] = tampered()
if job["result_var"] in ns and not status["tampered"]:
    ORIGINAL["torch.save"](plain(ns[job["result_var"]]), "result.pt")
elif not status["tampered"]:
    status["result_error"] = "the program finished without assigning " + job["result_var"]
if job["device"] == "cuda" and fns and not status["tampered"]:
    try:
        samples = []
        for _ in range(job["reps"]):
            sync()
            t0 = perf()
            for fn in fns:
                fn()
            sync()
            samples.append(perf() - t0)
        status["total_us"] = statistics.median(samples) * 1e6
    except BaseException as exc:
        status["timing_error"] = repr(exc)[:500]
    status["tampered"] = tampered()
status["threads_left"] = threading.active_count() - THREADS
with open("status.json", "w") as f:
    json.dump(status, f)
# No interpreter teardown: G layer_norm_liger's results were stored when a C++ thread's
# destructor killed it at exit (status 139); nor do atexit hooks of the code under test run.
sys.stdout.flush()
sys.stderr.flush()
os._exit(0)
"""


# Same seeds for gold and candidate runs, in case the test section sets none: torch's,
# and numpy's and random's (G kldiv_triton draws its inputs with np.random.rand: its two
# gold runs differed by 0.86).
_SEEDED = """import random as _tb_random, torch as _tb_torch
_tb_random.seed(0)
_tb_torch.manual_seed(0)
try:
    import numpy as _tb_numpy
    _tb_numpy.random.seed(0)
except ImportError:
    pass
"""


def _execute(item: TBItem, code: str, device: str, timeout_s: float, memory_mb: int = 0,
             watch_ops: bool = False) -> TBRun:
    """Run `code` with the item's test section, confined (verify/confined_run.py); `watch_ops`
    records the torch compute ops that `code`'s own frames issue (guards.CandidateOps)."""
    if device not in ("cpu", "cuda"):
        raise ValueError(f"device must be 'cpu' or 'cuda', got {device!r}")
    test_fns = [n.name for n in ast.parse(item.test_code).body
                if isinstance(n, ast.FunctionDef) and n.name.startswith("test")]
    # Not TemporaryDirectory: its rmtree recurses once per folder level (sandbox.remove_tree).
    work = Path(tempfile.mkdtemp(prefix="autotriton-tb-", dir=_work_root()))
    try:
        test = _SEEDED + item.test_code
        for name, text in (("candidate.py", code), ("test.py", test)):
            (work / name).write_text(on_cpu(text) if device == "cpu" else text)
        (work / "harness.py").write_text(_HARNESS)
        job = {"candidate": str(work / "candidate.py"), "test": str(work / "test.py"), "result_var": item.result_var,
               "module": Path(item.file).stem,
               "test_fns": test_fns, "device": device, "reps": TIMING_REPS, "gpu_fraction": GPU_FRACTION,
               "watch_ops": watch_ops}
        (work / "job.json").write_text(json.dumps(job))
        run = run_confined([sys.executable, "harness.py", "job.json"], str(work), _child_env(work, device),
                           timeout_s, memory_mb or MEMORY_MB[device], cpu_mode=device == "cpu",
                           hide=_checkout_dirs(item))
        return _collect(work, run, timeout_s)
    finally:
        remove_tree(work)


def _checkout_dirs(item: TBItem) -> tuple[str, ...]:
    """What a program must not read: the item's data folder (gold code, stored results) and the
    git clone holding it, whose history has the same files (a red-team answer read a gold back
    with `git show`). A clone that is also on the import path stays visible (confine._hide)."""
    data = Path(item.file).resolve().parent.parent
    clone = next((d for d in (data, *data.parents) if (d / ".git").exists()), None)
    return (str(data),) + ((str(clone),) if clone is not None else ())


def _collect(work: Path, run: ConfinedRun, timeout_s: float) -> TBRun:
    """What a confined run left in `work`, read without following links the program planted."""
    base = dict(sandbox=run.sandbox, oom=run.oom, flooded=run.flooded)
    if run.flooded:
        return TBRun(False, False, f"the program wrote over {OUTPUT_CAP_BYTES} bytes of output", None, None, **base)
    if run.oom:
        return TBRun(False, False, f"the program ran out of memory (cap {run.sandbox})"[:1000], None, None, **base)
    if run.returncode != 0:
        msg = f"timed out after {timeout_s:g} s" if run.timed_out else f"exit status {run.returncode}"
        return TBRun(False, run.timed_out, f"{msg}{_cause(run.output_tail)}\n{run.output_tail}".strip(), None, None,
                     **base)
    status = _read_owned(work / "status.json", json.load, {})
    results, error = None, status.get("result_error", "")
    if (work / "result.pt").exists():
        results = _read_owned(work / "result.pt", _load_stored, None)
        if results is None:
            error = "stored results could not be read back (not a plain torch.save file of tensors and containers)"
    elif not error:
        error = "the program exited 0 but stored no results"
    return TBRun(True, False, error, results, status.get("total_us"), launches=int(status.get("launches", 0)),
                 torch_ops=[str(o) for o in status.get("torch_ops", [])][:20],
                 tampered=list(status.get("tampered", [])), threads_left=int(status.get("threads_left", 0)),
                 aliased=[str(n) for n in status.get("aliased", [])][:20],
                 changed={str(n): [str(w) for w in ws][:20] for n, ws in dict(status.get("changed", {})).items()},
                 called=[str(n) for n in status.get("called", [])], **base)


def _cause(output_tail: str) -> str:
    """": <last line of the output>", the exception a traceback ends with, for the first line
    of a message: reports cut messages to their start, which was only "exit status 1"."""
    last = next((line.strip() for line in reversed(output_tail.splitlines()) if line.strip()), "")
    return f": {last[:300]}" if last else ""


def _load_stored(f) -> object:
    """torch.load(weights_only=True) of an uncompressed torch.save archive. torch.save never
    compresses; a deflated record of a few MB unpacked to 1 GiB in this (the judging) process."""
    with zipfile.ZipFile(f) as archive:
        if any(info.compress_type != zipfile.ZIP_STORED for info in archive.infolist()):
            raise ValueError("compressed records")
    f.seek(0)
    return torch.load(f, weights_only=True)


def _read_owned(path: Path, read, default):
    """`read(file)` of a plain file the program wrote, or `default` when it is missing, a
    link or unreadable: the confined program owns its dir and may plant anything there."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return default
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return default
        try:
            return read(f)
        except Exception:  # noqa: BLE001 - written by code under test: unreadable is a verdict
            return default


_CUDA_STRING = re.compile(r"""(['"])cuda(?::\d+)?\1""")


def on_cpu(program: str) -> str:
    """A TritonBench program with its devices mapped to the CPU, for the interpreter:
    most test sections hard-code `device='cuda'`. String literals 'cuda'/'cuda:N'
    become 'cpu', `.cuda()` becomes `.cpu()` (and the harness makes
    torch.cuda.synchronize a no-op).
    Gold and candidate get the same rewrite; what still needs CUDA fails for both,
    and the item is recorded as not runnable here (gold_failed), never as the model's."""
    return _CUDA_STRING.sub(r"\1cpu\1", program).replace(".cuda()", ".cpu()")


def _child_env(work: Path, device: str) -> dict[str, str]:
    env = {k: os.environ[k] for k in KEEP_ENV if k in os.environ}
    # USER/LOGNAME: getpass (Triton, torch) fails for the run's uid, which has no passwd entry.
    env.update(HOME=str(work), TMPDIR=str(work), USER="sandbox", LOGNAME="sandbox",
               TRITON_CACHE_DIR=str(work / "triton_cache"), PYTHONDONTWRITEBYTECODE="1")
    env.pop("TRITON_HOME", None)
    env.pop("TRITON_INTERPRET", None)
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
        env["CUDA_VISIBLE_DEVICES"] = ""  # a GPU on the host must not be used by a CPU run
    return env
