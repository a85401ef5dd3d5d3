"""`autotriton data compose`: PyTorch tasks generated from an op grammar (the
AutoTriton paper's "composing basic kernels").

Families, with the level they are tagged:
- L1: one elementwise op, one reduction, a norm, a softmax, a plain matmul,
  a layout copy (transpose/permute), an embedding gather, a max-pool;
- L2: fused chains: elementwise chains with a second input or a broadcast
  parameter, reductions with a pre-op, norms with residual and activation,
  scaled softmax, matmul/linear with epilogues (bias, activation, scale,
  residual), the MSE loss;
- L3: multi-kernel modules: linear-act-linear MLPs, linear followed by a norm,
  and scaled-dot-product attention.

Generation is deterministic given the seed: task i of seed s comes from
`random.Random(f"{s}:{i}")`, so a larger `-n` extends a smaller run.
Every task carries two interpreter shape settings (one odd, non-power-of-two;
one power-of-two) and a large GPU setting, plus its grammar point as the literal
`COMPOSE_SPEC`, which is what the template teacher generates code from.

Ops that only the built-in `heldout` split uses (elu, softplus, hardswish,
log_softmax, argmax, min, cumsum, cross-entropy, KL, Huber, L2-normalize,
avg-pool, conv, causal masks, A^T matmul, matvec) are left out of the grammar so
the held-out split keeps measuring generalisation to unseen operators.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

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
}
ACTIVATIONS = ("relu", "gelu", "sigmoid", "tanh", "silu", "leaky_relu", "hardtanh")
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

FAMILIES_BY_LEVEL = {
    1: ("unary", "reduce", "norm", "softmax", "matmul", "layout", "embedding", "maxpool"),
    2: ("chain", "reduce", "norm", "softmax", "matmul", "mse"),
    3: ("mlp", "linear_norm", "attention"),
}
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
    elif op in ("scale", "shift"):
        args["a"] = rng.choice([0.5, 2.0, -1.5, 0.125, 3.0])
    return {"op": op, **args}


def torch_unary(step: dict, h: str) -> str:
    return UNARY[step["op"]].format(h=h, **{k: v for k, v in step.items() if k != "op"})


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


def _spec(rng: random.Random, family: str, level: int) -> dict:
    big = rng.choice([(4096, 4000), (8192, 6000), (2048, 3001)])
    if family in ("unary", "chain"):
        n_steps = 1 if family == "unary" else rng.randint(2, 4)
        steps = []
        for i in range(n_steps):
            kind = "unary" if family == "unary" else rng.choice(["unary", "unary", "binary", "param"])
            if kind == "unary":
                steps.append(_pick_unary(rng))
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
        pre = _pick_unary(rng, ("relu", "square", "abs", "sigmoid", "scale")) if level == 2 else None
        return {"family": family, "kind": rng.choice(["sum", "mean", "max", "amax_abs" if level == 2 else "sum"]),
                "dim": rng.choice([1, 2]), "pre": pre,
                "sizes": _sizes(rng, {"B": (6, 32, 30), "R": (200, 1024, 1000), "C": (40, 512, 500)})}
    if family == "norm":
        return {"family": family, "kind": rng.choice(["layernorm", "rmsnorm"]), "eps": rng.choice([1e-5, 1e-6]),
                "residual": level == 2 and rng.random() < 0.5,
                "act": _pick_unary(rng, ACTIVATIONS) if level == 2 else None,
                "sizes": _sizes(rng, {"ROWS": (40, big[0], big[1]), "COLS": (300, 4096, 3000)})}
    if family == "softmax":
        return {"family": family, "scale": rng.choice([1.0, 0.125, 0.5, 2.0]) if level == 2 else 1.0,
                "bias": level == 2 and rng.random() < 0.5,
                "sizes": _sizes(rng, {"ROWS": (40, big[0], big[1]), "COLS": (300, 4096, 3000)})}
    if family == "matmul":
        form = rng.choice(["linear", "matmul", "matmul_bt", "bmm"])
        epi = []
        if level == 2:
            if form == "linear":
                epi.append({"op": "bias"})
            if rng.random() < 0.8:
                epi.append(_pick_unary(rng, ACTIVATIONS))
            if rng.random() < 0.4:
                epi.append(_pick_unary(rng, ("scale",)))
            if form != "bmm" and rng.random() < 0.3:
                epi.append({"op": "residual"})
        dims = {"M": (48, 4096, 3000), "N": (48, 4096, 2500), "K": (48, 2048, 2000)}
        if form == "bmm":
            dims = {"B": (4, 16, 12), "M": (40, 1024, 1000), "N": (40, 1024, 900), "K": (40, 512, 500)}
        return {"family": family, "form": form, "epilogue": epi, "sizes": _sizes(rng, dims)}
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
    """(model class source, get_inputs body, get_init_inputs list, description)."""
    f, dt = spec["family"], spec.get("dtype", "float32")
    dtype = "" if dt == "float32" else f", dtype=torch.{dt}"
    if f in ("unary", "chain"):
        lines, extra, init = _chain_expr(spec["steps"], "x")
        model = _model(", cols: int" if init else "", init, ", ".join(["x"] + extra),
                       ["h = x"] + lines + ["return h"])
        ins = ", ".join(f"torch.randn(ROWS, COLS{dtype})" for _ in ["x"] + extra)
        return model, f"[{ins}]", "[COLS]" if init else "[]", "elementwise " + " -> ".join(s["op"] for s in spec["steps"])
    if f == "reduce":
        pre = [f"x = {torch_unary(spec['pre'], 'x')}"] if spec["pre"] else []
        red = {"sum": "torch.sum(x, dim={d})", "mean": "torch.mean(x, dim={d})",
               "max": "torch.amax(x, dim={d})", "amax_abs": "torch.amax(torch.abs(x), dim={d})"}[spec["kind"]]
        model = _model("", [], "x", pre + ["return " + red.format(d=spec["dim"])])
        pre_txt = f"{spec['pre']['op']} then " if spec["pre"] else ""
        return model, f"[torch.randn(B, R, C{dtype})]", "[]", f"{pre_txt}{spec['kind']} over dim {spec['dim']} of (B, R, C)"
    if f == "norm":
        if spec["kind"] == "layernorm":
            init = ["self.weight = nn.Parameter(torch.randn(cols))", "self.bias = nn.Parameter(torch.randn(cols))"]
            body = [f"h = F.layer_norm(h, (h.shape[-1],), self.weight, self.bias, {spec['eps']})"]
        else:
            init = ["self.weight = nn.Parameter(torch.randn(cols))"]
            body = [f"h = h * torch.rsqrt(torch.mean(h * h, dim=-1, keepdim=True) + {spec['eps']}) * self.weight"]
        pre = ["h = x + r"] if spec["residual"] else ["h = x"]
        post = [f"h = {torch_unary(spec['act'], 'h')}"] if spec["act"] else []
        model = _model(", cols: int", init, "x, r" if spec["residual"] else "x", pre + body + post + ["return h"])
        ins = "[torch.randn(ROWS, COLS), torch.randn(ROWS, COLS)]" if spec["residual"] else "[torch.randn(ROWS, COLS)]"
        desc = ("residual add, " if spec["residual"] else "") + spec["kind"] + (f", {spec['act']['op']}" if spec["act"] else "")
        return model, ins, "[COLS]", desc
    if f == "softmax":
        init = ["self.bias = nn.Parameter(torch.randn(cols))"] if spec["bias"] else []
        h = f"x * {spec['scale']}" if spec["scale"] != 1.0 else "x"
        h = f"{h} + self.bias" if spec["bias"] else h
        model = _model(", cols: int" if init else "", init, "x", [f"return torch.softmax({h}, dim=-1)"])
        return model, f"[torch.randn(ROWS, COLS{dtype})]", "[COLS]" if init else "[]", "softmax over the last dim"
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
    else:
        body, args, ins = ["h = torch.bmm(a, b)"], ["a", "b"], ["torch.randn(B, M, K)", "torch.randn(B, K, N)"]
    for s in epi:
        if s["op"] == "residual":
            args.append("r")
            ins.append("torch.randn(M, N)")
            body.append("h = h + r")
        elif s["op"] != "bias":
            body.append(f"h = {torch_unary(s, 'h')}")
    model = _model(init_args, init, ", ".join(args), body + ["return h"])
    desc = {"linear": "linear", "matmul": "matmul", "matmul_bt": "matmul with B transposed", "bmm": "batched matmul"}[form]
    if epi:
        desc += " with epilogue " + ", ".join(s["op"] for s in epi)
    return model, "[" + ", ".join(ins) + "]", "[K, N]" if form == "linear" else "[]", desc


def _source(spec: dict, task_id: str) -> str:
    model, inputs, init_inputs, desc = _family_code(spec)
    sizes = spec["sizes"]
    consts = "\n".join(f"{k} = {v}" for k, v in sizes["gpu"].items())
    interp = {k: sizes[k] for k in ("interp_odd", "interp_pow2")}
    gpu = {k: sizes[k] for k in ("gpu", "gpu_odd")}
    tags = [spec["family"]] + _spec_ops(spec)
    tol = _TF32_TOL if spec["family"] in ("matmul", "mlp", "linear_norm", "attention") else ""
    spec_literal = repr({k: v for k, v in sorted(spec.items()) if k != "sizes"})
    return (f'"""Composed task {task_id}: {desc}."""\n\nimport math\n\nimport torch\nimport torch.nn as nn\n'
            f"import torch.nn.functional as F\n\n{consts}\n\n\n{model}\n\ndef get_inputs():\n    return {inputs}\n\n\n"
            f"def get_init_inputs():\n    return {init_inputs}\n\n\n{METADATA_MARKER}\nSPLIT = \"train\"\n"
            f"TAGS = {json.dumps(tags)}\nINTERP_SHAPES = {json.dumps(interp)}\nGPU_SHAPES = {json.dumps(gpu)}\n"
            f"{tol}COMPOSE_SPEC = {spec_literal}\n")


def _spec_ops(spec: dict) -> list[str]:
    ops = []
    for key in ("steps", "epilogue"):
        ops += [s["op"] for s in spec.get(key, [])]
    for key in ("pre", "act"):
        if spec.get(key):
            ops.append(spec[key]["op"])
    for key in ("kind", "form"):
        if key in spec:
            ops.append(spec[key])
    return sorted(set(ops))


def compose_one(seed: int, index: int) -> Composed:
    """Task `index` of `seed`: independent of how many others are generated."""
    rng = random.Random(f"{seed}:{index}")
    level = rng.choices((1, 2, 3), weights=LEVEL_WEIGHTS)[0]
    family = rng.choice(FAMILIES_BY_LEVEL[level])
    spec = _spec(rng, family, level)
    has_param = any(s["op"] in PARAM for s in spec.get("steps", [])) or spec.get("bias")
    if family in HALF_FAMILIES and not has_param and rng.random() < 0.25:
        spec["dtype"] = rng.choice(["float16", "bfloat16"])
    task_id = f"composed/s{seed}/{index:05d}_{family}"
    return Composed(task_id, level, spec, _source(spec, task_id))


def compose(n: int, seed: int) -> list[Composed]:
    return [compose_one(seed, i) for i in range(n)]


def write_tasks(items: list[Composed], out_dir: Path) -> list[Path]:
    """One `<id>.py` per task under out_dir/tasks (atomic per file), plus manifest.jsonl."""
    from autotriton.data.io import atomic_write
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
