"""`autotriton data compose`: PyTorch tasks generated from an op grammar (the
AutoTriton paper's "composing basic kernels").

Families, with the level they are tagged (FAMILY_WEIGHTS gives each one's share):
- L1: one elementwise op (relu ... hardswish, elu, selu, softplus, the tanh GELU
  formula, clamp, exp ...), a reduction (sum, mean, max, min, prod, argmax,
  argmin), a norm, a normalisation by a norm (L1 / L2 rows, Frobenius), a softmax
  or log_softmax, a product (linear, matmul, A @ B^T, bmm, matvec, diag(d) @ B,
  3-D tensor times matrix, tril/triu of a matmul; square, large-K, small-K and
  tall-skinny shapes), a layout copy, an embedding gather, a max-pool, a pool
  (avg 2-D, max/avg 1-D, with padding), a scan (cumsum, cumprod, reverse,
  exclusive, masked), a loss (cross-entropy, KL batchmean, smooth L1, Huber,
  hinge, cosine), a group or instance norm over (N, C, H, W), and a convolution
  (2-D, 1x1 or 3x3, stride 1 or 2, padding 0 or 1, with or without bias; of those, 30% depthwise,
  and 30% of the rest 1-D, dilation 1 or 2);
- L2: fused chains: elementwise chains with a second input or a broadcast
  parameter, reductions and scans with a pre-op, norms with residual and activation,
  scaled softmax, matmul/linear with epilogues (bias, activation, scale,
  residual), the MSE loss, a convolution with bias and an activation;
- L3: multi-kernel modules: linear-act-linear MLPs, linear followed by a norm,
  and scaled-dot-product attention.
The expression family (random elementwise expressions, L1) has its own module, `exprs.py`, and
its own streams: its tasks come in addition to these (`data build --set expr_n=N`). So does the
idiom family (`idioms.py`, `--set idiom_n=N`): losses, products, scans and norms written the many
ways people write them, answered by the listing's lowering.

Level 1 follows KernelBench level 1's mix of kinds; of its convolutions, groups=1 2-D ones with
square 1x1 / 3x3 kernels, depthwise 2-D ones, and 1-D ones (dilation 1 or 2) are covered; the 1-D
kind is a `conv2d` family task with `dims: 1` (no transposed or 3-D ones).

Generation is deterministic given the seed: task i of seed s comes from
`random.Random(f"{s}:{i}")`, so a larger `-n` extends a smaller run; how the file
is written (lower-case size names, docstrings, `super(Model, self)`, `torch.rand`
inputs, inputs in local variables) comes from a second stream of its own, so it
never changes what a task computes.
Every task carries two interpreter shape settings (one odd, non-power-of-two;
one power-of-two) and a large GPU setting, plus its grammar point as the literal
`COMPOSE_SPEC`, which is what the template teacher generates code from.

Held-out ops are in the grammar: `builtin:heldout` is a held-out *task* split, not
an unseen-operator one. Its task files are kept out by decontamination, and the
grammar writes the ops that its files use in other ways (cross-entropy of sequence
logits or through nn.CrossEntropyLoss, SmoothL1Loss as a module, x.cumsum on rows,
F.log_softmax over dim 1, functional avg_pool2d), so that no composed task is a
near-copy of one (tests/test_data_families.py).
"""

from __future__ import annotations

import ast
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

from autotriton.data.docstrings import comments, fill, named_docs
from autotriton.tasks.contract import METADATA_MARKER, Task, task_from_source

# Unary ops: torch expression of `h`. Parameters (slope, bounds, constant) are drawn per task.
UNARY = {
    "relu": "torch.relu({h})",
    "gelu": "F.gelu({h})",
    "sigmoid": "torch.sigmoid({h})",
    "tanh": "torch.tanh({h})",
    "silu": "F.silu({h})",
    "leaky_relu": "F.leaky_relu({h}, {a})",
    "hardtanh": "F.hardtanh({h}, {lo}, {hi})",
    "square": "{h} * {h}",
    "scale": "{h} * {a}",
    "shift": "{h} + {a}",
    "abs": "torch.abs({h})",
    "elu": "F.elu({h}, {a})",
    "selu": "torch.selu({h})",
    "softplus": "F.softplus({h})",  # beta 1, threshold 20
    "softsign": "F.softsign({h})",
    "hardsigmoid": "F.hardsigmoid({h})",
    "hardswish": "F.hardswish({h})",
    "exp": "torch.exp({h})",
    "neg": "torch.neg({h})",
    # GELU's tanh approximation, written out as people do in model code
    "gelu_tanh": "0.5 * {h} * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * ({h} + 0.044715 * torch.pow({h}, 3.0))))",
    "swish": "{h} * torch.sigmoid({h})",
    "clamp": "torch.clamp({h}, min={lo}, max={hi})",
}
ACTIVATIONS = ("relu", "gelu", "sigmoid", "tanh", "silu", "leaky_relu", "hardtanh", "elu", "selu", "softplus",
               "softsign", "hardsigmoid", "hardswish", "gelu_tanh", "swish", "clamp")
# exp of a chain's intermediate (squares of scaled values reach ~600) overflows float32 where the
# float64 reference does not: exp only ever sees the task's own randn input.
CHAIN_UNARY = tuple(op for op in UNARY if op != "exp")
# Unary ops whose constant hand-written modules often take as a constructor argument
# (`self.negative_slope`): name and the signature's default. The 135M model trained without this
# form kept `negative_slope` in ModelNew and then wrote a swish (H100 ablation run 5).
INIT_ARGS = {"leaky_relu": ("negative_slope", 0.01), "elu": ("alpha", 1.0), "scale": ("factor", 1.0),
             "shift": ("offset", 0.0)}
# The same ops as a layer held as an attribute and built from the constructor's argument
# (`self.act = nn.LeakyReLU(negative_slope)`), which the listing names `self.act.negative_slope`.
INIT_LAYERS = {"leaky_relu": "LeakyReLU", "elu": "ELU"}
# Binary ops with a second input tensor `y` of the same shape.
BINARY = {
    "add": "{h} + {y}",
    "sub": "{h} - {y}",
    "mul": "{h} * {y}",
    "maximum": "torch.maximum({h}, {y})",
    "silu_gate": "F.silu({h}) * {y}",  # SwiGLU's gate
}
# Ops with a per-column parameter vector (broadcast over rows).
PARAM = {"bias": "{h} + self.bias", "col_scale": "{h} * self.scale"}

# Family weights per level. Level 1 follows KernelBench level 1's mix where the grammar has
# the kind (activations ~15%, matmul variants ~18%, reductions 7%, norms 8%, losses 7%,
# pooling 6%, scans 5%; its 35% of convolutions get 8%, as the grammar lacks the transposed and
# 3-D kinds), plus the data movement families at a few percent each. Activations and reductions are
# weighted above that mix (22 and 9): they are 21 of KernelBench-L1's 100 files and the ones a
# 135M model can get right, and at 15 the run-6 SFT adapter ran 1 of its 14 activations.
FAMILY_WEIGHTS = {
    1: {"unary": 22, "reduce": 9, "norm": 5, "normalize": 4, "softmax": 5, "matmul": 16, "layout": 3,
        "embedding": 2, "maxpool": 3, "pool": 5, "scan": 6, "loss": 8, "groupnorm": 3, "conv2d": 8},
    2: {"chain": 5, "reduce": 4, "norm": 4, "softmax": 3, "matmul": 6, "mse": 1, "scan": 2, "conv2d": 3},
    3: {"mlp": 1, "linear_norm": 1, "attention": 1},
}
FAMILIES_BY_LEVEL = {level: tuple(w) for level, w in FAMILY_WEIGHTS.items()}
# Level-1 families drawn again on a stream of their own (data v21, `data build --set focus_n=N`):
# every adapter so far ran 0 of the dev suite's pooling, embedding and group-norm tasks, and data
# v20 held 36 pooling rows, 30 max-pool, 13 embedding, 25 group-norm and 106 loss rows of 3,763
# (ablation_h200_run22). The idiom family (idioms.py) covers the losses' other spellings.
FOCUS_WEIGHTS = {"pool": 3, "maxpool": 2, "embedding": 2, "groupnorm": 2, "loss": 2, "scan": 1, "normalize": 1}
LEVEL_WEIGHTS = (0.4, 0.45, 0.15)
# fp16 only where there are no parameters: a float32 nn.Parameter next to a half input
# makes the reference itself fail (mixed dtypes in layer_norm / addmm).
HALF_FAMILIES = ("unary", "chain", "reduce", "softmax")


@dataclass(frozen=True)
class Composed:
    """One generated task: its source, and the grammar point it came from."""

    task_id: str
    level: int
    spec: dict
    source: str

    def task(self) -> Task:
        return task_from_source(self.source, task_id=self.task_id, suite="composed", level=self.level)


def _pick_unary(rng: random.Random, choices=tuple(UNARY)) -> dict:
    op = rng.choice(choices)
    args = {}
    if op == "leaky_relu":
        args["a"] = rng.choice([0.01, 0.1, 0.2])
    elif op == "hardtanh":
        args["lo"], args["hi"] = rng.choice([(-1.0, 1.0), (-0.5, 0.5), (-2.0, 2.0)])
    elif op == "clamp":
        args["lo"], args["hi"] = rng.choice([(-1.0, 1.0), (0.0, 6.0), (-0.25, 0.75), (-3.0, 0.5)])
    elif op == "elu":
        args["a"] = rng.choice([1.0, 0.5, 1.5])
    elif op in ("scale", "shift"):
        args["a"] = rng.choice([0.5, 2.0, -1.5, 0.125, 3.0])
    return {"op": op, **args}


def torch_unary(step: dict, h: str) -> str:
    if step.get("layer"):
        return f"self.{step['layer']}({h})"
    args = {k: v for k, v in step.items() if k not in ("op", "init", "layer")}
    if step.get("init"):
        args["a"] = f"self.{step['init']}"  # the constant comes from the constructor
    return UNARY[step["op"]].format(h=h, **args)


def _odd(rng: random.Random, lo: int, hi: int) -> int:
    """A size in [lo, hi] that is not a power of two (boundary masks must matter)."""
    while True:
        n = rng.randint(lo, hi)
        if n & (n - 1):
            return n


def _pow2(rng: random.Random, lo: int, hi: int) -> int:
    return rng.choice([p for p in (2 ** k for k in range(12)) if lo <= p <= hi])


# --------------------------------------------------------------- per-family specs

def _scaled(rng: random.Random, typical: int) -> int:
    n = max(2, int(typical * rng.choice([0.25, 0.5, 0.75, 1.0, 1.25, 1.5])))
    return n // 16 * 16 if n >= 64 else n


def _sizes(rng: random.Random, dims: dict[str, tuple[int, int, int]]) -> dict:
    """dims: name -> (interp max, typical gpu size, gpu odd-size cap) -> four shape settings.

    The GPU sizes are the task file's own constants, i.e. what the model sees, so
    they vary per task (0.25x to 1.5x the typical size, multiples of 16 from 64 up): with fixed
    ones, 2400 composed tasks had only 690 distinct prompts."""
    return {
        "interp_odd": {k: _odd(rng, 3, hi) for k, (hi, _, _) in dims.items()},
        "interp_pow2": {k: _pow2(rng, 2, hi) for k, (hi, _, _) in dims.items()},
        "gpu": {k: _scaled(rng, g) for k, (_, g, _) in dims.items()},
        "gpu_odd": {k: _odd(rng, max(3, o // 2), o) for k, (_, _, o) in dims.items()},
    }


def _normalize_spec(rng: random.Random, level: int) -> dict:
    """x divided by a norm: of its row (l1, l2) or of the whole tensor (frobenius)."""
    return {"family": "normalize", "kind": rng.choice(["l1", "l2", "frobenius"]),
            "sizes": _sizes(rng, {"ROWS": (40, 4096, 4000), "COLS": (300, 8192, 6000)})}


def _scan_spec(rng: random.Random, level: int) -> dict:
    """A prefix scan along dim 1 of (ROWS, L) or (B, L, D); level 2 puts an elementwise op first."""
    kind = rng.choice(["cumsum", "cumsum", "cumprod", "reverse_cumsum", "exclusive_cumsum", "masked_cumsum"])
    three_d = rng.random() < 0.3
    dims = {"B": (4, 32, 30), "L": (200, 2048, 2000), "D": (20, 64, 60)} if three_d else \
        {"ROWS": (20, 1024, 1000), "L": (600, 8192, 8000)}
    pre = _pick_unary(rng, ("relu", "abs", "scale", "sigmoid", "square")) \
        if level == 2 and kind != "cumprod" else None
    spec = {"family": "scan", "kind": kind, "pre": pre}
    if kind == "cumsum" and not three_d and not pre:
        spec["method"] = True  # x.cumsum(dim=1): the function form on 2-D rows is a held-out task file
    return {**spec, "sizes": _sizes(rng, dims)}


def _loss_spec(rng: random.Random, level: int) -> dict:
    """A loss reduced to one scalar. `form`: how the task file writes it."""
    kind = rng.choice(["cross_entropy", "kl_div", "smooth_l1", "huber", "hinge", "cosine"])
    spec = {"family": "loss", "kind": kind}
    # F.cross_entropy(logits, targets) on (N, C) and F.smooth_l1_loss(pred, target) are held-out
    # task files; the grammar writes these losses in the other ways people do
    if kind == "cross_entropy":
        spec["form"] = rng.choice(["sequence", "module", "log_softmax_gather"])
    elif kind == "smooth_l1":
        spec["beta"], spec["form"] = rng.choice([1.0, 0.5, 2.0, 0.1]), "module"
    elif kind == "huber":
        spec["delta"], spec["form"] = rng.choice([1.0, 0.5, 2.0, 1.5]), rng.choice(["functional", "module"])
    dims = {"N": (40, 8192, 8000), "C": (300, 4096, 4000)}
    if spec.get("form") == "sequence":  # a language model's (batch, seq, vocab) logits
        dims = {"B": (4, 16, 16), "S": (12, 512, 500), "C": (300, 4096, 4000)}
    return {**spec, "sizes": _sizes(rng, dims)}


def _pool_spec(rng: random.Random, level: int) -> dict:
    """avg_pool2d, max_pool1d, avg_pool1d: kernel k, stride s, padding p <= k // 2 (torch's bound)."""
    kind = rng.choice(["avg2d", "avg2d", "max1d", "avg1d"])
    k = rng.choice([2, 3, 4] if kind != "avg2d" else [2, 3])
    stride = rng.choice([1, 2, k])
    pad = rng.choice([0, 0, k // 2])
    if kind == "avg2d":
        dims = {"B": (3, 16, 15), "C": (5, 64, 60), "H": (20, 256, 250), "W": (20, 256, 200)}
    else:
        dims = {"B": (4, 32, 30), "C": (6, 64, 60), "L": (200, 8192, 8000)}
    sizes = _sizes(rng, dims)
    for name in ("interp_odd", "interp_pow2"):  # the window must fit: spatial extents >= kernel size
        sizes[name].update({d: max(v, 4) for d, v in sizes[name].items() if d in ("H", "W", "L")})
    return {"family": "pool", "kind": kind, "kernel": k, "stride": stride, "padding": pad,
            # nn.AvgPool2d as a module attribute is a held-out task file: avg_pool2d stays functional
            "form": "functional" if kind == "avg2d" else rng.choice(["functional", "module"]), "sizes": sizes}


def _groupnorm_spec(rng: random.Random, level: int) -> dict:
    """nn.GroupNorm(G, C) (affine), or instance norm (G = C) as nn.InstanceNorm2d or F.instance_norm."""
    kind = rng.choice(["groupnorm", "instancenorm"])
    spec = {"family": "groupnorm", "kind": kind, "eps": rng.choice([1e-5, 1e-6])}
    if kind == "groupnorm":
        spec["groups"] = rng.choice([2, 3, 4, 8])
    else:
        spec["form"] = rng.choice(["module", "functional"])
        spec["affine"] = spec["form"] == "module" and rng.random() < 0.5
    sizes = _sizes(rng, {"B": (3, 16, 15), "C": (12, 64, 60), "H": (12, 256, 250), "W": (12, 256, 200)})
    g = spec.get("groups", 1)
    for setting in sizes.values():  # C must be a multiple of the group count
        setting["C"] = max(g, setting["C"] // g * g)
    return {**spec, "sizes": sizes}


def _conv2d_spec(rng: random.Random, level: int) -> dict:
    """nn.Conv2d, groups=1: kernel 1 or 3, stride 1 or 2, padding <= k // 2; level 2 adds an activation."""
    k = rng.choice([1, 3, 3])
    spec = {"family": "conv2d", "kernel": k, "stride": rng.choice([1, 1, 2]),
            "padding": rng.choice([0, 1]) if k == 3 else 0,
            "bias": level == 2 or rng.random() < 0.5,
            "act": _pick_unary(rng, ACTIVATIONS) if level == 2 else None}
    sizes = _sizes(rng, {"B": (3, 16, 15), "C_IN": (12, 64, 60), "C_OUT": (12, 128, 120),
                         "H": (12, 128, 120), "W": (12, 128, 100)})
    # As for matmul's K: a dot of 3 to 5 taps can cancel until the reference is too unstable to
    # judge a TF32 kernel, so interpreter C_IN stays >= 8; H, W >= 4 keep a 3x3 window inside.
    for name, floor in (("interp_odd", 9), ("interp_pow2", 8)):
        sizes[name]["C_IN"] = max(sizes[name]["C_IN"], floor)
        sizes[name].update({d: max(sizes[name][d], 4) for d in ("H", "W")})
    return {**spec, "sizes": sizes}


def _as_depthwise(spec: dict) -> None:
    """The conv2d spec turned into a depthwise one: groups = channels, so out = in channels."""
    spec["depthwise"] = True
    for setting in spec["sizes"].values():
        setting.pop("C_OUT")


def _as_conv1d(spec: dict, rng: random.Random) -> None:
    """The conv2d spec turned into nn.Conv1d's: the same kernel, stride, padding and bias, a dilation
    of 1 or 2 (3-wide kernels), and the image rows flattened into one long length L."""
    spec["dims"] = 1
    spec["dilation"] = rng.choice([1, 2]) if spec["kernel"] == 3 else 1
    for name, setting in spec["sizes"].items():
        height, width = setting.pop("H"), setting.pop("W")
        # interpreter lengths >= 8 leave a dilated window (span 5) inside even without padding
        setting["L"] = max(8, width) if name.startswith("interp") else height * width // 8


_MORE_SPECS = {"normalize": _normalize_spec, "scan": _scan_spec, "loss": _loss_spec, "pool": _pool_spec,
               "groupnorm": _groupnorm_spec, "conv2d": _conv2d_spec}


def _spec(rng: random.Random, family: str, level: int) -> dict:
    if family in _MORE_SPECS:
        return _MORE_SPECS[family](rng, level)
    big = rng.choice([(4096, 4000), (8192, 6000), (2048, 3001)])
    if family in ("unary", "chain"):
        n_steps = 1 if family == "unary" else rng.randint(2, 4)
        steps = []
        for i in range(n_steps):
            kind = "unary" if family == "unary" else rng.choice(["unary", "unary", "binary", "param"])
            if kind == "unary":
                steps.append(_pick_unary(rng) if family == "unary" else _pick_unary(rng, CHAIN_UNARY))
            elif kind == "binary":
                steps.append({"op": rng.choice(tuple(BINARY)), "input": f"y{i}"})
            else:
                steps.append({"op": rng.choice(tuple(PARAM))})
        # at most one param of each kind, so parameter names stay unique
        seen, uniq = set(), []
        for s in steps:
            if s["op"] in PARAM and s["op"] in seen:
                continue
            seen.add(s["op"])
            uniq.append(s)
        return {"family": family, "steps": uniq,
                "sizes": _sizes(rng, {"ROWS": (40, big[0], big[1]), "COLS": (300, 4096, 3000)})}
    if family == "reduce":
        kind = rng.choice(["sum", "mean", "max", "min", "prod", "argmax", "argmin",
                           "amax_abs" if level == 2 else "sum"])
        # prod, argmax and argmin take no pre-op: a float32 pre-op can round two values equal (or
        # a product out of range) where the float64 reference does not
        pre = _pick_unary(rng, ("relu", "square", "abs", "sigmoid", "scale")) \
            if level == 2 and kind not in ("prod", "argmax", "argmin") else None
        return {"family": family, "kind": kind, "dim": rng.choice([1, 2]), "pre": pre,
                "sizes": _sizes(rng, {"B": (6, 32, 30), "R": (200, 1024, 1000), "C": (40, 512, 500)})}
    if family == "norm":
        return {"family": family, "kind": rng.choice(["layernorm", "rmsnorm"]), "eps": rng.choice([1e-5, 1e-6]),
                "residual": level == 2 and rng.random() < 0.5,
                "act": _pick_unary(rng, ACTIVATIONS) if level == 2 else None,
                "sizes": _sizes(rng, {"ROWS": (40, big[0], big[1]), "COLS": (300, 4096, 3000)})}
    if family == "softmax":
        return {"family": family, "scale": rng.choice([1.0, 0.125, 0.5, 2.0]) if level == 2 else 1.0,
                "bias": level == 2 and rng.random() < 0.5, "log": rng.random() < 0.4,
                "sizes": _sizes(rng, {"ROWS": (40, big[0], big[1]), "COLS": (300, 4096, 3000)})}
    if family == "matmul":
        return _matmul_spec(rng, level)
    if family == "layout":
        perm = rng.choice([[1, 0, 2], [0, 2, 1], [2, 1, 0], [1, 2, 0], [2, 0, 1]])
        return {"family": family, "perm": perm,
                "sizes": _sizes(rng, {"A": (20, 256, 250), "B": (30, 512, 500), "C": (40, 512, 300)})}
    if family == "embedding":
        return {"family": family,
                "sizes": _sizes(rng, {"VOCAB": (60, 32000, 30000), "DIM": (64, 1024, 1000),
                                      "BATCH": (4, 32, 30), "SEQ": (20, 512, 500)})}
    if family == "maxpool":
        k = rng.choice([2, 3])
        sizes = _sizes(rng, {"B": (3, 16, 15), "C": (5, 64, 60), "H": (20, 256, 250), "W": (20, 256, 200)})
        for name in ("interp_odd", "interp_pow2"):  # the window must fit: H, W >= kernel size
            sizes[name].update({d: max(v, 4) for d, v in sizes[name].items() if d in ("H", "W")})
        return {"family": family, "kernel": k, "stride": rng.choice([k, 2]), "sizes": sizes}
    if family == "mse":
        return {"family": family, "reduction": rng.choice(["mean", "sum"]),
                "sizes": _sizes(rng, {"ROWS": (40, 4096, 4000), "COLS": (300, 4096, 3000)})}
    if family == "mlp":
        return {"family": family, "act": _pick_unary(rng, ACTIVATIONS), "residual": rng.random() < 0.5,
                "sizes": _sizes(rng, {"M": (40, 4096, 3000), "D": (48, 1024, 1000), "H": (48, 4096, 3000)})}
    if family == "linear_norm":
        return {"family": family, "kind": rng.choice(["layernorm", "rmsnorm"]), "eps": 1e-5,
                "act": _pick_unary(rng, ACTIVATIONS),
                "sizes": _sizes(rng, {"M": (40, 4096, 3000), "K": (48, 1024, 1000), "N": (64, 2048, 2000)})}
    if family == "attention":
        return {"family": family,
                "sizes": _sizes(rng, {"B": (3, 8, 6), "H": (3, 16, 12), "S": (40, 1024, 1000), "D": (32, 64, 64)})}  # D <= 96
    raise ValueError(f"unknown family {family}")


# Matmul operand shapes besides square-ish: KernelBench level 1 has large-K, small-K and
# tall-skinny products, where the tiling that suits square ones wastes most of the GPU.
_MATMUL_SHAPES = {
    "square": {"M": (48, 4096, 3000), "N": (48, 4096, 2500), "K": (48, 2048, 2000)},
    "large_k": {"M": (16, 256, 250), "N": (16, 256, 250), "K": (300, 65536, 60000)},
    "small_k": {"M": (48, 8192, 8000), "N": (48, 8192, 8000), "K": (8, 64, 60)},
    "tall_skinny": {"M": (200, 32768, 30000), "N": (16, 32, 30), "K": (32, 1024, 1000)},
}
_MATMUL_FORM_DIMS = {
    "bmm": {"B": (4, 16, 12), "M": (40, 1024, 1000), "N": (40, 1024, 900), "K": (40, 512, 500)},
    "matvec": {"M": (48, 8192, 6000), "K": (200, 8192, 8000)},
    "diag_mm": {"N": (48, 4096, 4000), "M": (64, 4096, 4000)},
    "mm3d": {"B": (4, 16, 16), "S": (24, 512, 500), "K": (48, 1024, 1000), "N": (48, 1024, 1000)},
    "tril": {"N": (48, 4096, 3000)},
    "triu": {"N": (48, 4096, 3000)},
}


def _matmul_spec(rng: random.Random, level: int) -> dict:
    """Level 1: every product form; level 2: the forms that take epilogues (bias, activation,
    scale, residual)."""
    forms = ["linear", "matmul", "matmul_bt", "bmm"] + (["matvec", "diag_mm", "mm3d", "tril", "triu"]
                                                        if level == 1 else ["mm3d"])
    form = rng.choice(forms)
    epi = []
    if level == 2:
        if form == "linear":
            epi.append({"op": "bias"})
        if rng.random() < 0.8:
            epi.append(_pick_unary(rng, ACTIVATIONS))
        if rng.random() < 0.4:
            epi.append(_pick_unary(rng, ("scale",)))
        if form not in ("bmm", "mm3d") and rng.random() < 0.3:
            epi.append({"op": "residual"})
    spec = {"family": "matmul", "form": form, "epilogue": epi}
    if form in _MATMUL_FORM_DIMS:
        dims = _MATMUL_FORM_DIMS[form]
    else:
        shape = rng.choice(["square", "square", "large_k", "small_k", "tall_skinny"])
        dims = _MATMUL_SHAPES[shape]
        if shape != "square":
            spec["shape"] = shape
    sizes = _sizes(rng, dims)
    # A contraction of 3 to 5 terms can cancel to almost nothing, and the verifier then finds the
    # reference itself too unstable to judge a TF32 kernel (invalid_task, 1 in 124 tril/triu
    # checks at N = 4 or 5): the interpreter sizes keep K (tril/triu: N) at 8 or more.
    for name, floor in (("interp_odd", 9), ("interp_pow2", 8)):
        sizes[name].update({d: max(v, floor) for d, v in sizes[name].items()
                            if d == "K" or (d == "N" and form in ("tril", "triu"))})
    return {**spec, "sizes": sizes}


# --------------------------------------------------------------- task source

_TF32_TOL = ('TOLERANCE = {"float32": [1e-2, 1e-2]}\n'
             'TOLERANCE_REASON = "tl.dot uses TF32 on GPU by default (10-bit mantissa, rel err ~1e-3 per product '
             'summed over K)"\n')


def _chain_expr(steps: list[dict], h: str) -> tuple[list[str], list[str], list[str]]:
    """forward lines, extra input names, __init__ lines for an elementwise chain on `h`."""
    lines, inputs, init = [], [], []
    for s in steps:
        if s["op"] in UNARY:
            lines.append(f"h = {torch_unary(s, 'h')}")
        elif s["op"] in BINARY:
            inputs.append(s["input"])
            lines.append("h = " + BINARY[s["op"]].format(h="h", y=s["input"]))
        elif s["op"] in PARAM:
            name = "bias" if s["op"] == "bias" else "scale"
            init.append(f"self.{name} = nn.Parameter(torch.randn(cols))")
            lines.append("h = " + PARAM[s["op"]].format(h="h"))
    return lines, inputs, init


def _model(init_args: str, init: list[str], fwd_args: str, body: list[str]) -> str:
    init_body = "\n".join("        " + x for x in ["super().__init__()"] + init)
    fwd_body = "\n".join("        " + x for x in body)
    return (f"class Model(nn.Module):\n    def __init__(self{init_args}):\n{init_body}\n\n"
            f"    def forward(self, {fwd_args}):\n{fwd_body}\n")


def _family_code(spec: dict) -> tuple[str, str, str, str]:
    """(model class source, get_inputs body, get_init_inputs list, description). The description is
    the grammar's own words, which the template answer restates: docstrings never use it (data/docstrings.py)."""
    f, dt = spec["family"], spec.get("dtype", "float32")
    dtype = "" if dt == "float32" else f", dtype=torch.{dt}"
    if f in _MORE_CODE:
        return _MORE_CODE[f](spec)
    if f in ("unary", "chain"):
        lines, extra, init = _chain_expr(spec["steps"], "x")
        names = spec.get("shape") or ["ROWS", "COLS"]
        init_args, init_inputs = (", cols: int", f"[{names[-1]}]") if init else ("", "[]")
        scalar = next((s for s in spec["steps"] if s.get("init")), None)
        if scalar:  # a constructor argument, with the value get_init_inputs passes
            name = scalar["init"]
            init_args = f", {name}: float = {INIT_ARGS[scalar['op']][1]}"
            init_inputs = "[]" if scalar.get("init_default") else f"[{scalar['a']}]"
            held = f"nn.{INIT_LAYERS[scalar['op']]}({name})" if scalar.get("layer") else name
            init = init + [f"self.{scalar.get('layer') or name} = {held}"]
        model = _model(init_args, init, ", ".join(["x"] + extra), ["h = x"] + lines + ["return h"])
        ins = ", ".join(f"torch.randn({', '.join(names)}{dtype})" for _ in ["x"] + extra)
        return model, f"[{ins}]", init_inputs, "elementwise " + " -> ".join(s["op"] for s in spec["steps"])
    if f == "reduce":
        pre = [f"x = {torch_unary(spec['pre'], 'x')}"] if spec["pre"] else []
        red = {"sum": "torch.sum(x, dim={d}{k})", "mean": "torch.mean(x, dim={d}{k})",
               "max": "torch.amax(x, dim={d}{k})", "amax_abs": "torch.amax(torch.abs(x), dim={d}{k})",
               "min": "torch.min(x, dim={d}{k})[0]", "prod": "torch.prod(x, dim={d}{k})",
               "argmax": "torch.argmax(x, dim={d}{k})", "argmin": "torch.argmin(x, dim={d}{k})"}[spec["kind"]]
        red = red.format(d="self.dim" if spec.get("init_dim") else spec["dim"],
                         k=", keepdim=True" if spec.get("keepdim") else "")
        if spec.get("init_dim"):  # the reduced dim as a constructor argument, as hand-written modules take it
            default = f" = {spec['dim']}" if spec.get("dim_default") else ""
            model = _model(f", dim: int{default}", ["self.dim = dim"], "x", pre + ["return " + red])
            init_inputs = "[]" if default else f"[{spec['dim']}]"
        else:
            model, init_inputs = _model("", [], "x", pre + ["return " + red]), "[]"
        pre_txt = f"{spec['pre']['op']} then " if spec["pre"] else ""
        # prod: factors in [0.8, 1.2), so a product of a thousand of them stays in float32's range
        shape = ", ".join(reduce_shape(spec))
        ins = f"[torch.rand({shape}) * 0.4 + 0.8]" if spec["kind"] == "prod" else f"[torch.randn({shape}{dtype})]"
        return model, ins, init_inputs, f"{pre_txt}{spec['kind']} over dim {spec['dim']} of ({shape})"
    if f == "norm":
        eps = "self.eps" if spec.get("init_eps") else spec["eps"]
        if spec["kind"] == "layernorm":
            init = ["self.weight = nn.Parameter(torch.randn(cols))", "self.bias = nn.Parameter(torch.randn(cols))"]
            body = [f"h = F.layer_norm(h, (h.shape[-1],), self.weight, self.bias, {eps})"]
        else:
            init = ["self.weight = nn.Parameter(torch.randn(cols))"]
            body = [f"h = h * torch.rsqrt(torch.mean(h * h, dim=-1, keepdim=True) + {eps}) * self.weight"]
        init_args, init_inputs = ", cols: int", "[COLS]"
        if spec.get("init_eps"):  # `eps: float = 1e-5`, as hand-written norms take it
            init_args += f", eps: float = {spec['eps']}"
            init = ["self.eps = eps"] + init
            init_inputs = "[COLS]" if spec.get("eps_default") else f"[COLS, {spec['eps_passed']}]"
        pre = ["h = x + r"] if spec["residual"] else ["h = x"]
        post = [f"h = {torch_unary(spec['act'], 'h')}"] if spec["act"] else []
        model = _model(init_args, init, "x, r" if spec["residual"] else "x", pre + body + post + ["return h"])
        ins = "[torch.randn(ROWS, COLS), torch.randn(ROWS, COLS)]" if spec["residual"] else "[torch.randn(ROWS, COLS)]"
        desc = ("residual add, " if spec["residual"] else "") + spec["kind"] + (f", {spec['act']['op']}" if spec["act"] else "")
        return model, ins, init_inputs, desc
    if f == "softmax":
        init = ["self.bias = nn.Parameter(torch.randn(cols))"] if spec["bias"] else []
        h = f"x * {spec['scale']}" if spec["scale"] != 1.0 else "x"
        h = f"{h} + self.bias" if spec["bias"] else h
        init_args, init_inputs = (", cols: int", ["COLS"]) if init else ("", [])
        if spec.get("temperature"):  # a softmax with temperature, from the constructor
            h = f"{h if h == 'x' else f'({h})'} / self.temperature"
            init_args += ", temperature: float = 1.0"
            init = init + ["self.temperature = temperature"]
            init_inputs += [] if spec["temperature"] == 1.0 else [repr(spec["temperature"])]
        fn = "log_softmax" if spec.get("log") else "softmax"
        if spec.get("shape"):
            call = f"F.log_softmax({h}, dim={spec['dim']})" if spec.get("log") else f"torch.softmax({h}, dim={spec['dim']})"
        else:
            call = f"F.log_softmax({h}, dim=1)" if spec.get("log") else f"torch.softmax({h}, dim=-1)"
        model = _model(init_args, init, "x", [f"return {call}"])
        shape = ", ".join(reduce_shape(spec))
        where = f"dim {spec['dim']} of ({shape})" if spec.get("shape") else "the last dim"
        return model, f"[torch.randn({shape}{dtype})]", f"[{', '.join(init_inputs)}]", f"{fn} over {where}"
    if f == "matmul":
        return _matmul_code(spec)
    if f == "layout":
        p = tuple(spec["perm"])
        model = _model("", [], "x", [f"return x.permute{p}.contiguous()"])
        return model, "[torch.randn(A, B, C)]", "[]", f"permute {p} to a contiguous tensor"
    if f == "embedding":
        model = _model(", vocab: int, dim: int", ["self.embedding = nn.Embedding(vocab, dim)"], "idx",
                       ["return self.embedding(idx)"])
        return model, "[torch.randint(0, VOCAB, (BATCH, SEQ), dtype=torch.int64)]", "[VOCAB, DIM]", "embedding lookup"
    if f == "maxpool":
        model = _model("", [], "x", [f"return F.max_pool2d(x, {spec['kernel']}, {spec['stride']})"])
        return model, "[torch.randn(B, C, H, W)]", "[]", f"max_pool2d kernel {spec['kernel']} stride {spec['stride']}"
    if f == "mse":
        model = _model("", [], "x, y", [f"return F.mse_loss(x, y, reduction=\"{spec['reduction']}\")"])
        return model, "[torch.randn(ROWS, COLS), torch.randn(ROWS, COLS)]", "[]", f"squared error, {spec['reduction']} (scalar)"
    if f == "mlp":
        body = ["h = self.fc1(x)", f"h = {torch_unary(spec['act'], 'h')}", "h = self.fc2(h)"]
        body += ["return h + x"] if spec["residual"] else ["return h"]
        model = _model(", dim: int, hidden: int", ["self.fc1 = nn.Linear(dim, hidden)", "self.fc2 = nn.Linear(hidden, dim)"],
                       "x", body)
        return model, "[torch.randn(M, D)]", "[D, H]", f"MLP linear-{spec['act']['op']}-linear" + (" + residual" if spec["residual"] else "")
    if f == "linear_norm":
        norm = (f"F.layer_norm(h, (h.shape[-1],), self.weight, self.bias, {spec['eps']})" if spec["kind"] == "layernorm"
                else f"h * torch.rsqrt(torch.mean(h * h, dim=-1, keepdim=True) + {spec['eps']}) * self.weight")
        init = ["self.fc = nn.Linear(in_features, out_features)",
                "self.weight = nn.Parameter(torch.randn(out_features))"]
        if spec["kind"] == "layernorm":
            init.append("self.bias = nn.Parameter(torch.randn(out_features))")
        model = _model(", in_features: int, out_features: int", init, "x",
                       ["h = self.fc(x)", f"h = {norm}", f"return {torch_unary(spec['act'], 'h')}"])
        return model, "[torch.randn(M, K)]", "[K, N]", f"linear, {spec['kind']}, {spec['act']['op']}"
    if f == "attention":
        model = _model("", [], "q, k, v", ["scale = 1.0 / math.sqrt(q.shape[-1])",
                                           "p = torch.softmax(torch.matmul(q, k.transpose(-2, -1)) * scale, dim=-1)",
                                           "return torch.matmul(p, v)"])
        return model, "[torch.randn(B, H, S, D), torch.randn(B, H, S, D), torch.randn(B, H, S, D)]", "[]", \
            "scaled dot-product attention softmax(q k^T / sqrt(d)) v"
    raise ValueError(f"unknown family {f}")


def _normalize_code(spec: dict) -> tuple[str, str, str, str]:
    body = {"l1": ["return x / torch.sum(torch.abs(x), dim=1, keepdim=True)"],
            "l2": ["return x / torch.norm(x, p=2, dim=1, keepdim=True)"],
            "frobenius": ["norm = torch.norm(x, p=\"fro\")", "return x / norm"]}[spec["kind"]]
    desc = {"l1": "rows divided by their L1 norm", "l2": "rows divided by their L2 norm",
            "frobenius": "the tensor divided by its Frobenius norm"}[spec["kind"]]
    return _model("", [], "x", body), "[torch.randn(ROWS, COLS)]", "[]", desc


def scan_dim(spec: dict) -> int:
    """The dim a scan task scans: its own where reshaped (_reshape), else 1."""
    return spec["dim"] if spec.get("shape") else 1


def _scan_code(spec: dict) -> tuple[str, str, str, str]:
    kind, d = spec["kind"], scan_dim(spec)
    shape = ", ".join(spec["shape"]) if spec.get("shape") else "B, L, D" if "B" in spec["sizes"]["gpu"] else "ROWS, L"
    pre = [f"x = {torch_unary(spec['pre'], 'x')}"] if spec["pre"] else []
    body = {"cumsum": f"return x.cumsum(dim={d})" if spec.get("method") else f"return torch.cumsum(x, dim={d})",
            "cumprod": f"return torch.cumprod(x, dim={d})",
            "reverse_cumsum": f"return torch.cumsum(x.flip({d}), dim={d}).flip({d})",
            "exclusive_cumsum": f"return torch.cumsum(x, dim={d}) - x",
            "masked_cumsum": f"return torch.cumsum(x * mask, dim={d})"}[kind]
    if kind == "cumprod":  # factors in [0.5, 1.5): running products stay in float32's range longer
        ins = f"[torch.rand({shape}) + 0.5]"
    elif kind == "masked_cumsum":
        ins = f"[torch.randn({shape}), torch.rand({shape}) > 0.5]"
    else:
        ins = f"[torch.randn({shape})]"
    model = _model("", [], "x, mask" if kind == "masked_cumsum" else "x", pre + [body])
    pre_txt = f"{spec['pre']['op']} then " if spec["pre"] else ""
    return model, ins, "[]", f"{pre_txt}{kind.replace('_', ' ')} along dim {d}"


def _loss_code(spec: dict) -> tuple[str, str, str, str]:
    kind, init, args = spec["kind"], [], "pred, target"
    two = "[torch.randn(N, C), torch.randn(N, C)]"
    if kind == "cross_entropy":
        args, ins = "logits, targets", "[torch.randn(N, C), torch.randint(0, C, (N,))]"
        if spec["form"] == "sequence":
            ins = "[torch.randn(B, S, C), torch.randint(0, C, (B, S))]"
        body = {"sequence": ["return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))"],
                "module": ["return self.criterion(logits, targets)"],
                "log_softmax_gather": ["logp = torch.log_softmax(logits, dim=1)",
                                       "return -logp.gather(1, targets.unsqueeze(1)).mean()"]}[spec["form"]]
        init = ["self.criterion = nn.CrossEntropyLoss()"] if spec["form"] == "module" else []
    elif kind == "kl_div":
        ins = two
        body = ["log_p = torch.log_softmax(pred, dim=1)", "q = torch.softmax(target, dim=1)",
                "return F.kl_div(log_p, q, reduction=\"batchmean\")"]
    elif kind == "smooth_l1":
        ins, body = two, ["return self.criterion(pred, target)"]
        init = [f"self.criterion = nn.SmoothL1Loss(beta={'beta' if spec.get('init') else spec['beta']})"]
    elif kind == "huber" and spec["form"] == "module":
        ins, body = two, ["return self.criterion(pred, target)"]
        init = [f"self.criterion = nn.HuberLoss(delta={'delta' if spec.get('init') else spec['delta']})"]
    elif kind == "huber":
        ins, body = two, [f"return F.huber_loss(pred, target, delta={spec['delta']})"]
    elif kind == "hinge":  # labels are +-1
        ins = "[torch.randn(N, C), torch.randint(0, 2, (N, C)).float() * 2 - 1]"
        body = ["return torch.mean(torch.clamp(1 - pred * target, min=0))"]
    else:
        ins = two
        body = ["cos = F.cosine_similarity(pred, target, dim=1)", "return torch.mean(1 - cos)"]
    desc = {"cross_entropy": "cross-entropy of logits against class indices", "kl_div": "KL divergence, batchmean",
            "smooth_l1": "smooth L1 loss", "huber": "Huber loss", "hinge": "hinge loss",
            "cosine": "cosine similarity loss"}[kind]
    init_args, init_inputs = "", "[]"
    if spec.get("init"):  # the loss's constant from the constructor, held by the loss module
        name = "beta" if kind == "smooth_l1" else "delta"
        init_args = f", {name}: float = 1.0"
        init_inputs = "[]" if spec.get("init_default") else f"[{spec[name]}]"
    return _model(init_args, init, args, body), ins, init_inputs, desc + " (scalar)"


def _pool_code(spec: dict) -> tuple[str, str, str, str]:
    kind, k, s, p = spec["kind"], spec["kernel"], spec["stride"], spec["padding"]
    name = {"avg2d": "avg_pool2d", "max1d": "max_pool1d", "avg1d": "avg_pool1d"}[kind]
    cls = {"avg2d": "AvgPool2d", "max1d": "MaxPool1d", "avg1d": "AvgPool1d"}[kind]
    if spec["form"] == "module":
        init, body = [f"self.pool = nn.{cls}(kernel_size={k}, stride={s}, padding={p})"], ["return self.pool(x)"]
    else:
        init, body = [], [f"return F.{name}(x, {k}, {s}, {p})"]
    ins = "[torch.randn(B, C, H, W)]" if kind == "avg2d" else "[torch.randn(B, C, L)]"
    return _model("", init, "x", body), ins, "[]", f"{name} kernel {k} stride {s} padding {p}"


def _groupnorm_code(spec: dict) -> tuple[str, str, str, str]:
    eps = spec["eps"]
    if spec["kind"] == "groupnorm":
        init = [f"self.gn = nn.GroupNorm(num_groups, num_channels, eps={eps})"]
        model = _model(", num_groups: int, num_channels: int", init, "x", ["return self.gn(x)"])
        return model, "[torch.randn(B, C, H, W)]", f"[{spec['groups']}, C]", f"group norm, {spec['groups']} groups"
    if spec["form"] == "functional":
        model = _model("", [], "x", [f"return F.instance_norm(x, eps={eps})"])
        return model, "[torch.randn(B, C, H, W)]", "[]", "instance norm"
    init = [f"self.norm = nn.InstanceNorm2d(num_features, eps={eps}, affine={spec['affine']})"]
    model = _model(", num_features: int", init, "x", ["return self.norm(x)"])
    return model, "[torch.randn(B, C, H, W)]", "[C]", "instance norm" + (" with affine" if spec["affine"] else "")


def _conv2d_code(spec: dict) -> tuple[str, str, str, str]:
    k, s, p = spec["kernel"], spec["stride"], spec["padding"]
    if spec.get("depthwise"):
        init = [f"self.conv = nn.Conv2d(in_channels, in_channels, kernel_size={k}, stride={s}, padding={p}, "
                f"groups=in_channels, bias={spec['bias']})"]
        model = _model(", in_channels: int", init, "x", ["return self.conv(x)"])
        desc = f"depthwise conv2d {k}x{k} stride {s} padding {p}" + ("" if spec["bias"] else " without bias")
        return model, "[torch.randn(B, C_IN, H, W)]", "[C_IN]", desc
    if spec.get("dims") == 1:
        d = spec["dilation"]
        init = [f"self.conv = nn.Conv1d(in_channels, out_channels, kernel_size={k}, stride={s}, padding={p}, "
                f"dilation={d}, bias={spec['bias']})"]
        model = _model(", in_channels: int, out_channels: int", init, "x", ["return self.conv(x)"])
        desc = f"conv1d kernel {k} stride {s} padding {p} dilation {d}" + ("" if spec["bias"] else " without bias")
        return model, "[torch.randn(B, C_IN, L)]", "[C_IN, C_OUT]", desc
    init = [f"self.conv = nn.Conv2d(in_channels, out_channels, kernel_size={k}, stride={s}, padding={p}, "
            f"bias={spec['bias']})"]
    body = ["h = self.conv(x)"] + ([f"h = {torch_unary(spec['act'], 'h')}"] if spec["act"] else []) + ["return h"]
    model = _model(", in_channels: int, out_channels: int", init, "x", body)
    desc = f"conv2d {k}x{k} stride {s} padding {p}" + ("" if spec["bias"] else " without bias")
    if spec["act"]:
        desc += f", then {spec['act']['op']}"
    return model, "[torch.randn(B, C_IN, H, W)]", "[C_IN, C_OUT]", desc


_MORE_CODE = {"normalize": _normalize_code, "scan": _scan_code, "loss": _loss_code, "pool": _pool_code,
              "groupnorm": _groupnorm_code, "conv2d": _conv2d_code}


def _matmul_code(spec: dict) -> tuple[str, str, str, str]:
    form, epi = spec["form"], spec["epilogue"]
    init, init_args = [], ""
    if form == "linear":
        has_bias = any(s["op"] == "bias" for s in epi)
        init, init_args = [f"self.fc = nn.Linear(in_features, out_features, bias={has_bias})"], ", in_features: int, out_features: int"
        body, args, ins = ["h = self.fc(x)"], ["x"], ["torch.randn(M, K)"]
    elif form == "matmul":
        body, args, ins = ["h = torch.matmul(a, b)"], ["a", "b"], ["torch.randn(M, K)", "torch.randn(K, N)"]
    elif form == "matmul_bt":
        body, args, ins = ["h = torch.matmul(a, b.t())"], ["a", "b"], ["torch.randn(M, K)", "torch.randn(N, K)"]
    elif form == "bmm":
        body, args, ins = ["h = torch.bmm(a, b)"], ["a", "b"], ["torch.randn(B, M, K)", "torch.randn(B, K, N)"]
    elif form == "matvec":
        body, args, ins = ["h = a @ x"], ["a", "x"], ["torch.randn(M, K)", "torch.randn(K, 1)"]
    elif form == "diag_mm":
        body, args, ins = ["h = torch.diag(d) @ b"], ["d", "b"], ["torch.randn(N)", "torch.randn(N, M)"]
    elif form == "mm3d":
        body, args, ins = ["h = torch.matmul(a, b)"], ["a", "b"], ["torch.randn(B, S, K)", "torch.randn(K, N)"]
    else:
        body, args, ins = [f"h = torch.{form}(torch.matmul(a, b))"], ["a", "b"], ["torch.randn(N, N)", "torch.randn(N, N)"]
    for s in epi:
        if s["op"] == "residual":
            args.append("r")
            ins.append("torch.randn(M, N)")
            body.append("h = h + r")
        elif s["op"] != "bias":
            body.append(f"h = {torch_unary(s, 'h')}")
    model = _model(init_args, init, ", ".join(args), body + ["return h"])
    desc = {"linear": "linear", "matmul": "matmul", "matmul_bt": "matmul with B transposed", "bmm": "batched matmul",
            "matvec": "matrix-vector product", "diag_mm": "diag(d) @ B", "mm3d": "3-D tensor times a matrix",
            "tril": "lower triangle of a matmul", "triu": "upper triangle of a matmul"}[form]
    if epi:
        desc += " with epilogue " + ", ".join(s["op"] for s in epi)
    return model, "[" + ", ".join(ins) + "]", "[K, N]" if form == "linear" else "[]", desc


# Lower-case size names, as many hand-written modules use (`batch_size = 16`). Per family where a
# letter means different things (C: channels of a pool, classes of a loss, last dim of a reduction).
_LOWER_NAMES = {"ROWS": "batch_size", "COLS": "dim", "B": "batch_size", "BATCH": "batch_size", "SEQ": "seq_len",
                "S": "seq_len", "L": "length", "D": "features", "VOCAB": "vocab_size", "DIM": "embed_dim",
                "H": "height", "W": "width", "C": "channels", "A": "dim0"}
_LOWER_BY_FAMILY = {
    "reduce": {"R": "dim1", "C": "dim2"}, "layout": {"B": "dim1", "C": "dim2"},
    "loss": {"N": "batch_size", "C": "num_classes"},
    "attention": {"H": "num_heads", "D": "head_dim"}, "mlp": {"M": "batch_size", "D": "dim", "H": "hidden_dim"},
    "linear_norm": {"M": "batch_size", "K": "in_features", "N": "out_features"},
    "conv2d": {"C_IN": "in_channels", "C_OUT": "out_channels", "L": "length"},
}


def _surface(rng: random.Random, spec: dict) -> dict:
    """How the task file is written (not what it computes): lower-case size names, docstrings,
    the super() call, torch.rand inputs, inputs built in local variables. Sign-sensitive ops
    (any unary op: relu, abs, clamp...) keep signed randn inputs, which `return x` cannot pass."""
    signed = spec["family"] == "expr" or any(op in UNARY for op in _spec_ops(spec))
    # randrange(6) draws as a choice from 6 did before, so every other draw stays the same
    return {"lower": rng.random() < 0.35, "class_doc": rng.randrange(6) >= 2, "forward_doc": rng.randrange(6) >= 3,
            "super_old": rng.random() < 0.35, "rand": not signed and rng.random() < 0.25,
            "locals": rng.random() < 0.4,
            # Drawn last, so that the draws above (and every task made before) stay the same.
            # A fixed header taught the 135M model to copy the task's import block and then leave
            # out `import triton` on KernelBench prompts, which start `import torch`
            # (51 of 89 rule violations after SFT, H100 ablation run, 2026-11-24).
            "module_doc": rng.random() < 0.5, "minimal_imports": rng.random() < 0.6,
            # Drawn after those, for the same reason. With only the layout above, the shipped SFT
            # adapter answered our own ReLU file correctly and wrote nonsense for the same module
            # laid out as many hand-written files are (sizes after the class, typed signature,
            # Args/Returns docstrings, `return torch.relu(x)`): 0 of 100 KernelBench-L1 answers
            # ran (H100 ablation run 4; CPU probe 2026-11-24, docs/results/HISTORY.md).
            "sizes_last": rng.random() < 0.5, "typed": rng.random() < 0.5, "doc_block": rng.random() < 0.5,
            "direct": rng.random() < 0.6, "compact": rng.random() < 0.3,
            # Drawn after those, for the same reason. KernelBench writes `torch.nn.functional.gelu(x)`,
            # `leaky_relu(x, negative_slope=...)`, `hardtanh(x, min_val=..., max_val=...)` and softsign
            # as `x / (1 + torch.abs(x))`; our files wrote only `F.gelu`, positional constants and
            # `F.softsign`, and the run-6 SFT adapter answered KernelBench's ReLU with a matmul
            # kernel and its GELU with a sigmoid (CPU probe, 2026-11-24).
            "functional_long": rng.random() < 0.35, "keywords": rng.random() < 0.5,
            "written_out": rng.random() < 0.5,
            # Drawn last, for the same reason: the words of the docstrings (data/docstrings.py).
            "doc_seed": rng.randrange(1 << 30),
            # Drawn after it, for the same reason: comments in the file (docstrings.comments).
            "comments": rng.random() < 0.5,
            # Drawn last, for the same reason: a chain of several steps as one nested expression,
            # `return torch.relu(self.fc(x) + r)`, as people write short forwards (data v12).
            "nested": rng.random() < 0.4}


def _forward_args(model: str) -> list[str]:
    head = model[model.index("    def forward(self, ") + len("    def forward(self, "):]
    return [n.strip() for n in head[:head.index(")")].split(",")]


def _direct(model: str, nested: bool = False) -> str:
    """A chain written `h = x; h = f(h); ...; return h` as one `return f(x)`, or as `x = f(x)`
    lines for several steps: the other way people write the same forward. `nested`: several
    steps as one expression, `return g(f(x) + r)`, where each step reads the previous once."""
    head = model.index("    def forward(")
    body = model[model.index("\n", head) + 1:].rstrip("\n").split("\n")
    steps = [line.strip() for line in body]
    if steps[-1] != "return h" or not all(t.startswith("h = ") for t in steps[:-1]) or \
            re.search(r"\bh\b", steps[0][len("h = "):]):
        return model
    steps = steps[1:] if steps[0] == "h = x" else steps  # `h = self.fc(x)` may open the chain too
    if len(steps) < 2:
        return model
    exprs = [re.sub(r"\bh\b", "x", t[len("h = "):]) for t in steps[:-1]]
    if len(exprs) == 1:
        lines = [f"return {exprs[0]}"]
    elif nested and all(len(re.findall(r"\bx\b", e)) == 1 for e in exprs[1:]):
        lines = [f"return {_nest(exprs)}"]
    else:
        lines = [f"x = {e}" for e in exprs] + ["return x"]
    return model[:model.index("\n", head) + 1] + "".join(f"        {line}\n" for line in lines)


def _nest(exprs: list[str]) -> str:
    """Each expression put in place of the `x` the next one reads, in parentheses unless it is a
    call, a name, an attribute or a subscript (which bind tighter than any operator)."""
    out = exprs[0]
    for expr in exprs[1:]:
        tight = isinstance(ast.parse(out, mode="eval").body, (ast.Call, ast.Name, ast.Attribute, ast.Subscript))
        inner = out if tight else f"({out})"
        out = re.sub(r"\bx\b", lambda _: inner, expr, count=1)
    return out


# The same call written with keyword constants, as hand-written modules often do.
_KEYWORD_FORMS = ((r"F\.leaky_relu\((\w+), ([-\w.]+)\)", r"F.leaky_relu(\1, negative_slope=\2)"),
                  (r"F\.elu\((\w+), ([-\w.]+)\)", r"F.elu(\1, alpha=\2)"),
                  (r"F\.hardtanh\((\w+), ([-\w.]+), ([-\w.]+)\)", r"F.hardtanh(\1, min_val=\2, max_val=\3)"))


def _spelled(model: str, surface: dict) -> str:
    """The forward's calls in `surface`'s spelling: keyword constants, softsign written out,
    `torch.nn.functional.` for `F.`. The computation is the same, so the teacher's kernel is too."""
    if surface.get("keywords"):
        for pattern, repl in _KEYWORD_FORMS:
            model = re.sub(pattern, repl, model)
    if surface.get("written_out"):
        model = re.sub(r"F\.softsign\((\w+)\)", r"\1 / (1 + torch.abs(\1))", model)
    if surface.get("functional_long"):
        model = re.sub(r"\bF\.", "torch.nn.functional.", model)
    return model


def _restyle(model: str, inputs: str, spec: dict, surface: dict) -> tuple[str, str]:
    """`model` and the body of get_inputs written in `surface`'s style."""
    if surface.get("direct"):
        model = _direct(model, surface.get("nested", False))
    model = _spelled(model, surface)
    if surface["super_old"]:
        model = model.replace("super().__init__()", "super(Model, self).__init__()")
    class_doc, forward_doc = named_docs(spec, _forward_args(model), surface)
    if class_doc:
        model = model.replace("class Model(nn.Module):\n", "class Model(nn.Module):\n" + class_doc, 1)
    if forward_doc:
        head = model[model.index("    def forward("):]
        head = head[:head.index("\n") + 1]
        model = model.replace(head, head + forward_doc, 1)
    if surface["rand"]:
        inputs = inputs.replace("torch.randn(", "torch.rand(")
    body = f"    return {inputs}"
    if surface["locals"]:
        elts = ast.parse(inputs, mode="eval").body.elts
        names = _forward_args(model)
        if len(names) == len(elts):
            lines = [f"    {n} = {ast.get_source_segment(inputs, e)}" for n, e in zip(names, elts)]
            body = "\n".join(lines + [f"    return [{', '.join(names)}]"])
    if surface.get("typed"):
        args = _forward_args(model)
        typed = ", ".join(f"{a}: torch.Tensor" for a in args)
        model = model.replace(f"def forward(self, {', '.join(args)}):", f"def forward(self, {typed}) -> torch.Tensor:", 1)
    return model, body


def _rename(text: str, names: dict[str, str]) -> str:
    return re.sub(r"\b(" + "|".join(map(re.escape, names)) + r")\b", lambda m: names[m.group(1)], text) if names else text


def _source(spec: dict, task_id: str, surface: dict | None = None, code: tuple | None = None) -> str:
    """The task file of `spec`; `code`: its (model, inputs, init inputs, words) where the family's
    own module writes them (data/exprs.py, which builds on this module, so this one never imports it)."""
    surface = surface or {"lower": False, "class_doc": False, "forward_doc": False, "super_old": False,
                          "rand": False, "locals": False, "doc_seed": 0}
    model, inputs, init_inputs, _grammar_desc = code or _family_code(spec)
    model, inputs_body = _restyle(model, inputs, spec, surface)
    forward_comment, init_comment = comments(spec, surface, init_inputs)
    if forward_comment:  # above the forward's last return, the last line of the class
        head, _, last = model.rstrip("\n").rpartition("\n")
        model = f"{head}\n        # {forward_comment}\n{last}\n" if last.startswith("        return") else model
    sizes = spec["sizes"]
    names = {}
    if surface["lower"]:
        table = {**_LOWER_NAMES, **_LOWER_BY_FAMILY.get(spec["family"], {})}
        names = {k: table[k] for k in sizes["gpu"] if k in table}
        if len(set(names.values())) < len(names):  # never merge two sizes into one name
            names = {}
    consts = "\n".join(f"{names.get(k, k)} = {v}" for k, v in sizes["gpu"].items())
    interp = {s: {names.get(k, k): v for k, v in sizes[s].items()} for s in ("interp_odd", "interp_pow2")}
    gpu = {s: {names.get(k, k): v for k, v in sizes[s].items()} for s in ("gpu", "gpu_odd")}
    inputs_body, init_inputs = _rename(inputs_body, names), _rename(init_inputs, names)
    tags = [spec["family"]] + _spec_ops(spec)
    dots = (spec["family"] in ("matmul", "mlp", "linear_norm", "attention", "conv2d") and not spec.get("depthwise")) \
        or spec.get("dots", False)
    tol = _TF32_TOL if dots else ""
    spec_literal = repr({k: v for k, v in sorted(spec.items()) if k != "sizes"})
    name = fill(spec, random.Random(surface["doc_seed"]))["Name"]  # the docstrings' own name for it
    doc = f'"""{name}: composed task {task_id}."""\n\n' if surface.get("module_doc", True) else ""
    gap = "\n" if surface.get("compact") else "\n\n"
    imports = _imports(model + inputs_body + init_inputs, surface.get("minimal_imports", False))
    layout = ([model, consts + "\n"] if surface.get("sizes_last") else [consts + "\n", model])
    return (f"{doc}{imports}{gap}" + gap.join(layout) + f"{gap}def get_inputs():\n{inputs_body}\n{gap}"
            f"def get_init_inputs():\n    return {init_inputs}{f'  # {init_comment}' if init_comment else ''}\n\n\n{METADATA_MARKER}\nSPLIT = \"train\"\n"
            f"TAGS = {json.dumps(tags)}\nINTERP_SHAPES = {json.dumps(interp)}\nGPU_SHAPES = {json.dumps(gpu)}\n"
            f"{tol}COMPOSE_SPEC = {spec_literal}\n")


def _imports(code: str, minimal: bool) -> str:
    """The task's import block: every module the grammar may use, or only those `code` uses."""
    if not minimal:
        return "import math\n\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
    lines = ["import math\n"] if "math." in code else []
    lines += ["import torch\n", "import torch.nn as nn\n"]
    return "".join(lines) + ("import torch.nn.functional as F\n" if "F." in code else "")


def expr_ops(node: dict) -> list[str]:
    """An expression tree's ops (data/exprs.py), innermost first (the order the answer computes them)."""
    out = [op for child in node.get("args", []) for op in expr_ops(child)]
    return out + [node["op"]] if "args" in node else out


def _spec_ops(spec: dict) -> list[str]:
    if spec["family"] == "expr":
        return sorted(set(expr_ops(spec["tree"])))
    ops = []
    for key in ("steps", "epilogue"):
        ops += [s["op"] for s in spec.get(key, [])]
    for key in ("pre", "act"):
        if spec.get(key):
            ops.append(spec[key]["op"])
    if "kind" in spec:
        ops.append(spec["kind"])
    if spec["family"] == "matmul":  # elsewhere `form` is how the file writes the op, not an op
        ops.append(spec["form"])
    if spec.get("log"):
        ops.append("log_softmax")
    return sorted(set(ops))


# Reductions and softmax over other ranks than v11's (B, R, C) and (ROWS, COLS): size names and
# (interp max, typical gpu size, gpu odd cap) per rank, each rank's inputs about as large as the
# rank-3 ones (interp <= 48k elements, gpu about 16M). The data-v11 adapter wrote (64, 1, 512) for a
# (64, 512) sum and reduced the wrong dim of hand-written modules (dev suite, H100, 2026-11-27):
# v11 reduced only dim 1 or 2 of a rank-3 input, and softmax only over the last dim of a matrix.
REDUCE_RANKS = {
    2: {"ROWS": (200, 4096, 4000), "COLS": (200, 4096, 3000)},
    3: {"B": (6, 32, 30), "R": (200, 1024, 1000), "C": (40, 512, 500)},
    4: {"B": (4, 16, 16), "R": (8, 64, 60), "C": (30, 128, 120), "W": (30, 128, 120)},
}
# Scans the same way, with a shorter scanned extent at interp sizes: each scan is a loop of chunks.
SCAN_RANKS = {
    2: {"ROWS": (40, 1024, 1000), "COLS": (300, 4096, 4000)},
    3: {"B": (4, 32, 30), "L": (100, 1024, 1000), "D": (20, 256, 250)},
    4: {"B": (3, 8, 8), "C": (8, 32, 30), "H": (20, 64, 60), "W": (20, 64, 60)},
}
# Elementwise chains over a vector or a rank-3 or rank-4 tensor (v11: always (ROWS, COLS)); a
# parameter vector broadcasts over the last dim, as in PyTorch.
ELEMENTWISE_RANKS = {
    1: {"N": (4000, 1 << 22, 3_000_000)},
    3: {"B": (4, 16, 16), "ROWS": (30, 512, 500), "COLS": (100, 2048, 2000)},
    4: {"B": (3, 16, 16), "C": (8, 64, 60), "H": (20, 64, 60), "W": (20, 64, 60)},
}
# Share of reduce, softmax, scan and elementwise tasks drawn again over these ranks (with any dim
# where the op has one); of those, the share that write the dim counted from the end (`dim=-1`),
# as people often do.
RESHAPE_SHARE, NEGATIVE_DIM_SHARE = 0.5, 0.3


def _reshape(spec: dict, rng: random.Random) -> None:
    """RESHAPE_SHARE of reduce, softmax and scan tasks: a rank of 2, 3 or 4 and any of its dims
    (the rest keep v11's forms); spec["shape"] names the input's sizes. A reshaped softmax has no
    per-column bias (its broadcast would tie it to the last dim)."""
    if rng.random() >= RESHAPE_SHARE:
        return
    if spec["family"] == "softmax":
        spec["bias"] = False
    if spec["family"] in ("unary", "chain"):
        rank = rng.choice(sorted(ELEMENTWISE_RANKS))
        spec["shape"], spec["sizes"] = list(ELEMENTWISE_RANKS[rank]), _sizes(rng, ELEMENTWISE_RANKS[rank])
        return
    ranks = SCAN_RANKS if spec["family"] == "scan" else REDUCE_RANKS
    rank = rng.choice(sorted(ranks))
    dim = rng.randrange(rank)
    if rng.random() < NEGATIVE_DIM_SHARE:
        dim -= rank
    spec["shape"], spec["dim"] = list(ranks[rank]), dim
    spec["sizes"] = _sizes(rng, ranks[rank])
    spec.pop("method", None)
    if spec["family"] == "scan" and spec["kind"] == "cumsum" and rng.random() < 0.3:
        spec["method"] = True  # x.cumsum(dim=...), the tensor-method form


def reduce_shape(spec: dict) -> list[str]:
    """The size names of a reduce or softmax task's input, in order."""
    return spec.get("shape") or (["ROWS", "COLS"] if spec["family"] == "softmax" else ["B", "R", "C"])


def compose_one(seed: int, index: int, focus: bool = False) -> Composed:
    """Task `index` of `seed`: independent of how many others are generated. `focus`: task
    `index` of the focus stream (FOCUS_WEIGHTS, level 1), whose streams are its own."""
    stream = f"{seed}:focus:{index}" if focus else f"{seed}:{index}"
    rng = random.Random(stream)
    level = 1 if focus else rng.choices((1, 2, 3), weights=LEVEL_WEIGHTS)[0]
    weights = FOCUS_WEIGHTS if focus else FAMILY_WEIGHTS[level]
    family = rng.choices(tuple(weights), weights=tuple(weights.values()))[0]
    spec = _spec(rng, family, level)
    # a stream of its own too, so that adding this form left every other task's spec as it was
    init_rng = random.Random(f"{stream}:init")
    if family == "unary" and spec["steps"][0]["op"] in INIT_ARGS and init_rng.random() < 0.5:
        spec["steps"][0]["init"] = INIT_ARGS[spec["steps"][0]["op"]][0]
    if family == "reduce":  # KernelBench's 7 reductions all take self.dim, 2 of them keepdim=True
        if init_rng.random() < 0.5:
            spec["init_dim"] = True
        if init_rng.random() < 0.3:
            spec["keepdim"] = True
    # Drawn last, so that every draw above stays the same. Half the constructor constants are the
    # signature's default, built with no arguments (get_init_inputs returns []), as KernelBench's
    # LeakyReLU and ELU are: always passing it taught the model a signature without the default.
    step = spec["steps"][0] if family == "unary" else {}
    if step.get("init") and init_rng.random() < 0.5:
        step["a"], step["init_default"] = INIT_ARGS[step["op"]][1], True
    if spec.get("init_dim") and init_rng.random() < 0.3:  # `dim: int = 1`, as KernelBench's LogSoftmax
        spec["dim_default"] = True
    _constructor_values(spec, random.Random(f"{stream}:scalar"))
    if family in ("reduce", "softmax", "scan", "unary", "chain"):  # a stream of its own, so every draw above stays
        _reshape(spec, random.Random(f"{stream}:rank"))  # the same
    # 5 of KernelBench-L1's 35 convolution files are depthwise; the run-8 SFT wrote a syntax error on 25
    # of its 35 conv tasks, most of them kinds the grammar lacked.
    if family == "conv2d" and level == 1 and init_rng.random() < 0.3:
        _as_depthwise(spec)
    elif family == "conv2d" and level == 1 and init_rng.random() < 0.3:  # 5 of the 35 are 1-D (2 standard, 3 transposed)
        _as_conv1d(spec, init_rng)
    has_param = any(s["op"] in PARAM for s in spec.get("steps", [])) or spec.get("bias")
    if family in HALF_FAMILIES and not has_param and spec.get("kind") != "prod" and rng.random() < 0.25:
        spec["dtype"] = rng.choice(["float16", "bfloat16"])
    task_id = f"composed/s{seed}/{'f' if focus else ''}{index:05d}_{family}"
    source = _source(spec, task_id, task_surface(seed, 300_000 + index if focus else index, spec))
    return Composed(task_id, level, spec, rewritten(source, random.Random(f"{stream}:rewrite")))


def _constructor_values(spec: dict, rng: random.Random) -> None:
    """Constants taken from the constructor (data v20), drawn from a stream of their own so that
    every other task stays as it was. In data v19, 115 of 3,775 SFT rows read a constructor value,
    none through a layer held as an attribute, and run 20's answers put `self.eps` or
    `self.act.negative_slope` inside the kernel on 6 of the dev suite's 44 level-1 tasks
    (docs/results/ablation_h200_run20): norms take eps from the constructor in half the tasks,
    softmaxes a temperature in 30%, Huber and smooth-L1 losses written as a module their delta or
    beta in 60%, more activations their constant, and a constructor's slope or alpha is held by a
    layer in 60% of those tasks."""
    if spec["family"] == "norm" and rng.random() < 0.5:
        spec["init_eps"], spec["eps_default"] = True, rng.random() < 0.4
        spec["eps_passed"] = rng.choice((1e-5, 1e-6, 1e-3, 0.01))  # the judge moves it too
    if spec["family"] == "softmax" and rng.random() < 0.3:
        spec["temperature"] = rng.choice((1.0, 0.5, 2.0, 0.7))  # 1.0: the signature's default, not passed
    if spec["family"] == "loss" and spec.get("form") == "module" and spec["kind"] in ("huber", "smooth_l1") \
            and rng.random() < 0.6:  # `nn.HuberLoss(delta=delta)`: listed as s0 = self.criterion.delta
        spec["init"], spec["init_default"] = True, rng.random() < 0.3
        key = "beta" if spec["kind"] == "smooth_l1" else "delta"
        spec[key] = 1.0 if spec["init_default"] else rng.choice((0.5, 2.0, 1.5, 0.1))
    step = spec["steps"][0] if spec["family"] == "unary" else {}
    if step.get("op") in INIT_ARGS and not step.get("init") and rng.random() < 0.7:
        step["init"] = INIT_ARGS[step["op"]][0]
        if rng.random() < 0.4:
            step["a"], step["init_default"] = INIT_ARGS[step["op"]][1], True
    if step.get("init") and step["op"] in INIT_LAYERS and rng.random() < 0.6:
        step["layer"] = rng.choice(("act", "activation", "nonlin", "fn"))


# Share of composed files written again by the robustness rewriter (tasks/rewrite.py: other names,
# an op in another of its forms, docstrings dropped or plain, lines reordered). The shipped adapter
# scored 0 of 64 on the hand-written development suite, as written and rewritten, and 15.0% -> 8.0%
# on KernelBench-L1 rewritten (H100, 2026-11-27): it had seen each op in one or two spellings.
# Sizes are not rewritten: the file's GPU_SHAPES/INTERP_SHAPES already vary them per task.
REWRITE_SHARE = 0.6
REWRITE_TRANSFORMS = ("names", "forms", "docstrings", "reorder")


def rewritten(source: str, rng: random.Random) -> str:
    """`source` as the rewriter writes it (REWRITE_SHARE of the time), with the metadata's shape
    settings renamed as its size constants were. A stream of its own, so that the task's spec and
    its first layout stay what they were."""
    if rng.random() >= REWRITE_SHARE:
        return source
    from autotriton.tasks.rewrite import rewrite
    head, marker, meta = source.partition(METADATA_MARKER)
    rw = rewrite(head, rng.randrange(1 << 30), REWRITE_TRANSFORMS)
    lines = []
    for line in meta.split("\n"):
        name, eq, value = line.partition(" = ")
        if eq and name in ("INTERP_SHAPES", "GPU_SHAPES"):
            table = {s: {rw.names.get(k, k): v for k, v in o.items()} for s, o in json.loads(value).items()}
            line = f"{name} = {json.dumps(table)}"
        lines.append(line)
    return f"{rw.source}\n\n{marker}" + "\n".join(lines)


def task_surface(seed: int, index: int, spec: dict) -> dict:
    """How task `index` of `seed` is written: a stream of its own, so that the task's spec does not
    depend on how its file is written."""
    return _surface(random.Random(f"{seed}:{index}:surface"), spec)


def compose(n: int, seed: int) -> list[Composed]:
    return [compose_one(seed, i) for i in range(n)]


def compose_focus(n: int, seed: int) -> list[Composed]:
    """`n` level-1 tasks of the families in FOCUS_WEIGHTS, on streams of their own."""
    return [compose_one(seed, i, focus=True) for i in range(n)]


def write_tasks(items: list[Composed], out_dir: Path) -> list[Path]:
    """One `<id>.py` per task under out_dir/tasks (atomic per file), plus manifest.jsonl."""
    from autotriton.rundir import atomic_write
    paths = []
    for c in items:
        path = out_dir / "tasks" / (c.task_id.replace("/", "__") + ".py")
        atomic_write(path, c.source)
        paths.append(path)
    manifest = "".join(json.dumps({"task_id": c.task_id, "level": c.level, "path": str(p.relative_to(out_dir)),
                                   "provenance": {"source": "compose", "spec": c.spec}}) + "\n"
                       for c, p in zip(items, paths))
    atomic_write(out_dir / "manifest.jsonl", manifest)
    return paths
