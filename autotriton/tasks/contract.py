"""The task contract: KernelBench-compatible PyTorch references plus our metadata.

A task is Python source defining `class Model(nn.Module)`, `get_inputs()` and
`get_init_inputs()`. Sizes live in module-level UPPERCASE integer constants, as
in KernelBench. A *shape setting* is a named set of overrides for those
constants, so one task checks the same operator at several sizes.

Our built-in tasks also carry literal metadata after the `METADATA_MARKER`
line (split, tags, shape settings, tolerance overrides). It is read with
`ast.literal_eval`, so listing or loading a suite never executes task code,
and `Task.prompt_source` drops it so models never see it.
"""

from __future__ import annotations

import ast
import hashlib
import re
import threading
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Mode = Literal["interp", "gpu"]

METADATA_MARKER = "# --- autotriton metadata ---"
# A task whose shape settings are all named this (one GPU_SHAPES entry with no overrides) is
# judged at its own sizes only, in both modes: no derived interp sizes, no random-size trial (an Inductor rewrite specialises sizes
# into literals; data/teachers/inductor/fixed_shape.py).
PINNED_SETTING = "pinned"

_PARSE_LOCK = threading.Lock()


def parse_source(source: str) -> ast.Module:
    """`ast.parse`, one thread at a time. CPython 3.11 keeps the AST-to-object recursion
    depth in interpreter-wide state; parses from verify_many's threads interleaved and
    raised "SystemError: AST constructor recursion depth mismatch" (1 test run in 2)."""
    with _PARSE_LOCK:
        return ast.parse(source)

# Allowed-error table per output dtype: |out - ref| <= atol * rms(ref) + rtol * |ref|.
# atol is scaled by the reference's RMS so one table fits outputs of any
# magnitude (a K=4096 matmul has rms ~64, a softmax row ~1e-4).
# fp32 1e-4 rejects computing in fp16 (unit roundoff 4.9e-4) while fp32
# reassociation, online softmax and fast-math exp/rsqrt (~1e-6) pass. fp64 1e-10 likewise rejects
# computing in fp32 (unit roundoff 6e-8), while fp64 reassociation over 4,096 terms stays under
# 1e-12: at 1e-7 a float64 task computed in float32 inside the kernel passed (outside pass on
# verifier 93).
DEFAULT_TOLERANCE: dict[str, tuple[float, float]] = {
    "float64": (1e-10, 1e-10),
    "float32": (1e-4, 1e-4),
    # Rounding the fp64 reference to fp16/bf16 alone costs half an ulp:
    # 4.9e-4 (fp16) and 3.9e-3 (bf16) relative.
    "float16": (1e-3, 2e-3),
    "bfloat16": (8e-3, 1.6e-2),
}


def tolerance_for(overrides: dict[str, tuple[float, float]], dtype_name: str) -> tuple[float, float]:
    """(atol, rtol) for an output dtype: the task's override, else the default table.
    Dtypes outside the table (integers, bool) compare exactly."""
    if dtype_name in overrides:
        return tuple(overrides[dtype_name])
    return DEFAULT_TOLERANCE.get(dtype_name, (0.0, 0.0))


# fp16's unit roundoff: a float32 tolerance looser than this admits TF32 dot products (10
# mantissa bits, like fp16), so the task is judged with TF32's bounds (verify/judge.py).
FP16_UNIT_ROUNDOFF = 2.0 ** -11


def admits_tf32(overrides: dict[str, tuple[float, float]]) -> bool:
    """Does the task's float32 tolerance admit TF32 `tl.dot`s (the dot-product family)?"""
    return max(tolerance_for(overrides, "float32")) > FP16_UNIT_ROUNDOFF


class TaskError(ValueError):
    """A task file does not follow the contract (a user-facing mistake)."""


@dataclass(frozen=True)
class ShapeSetting:
    """A named variant of the task's module-level size constants."""

    name: str
    mode: Mode
    overrides: dict[str, int]


@dataclass(frozen=True)
class Task:
    id: str
    suite: str
    level: int
    source: str
    split: str = "train"
    tags: tuple[str, ...] = ()
    shapes: tuple[ShapeSetting, ...] = ()
    tolerance: dict[str, tuple[float, float]] = field(default_factory=dict)
    tolerance_reason: str = ""
    # Compute the reference in float64 (the default); a task sets False when
    # its op has no float64 kernel or float64 changes semantics.
    reference_fp64: bool = True
    solution_source: str | None = None
    path: str | None = None

    def shapes_for(self, mode: Mode) -> list[ShapeSetting]:
        """Settings checked in `mode`, the timed one first.

        GPU: full sizes, then the small interp sizes (cheap and odd-sized, they
        catch missing boundary masks). CPU: interp sizes; a file with none (a
        plain KernelBench-style file) is checked at its own sizes."""
        interp = [s for s in self.shapes if s.mode == "interp"]
        full = [s for s in self.shapes if s.mode == "gpu"]
        if mode == "interp":
            return interp or full
        return full + interp

    def tolerance_for(self, dtype_name: str) -> tuple[float, float]:
        return tolerance_for(self.tolerance, dtype_name)

    @property
    def range_trials(self) -> bool:
        """Mixed-magnitude trials (judge.TINY_EXPONENTS) where the tolerance admits TF32.
        Not for a tolerance derived from the task's ops (KernelBench files): their chains of
        elementwise ops lose relative precision near zero in honest fp32 kernels (a
        `1 - 2/(exp(2x)+1)` tanh after VanillaRNN's Linear was 1.4e-7 off on 1e-8 outputs),
        as much as fp16 subnormals would; only the task's author can say its outputs keep it."""
        return not self.tolerance_reason.startswith("derived:")

    @property
    def prompt_source(self) -> str:
        """The task source as a model should see it: metadata removed."""
        return self.source.split(METADATA_MARKER)[0].rstrip() + "\n"

    @property
    def source_hash(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()[:16]


def _module_assignments(tree: ast.Module) -> dict[str, ast.expr]:
    out: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                out[target.id] = node.value
    return out


def _literal(assigns: dict[str, ast.expr], name: str, default, where: str):
    if name not in assigns:
        return default
    try:
        return ast.literal_eval(assigns[name])
    except ValueError as exc:
        raise TaskError(f"{where}: {name} must be a literal ({exc})") from None


def _shape_settings(assigns: dict[str, ast.expr], where: str) -> tuple[ShapeSetting, ...]:
    settings: list[ShapeSetting] = []
    for var, mode in (("INTERP_SHAPES", "interp"), ("GPU_SHAPES", "gpu")):
        table = _literal(assigns, var, {}, where)
        for name, overrides in table.items():
            unknown = [k for k in overrides if k not in assigns]
            if unknown:
                raise TaskError(f"{where}: shape '{name}' overrides undefined constants {unknown}")
            settings.append(ShapeSetting(name=name, mode=mode, overrides=dict(overrides)))
    if not settings:
        # An external task without our metadata: its own constants, at full size.
        settings.append(ShapeSetting(name="default", mode="gpu", overrides={}))
    return tuple(settings)


def check_contract(source: str, where: str) -> ast.Module:
    """Parse `source` and check it defines Model, get_inputs and get_init_inputs."""
    try:
        tree = parse_source(source)
    except SyntaxError as exc:
        raise TaskError(f"{where}: not valid Python ({exc.msg}, line {exc.lineno})") from None
    defined = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    missing = [n for n in ("Model", "get_inputs", "get_init_inputs") if n not in defined]
    if missing:
        raise TaskError(f"{where}: task file must define {', '.join(missing)}")
    return tree


def task_from_source(
    source: str,
    *,
    task_id: str,
    suite: str,
    level: int,
    solution_source: str | None = None,
    path: str | None = None,
) -> Task:
    """Build a Task from source text, reading metadata without executing it. A `LEVEL` the file
    declares (harvested files do) wins over `level`: the level sets the interpreter's sizes of a
    file without its own (tasks/sizes.py), so a caller that rebuilt a level-3 file at level 0 (the
    RL reward from a dataset row) judged it at 8 x 8 pixels where the CLI judged 32 x 32, and a
    kernel covering one 256-pixel block per image was rewarded (outside red team, 2026-11-30)."""
    tree = check_contract(source, path or task_id)
    assigns = _module_assignments(tree)
    where = path or task_id
    level = _literal(assigns, "LEVEL", level, where)
    if type(level) is not int:
        raise TaskError(f"{where}: LEVEL must be an integer, got {level!r}")
    tolerance = _literal(assigns, "TOLERANCE", {}, where)
    reason = _literal(assigns, "TOLERANCE_REASON", "", where)
    if tolerance and not reason:
        raise TaskError(f"{where}: TOLERANCE needs a TOLERANCE_REASON saying why")
    return Task(
        id=task_id,
        suite=suite,
        level=level,
        source=source,
        split=_literal(assigns, "SPLIT", "train", where),
        tags=tuple(_literal(assigns, "TAGS", (), where)),
        shapes=_shape_settings(assigns, where),
        tolerance={k: (float(v[0]), float(v[1])) for k, v in tolerance.items()},
        tolerance_reason=reason,
        reference_fp64=bool(_literal(assigns, "REFERENCE_FP64", True, where)),
        solution_source=solution_source,
        path=path,
    )


def file_task(path: str | Path) -> Task:
    """Any task file in the contract (a user's module, a KernelBench file), as a file: one in a
    folder named `level<N>` (KernelBench's layout) is at level N unless it declares its own
    LEVEL: the level sets a level-3 file's interpreter sizes (tasks/sizes.py), and
    `verify --task-file level3/X.py` judged it at 8 x 8 pixels where the kernelbench suite,
    which reads the level from the folder, judged it at 32 x 32. `suite.load_task_file` is the
    public loader, which every path uses."""
    p = Path(path)
    folder = re.fullmatch(r"level(\d+)", p.parent.name)
    return task_from_source(
        read_python_text(p), task_id=f"file/{p.stem}", suite="file", level=int(folder[1]) if folder else 0, path=str(p)
    )


def read_python_text(path: Path, candidate: bool = False) -> str:
    """A Python file's text. A task file is decoded as Python decodes it (a byte-order mark, a PEP
    263 coding line, else UTF-8; line endings made \n): a Latin-1 source with its coding line,
    which Python runs, was refused as "not a text file" (outside pass on verifier 64). A missing,
    binary or undecodable task file is the user's mistake (TaskError), not a traceback from deep in
    a load. `candidate`: the text as an API caller's `Path.read_text()` hands it over, UTF-8 whatever
    coding line it declares, its bytes that are not UTF-8 taken in as surrogates (which the judge
    reads as '?', extract.readable_text) and its NUL bytes kept (the judge's `syntax_error`): the
    CLI refused a file the API judged (outside pass on verifier 96, F9), decoded a hidden
    `coding: utf-7` line away that the API's rules refuse (correct against rule_violation), and
    raised LookupError out of the CLI on `coding: rot13` (outside pass on verifier 99, F2-F4)."""
    import io
    import tokenize
    if not path.is_file():
        raise TaskError(f"file not found: {path}")
    data = path.read_bytes()
    if candidate:
        return io.TextIOWrapper(io.BytesIO(data), "utf-8", errors="surrogateescape", newline=None).read()
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = io.TextIOWrapper(io.BytesIO(data), encoding, newline=None).read()
    except (SyntaxError, UnicodeDecodeError, LookupError) as exc:  # an unknown or non-text codec, bytes it cannot decode
        raise TaskError(f"{path}: not a text file Python can read ({exc}); expected Python source") from None
    if "\x00" in text:
        raise TaskError(f"{path}: not a text file (holds NUL bytes); expected Python source")
    return text


def module_from_source(source: str, name: str, filename: str) -> types.ModuleType:
    """Execute source as a fresh module. Exceptions propagate to the caller.

    Triton's `@jit` reads the kernel's source with `inspect.getsource`, which
    needs a real file, so callers pass a filename they have written `source` to.
    """
    import linecache
    import sys

    module = types.ModuleType(name)
    module.__file__ = filename
    # linecache lets inspect find the source even if the file is later removed.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    sys.modules[name] = module
    code = compile(source, filename, "exec")
    exec(code, module.__dict__)
    return module
