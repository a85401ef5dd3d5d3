"""Pieces every template family uses: the module header, grammar ops as Triton statements,
text helpers, and the small kernels shared by several families."""

from __future__ import annotations

import ast

HEADER = "import math\n\nimport torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n"


def tl_unary(step: dict, h: str = "h") -> list[str]:
    """Triton statements applying one grammar op to the fp32 register value `h`."""
    op, a = step["op"], step.get("a")
    if op == "relu":
        return [f"{h} = tl.maximum({h}, 0.0)"]
    if op == "gelu":  # exact (erf) GELU, as F.gelu's default
        return [f"{h} = 0.5 * {h} * (1.0 + tl.erf({h} * 0.7071067811865476))"]
    if op == "sigmoid":  # exp(-h) -> inf for h << 0 gives 1/inf = 0, no NaN
        return [f"{h} = 1.0 / (1.0 + tl.exp(-{h}))"]
    if op == "tanh":
        # e = exp(-2|h|) <= 1 never overflows; below |h| = 0.05, 1 - e cancels (relative error
        # 6e-8 / 2|h|, all of it at |h| ~ 1e-8), so use the odd series |h| - |h|^3/3 + 2|h|^5/15.
        return [f"a = tl.abs({h})", "e = tl.exp(-2.0 * a)",
                "t = tl.where(a < 0.05, a - a * a * a / 3.0 + 2.0 * a * a * a * a * a / 15.0, (1.0 - e) / (1.0 + e))",
                f"{h} = tl.where({h} >= 0, t, -t)"]
    if op == "silu":
        return [f"{h} = {h} / (1.0 + tl.exp(-{h}))"]
    if op == "leaky_relu":
        return [f"{h} = tl.where({h} >= 0, {h}, {h} * {a})"]
    if op == "hardtanh":
        return [f"{h} = tl.minimum(tl.maximum({h}, {step['lo']}), {step['hi']})"]
    if op == "square":
        return [f"{h} = {h} * {h}"]
    if op == "scale":
        return [f"{h} = {h} * {a}"]
    if op == "shift":
        return [f"{h} = {h} + {a}"]
    if op == "abs":
        return [f"{h} = tl.abs({h})"]
    if op in ("elu", "selu"):
        # exp(h) - 1 cancels near 0 (absolute error 6e-8, all of it when |h| ~ 1e-8): below
        # |h| = 0.05 use the series h + h^2/2 + h^3/6 + h^4/24 (next term h^5/120, 3e-9 there).
        # exp of min(h, 0): the branch for h > 0 is discarded, but it should not be inf either.
        em = (f"em = tl.where(tl.abs({h}) < 0.05, {h} + {h} * {h} / 2.0 + {h} * {h} * {h} / 6.0 + "
              f"{h} * {h} * {h} * {h} / 24.0, tl.exp(tl.minimum({h}, 0.0)) - 1.0)")
        if op == "elu":
            return [em, f"{h} = tl.where({h} > 0, {h}, {a} * em)"]
        return [em, f"{h} = 1.0507009873554805 * tl.where({h} > 0, {h}, 1.6732632423543772 * em)"]
    if op == "softplus":  # log(1 + e^h) = max(h, 0) + log(1 + e^-|h|): no overflow; h > 20 is h itself, as torch
        return [f"{h} = tl.where({h} > 20.0, {h}, tl.maximum({h}, 0.0) + tl.log(1.0 + tl.exp(-tl.abs({h}))))"]
    if op == "softsign":
        return [f"{h} = {h} / (1.0 + tl.abs({h}))"]
    if op == "hardsigmoid":
        return [f"{h} = tl.minimum(tl.maximum({h} + 3.0, 0.0), 6.0) / 6.0"]
    if op == "hardswish":
        return [f"{h} = {h} * (tl.minimum(tl.maximum({h} + 3.0, 0.0), 6.0) / 6.0)"]
    if op == "exp":
        return [f"{h} = tl.exp({h})"]
    if op == "neg":
        return [f"{h} = -{h}"]
    if op == "gelu_tanh":  # 0.5 h (1 + tanh(sqrt(2/pi) (h + 0.044715 h^3))), tanh as above
        return ([f"u = 0.7978845608028654 * ({h} + 0.044715 * {h} * {h} * {h})"] + tl_unary({"op": "tanh"}, "u")
                + [f"{h} = 0.5 * {h} * (1.0 + u)"])
    if op == "swish":
        return [f"{h} = {h} * (1.0 / (1.0 + tl.exp(-{h})))"]
    if op == "clamp":
        return [f"{h} = tl.minimum(tl.maximum({h}, {step['lo']}), {step['hi']})"]
    raise ValueError(f"template has no Triton form for op {op}")


def log1p_of(a: str) -> str:
    """log(1 + a) as a Triton expression, `w = 1.0 + a` already computed: log(w) * a / (w - 1),
    exact where 1 + a rounds. log(1 + a) alone loses a's digits once |a| < 1e-4, and log(1 + e) was
    off by 0.5% in a log-sigmoid at e ~ 1e-5 (inputs shifted by +128: one of 120 answers failed so,
    CPU, 2026-11-28)."""
    return f"tl.where(w == 1.0, {a}, tl.log(w) * {a} / (w - 1.0))"


def tl_log1p(a: str, out: str) -> list[str]:
    """Triton statements setting `out` to log(1 + a) (log1p_of)."""
    return [f"w = 1.0 + {a}", f"{out} = {log1p_of(a)}"]


def tl_expm1(a: str, out: str) -> list[str]:
    """Triton statements setting `out` to exp(a) - 1, which cancels near 0: below |a| = 0.05 the
    series a + a^2/2 + a^3/6 + a^4/24 (next term a^5/120, 3e-9 there)."""
    return [f"{out} = tl.where(tl.abs({a}) < 0.05, {a} + {a} * {a} / 2.0 + {a} * {a} * {a} / 6.0 + "
            f"{a} * {a} * {a} * {a} / 24.0, tl.exp({a}) - 1.0)"]


def tl_logsigmoid(a: str, out: str) -> list[str]:
    """Triton statements setting `out` to log(sigmoid(a)) = min(a, 0) - log1p(exp(-|a|)): no overflow
    and no log of 0."""
    return [f"e = tl.exp(-tl.abs({a}))", "w = 1.0 + e", f"{out} = tl.minimum({a}, 0.0) - {log1p_of('e')}"]


def indent(lines: list[str], n: int = 4) -> str:
    return "\n".join(" " * n + x for x in lines)


def numbered(what: str, steps: list[str]) -> str:
    """A reasoning text: the module's one-line summary, then its numbered steps."""
    return what + "\n" + "\n".join(f"{i}. {x}" for i, x in enumerate(steps, 1))


def op_words(step: dict) -> str:
    if step.get("init"):  # the value arrives through the constructor: name it, not the number
        return f"{step['op']}({step['init']}=self.{step['init']})"
    extra = {k: v for k, v in step.items() if k not in ("op", "input")}
    return step["op"] + (f"({', '.join(f'{k}={v}' for k, v in extra.items())})" if extra else "")


def plain_module(args: str, launch: str, alloc: str, signature: str = "", init: str = "") -> str:
    """A ModelNew with no parameters: contiguous inputs, `alloc`, `launch`, return out. `signature`
    (`, delta: float = 1.0`) and `init` (a line keeping it) where the constructor takes a value."""
    conts = "".join(f"        {a} = {a}.contiguous()\n" for a in args.split(", "))
    return ("\n\nclass ModelNew(nn.Module):\n"
            f"    def __init__(self{signature}):\n"
            "        super().__init__()\n"
            + (f"        {init}\n" if init else "") + "\n"
            f"    def forward(self, {args}):\n{conts}"
            f"{indent(alloc.splitlines(), 8)}\n"
            f"{indent(launch.splitlines(), 8)}\n"
            "        return out\n")


# Triton has no product reduction: tl.reduce folds with this combine function.
MUL_COMBINE = """
@triton.jit
def mul_combine(a, b):
    return a * b

"""


# The second stage of the scalar losses: one program adds the partials in a fixed order (no atomics).
MEAN_KERNEL = '''
@triton.jit
def mean_kernel(partial_ptr, out_ptr, n_partials, n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_partials, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(partial_ptr + offs, mask=offs < n_partials, other=0.0)
    tl.store(out_ptr, (tl.sum(acc, axis=0) / n).to(out_ptr.dtype.element_ty))
'''


def launch_arguments(code: str) -> str | None:
    """The reasoning's closing step: each launched kernel's parameters in order, each beside what
    forward's launch passes for it. Run 24's level-2 dev answers (data v26) broke this more than any
    other rule: 24 of 56 samples read a name inside a kernel that it never took as a parameter
    (`self_beta` in a product's epilogue, the listing's `s0`, `in0` for a residual), each kernel
    written before the launch that would have passed it. Naming every argument with its source
    just above the code ties the signature, the loads and the launch together. None where the
    code launches no kernel this reads (no `kernel[grid](...)` call)."""
    tree = ast.parse(code)
    kernels, tuned = {}, set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.decorator_list:
            decorators = [ast.unparse(d) for d in node.decorator_list]
            if any(d.startswith("triton.jit") for d in decorators):
                kernels[node.name] = node.args
                if any(d.startswith("triton.autotune") for d in decorators):
                    tuned.add(node.name)
    said = []
    for call in ast.walk(tree):
        name = _launched(call, kernels)
        if name is None or any(s.startswith(name + "(") for s in said):
            continue
        said.append(_bound(name, kernels[name], call, name in tuned))
    if not said:
        return None
    return ("What each kernel takes, in order, and what forward's launch passes for it: " + "; ".join(said)
            + ". Any other name a kernel body reads is `tl`, another @triton.jit function or a local it assigns.")


def _launched(node, kernels: dict) -> str | None:
    """The kernel that `node` launches (`kernel[grid](...)`), or None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Subscript) \
            and isinstance(node.func.value, ast.Name) and node.func.value.id in kernels \
            and not any(isinstance(a, ast.Starred) for a in node.args):
        return node.func.value.id
    return None


def _bound(name: str, args, call, tuned: bool) -> str:
    """`kernel(param = source, ...)`: a pointer or a value passed under another name shows its
    source, one passed under its own name only the name, the strides their count, the
    compile-time constants where they come from."""
    params = [a.arg for a in args.args]
    constexpr = {a.arg for a in args.args if a.annotation is not None and "constexpr" in ast.unparse(a.annotation)}
    given = dict(zip(params, (ast.unparse(a) for a in call.args)))
    given.update({k.arg: ast.unparse(k.value) for k in call.keywords if k.arg in params})
    parts, strides = [], [p for p in params if p.startswith("stride") and p in given]
    for p in params:
        if p in constexpr or p in strides:
            continue
        source = given.get(p)
        parts.append(p if source is None or source == p else f"{p} = {source}")
    if strides:
        parts.append(f"{len(strides)} strides ({strides[0]} to {strides[-1]})" if len(strides) > 1 else strides[0])
    consts = [p for p in params if p in constexpr]
    if consts:
        where = "the autotune configs" if tuned and not any(p in given for p in consts) else "the launch"
        parts.append(f"constexpr {', '.join(consts)} from {where}")
    return f"{name}({', '.join(parts)})"
