"""Scalar losses (families mse, loss): block or row partials, then one program takes the mean."""

from __future__ import annotations

from autotriton.data.families import LossSpec, MseSpec
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, MEAN_KERNEL, indent, numbered, plain_module


def write_mse(spec: MseSpec) -> Solution:
    kernel = '''
@triton.jit
def sq_err_partial_kernel(x_ptr, y_ptr, partial_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    d = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32) - tl.load(y_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(partial_ptr + tl.program_id(0), tl.sum(d * d, axis=0))

''' + MEAN_KERNEL
    if spec["reduction"] == "sum":
        kernel = kernel.replace("def mean_kernel", "def total_kernel").replace("(tl.sum(acc, axis=0) / n)", "tl.sum(acc, axis=0)")
    module = '''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        x = x.contiguous()
        y = y.contiguous()
        n = x.numel()
        BLOCK = 1024
        n_partials = triton.cdiv(n, BLOCK)
        partial = torch.empty(n_partials, device=x.device, dtype=torch.float32)
        sq_err_partial_kernel[(n_partials,)](x, y, partial, n, BLOCK=BLOCK)
        out = torch.empty((), device=x.device, dtype=x.dtype)
        mean_kernel[(1,)](partial, out, n_partials, n, BLOCK=1024)
        return out
'''
    if spec["reduction"] == "sum":
        module = module.replace("mean_kernel[", "total_kernel[")
    mean = spec["reduction"] == "mean"
    reasoning = f"""The module is the {"mean" if mean else "sum"} of squared errors, a full reduction of (x - y)^2 to one scalar.
1. One program cannot usefully hold millions of elements, so the reduction runs in two stages: each program squares and sums a block of 1024 differences into one float32 partial; a second, single-program kernel sums the partials{" and divides by n" if mean else ""}.
2. Two stages instead of atomic adds keep the result deterministic, run to run.
3. Masked lanes load 0 for both x and y, so their difference adds nothing{"; the division uses the true element count n" if mean else ""}."""
    return Solution(reasoning, HEADER + kernel + module)


def _loss_pointwise(spec: LossSpec) -> list[str]:
    """fp32 statements from (p, t) to the pointwise loss `l` of the elementwise losses."""
    kind = spec["kind"]
    if kind == "hinge":
        return ["l = tl.maximum(1.0 - p * t, 0.0)"]
    d = ["d = tl.abs(p - t)"]
    if kind == "smooth_l1":
        b = "k" if spec.get("init") else spec["beta"]  # k: the constructor's beta, a kernel argument
        return d + [f"l = tl.where(d < {b}, 0.5 * d * d / {b}, d - 0.5 * {b})"]
    dl = "k" if spec.get("init") else spec["delta"]
    return d + [f"l = tl.where(d < {dl}, 0.5 * d * d, {dl} * (d - 0.5 * {dl}))"]


def _loss_rows(kind: str) -> str:
    """The per-row kernel of cross-entropy, KL divergence and cosine loss: one float32 value per row."""
    online = ("    m = tl.full([BLOCK], -float(\"inf\"), tl.float32)  # running max per lane\n"
              "    s = tl.zeros([BLOCK], dtype=tl.float32)  # running sum of exp(x - m) per lane\n")
    step = ("        m_new = tl.maximum(m, h)\n"
            "        seen = m_new > -float(\"inf\")  # lanes that saw only padding keep s = 0, not NaN\n"
            "        s = tl.where(seen, s * tl.exp(m - m_new) + tl.exp(h - m_new), 0.0)\n"
            "        m = m_new\n")
    lse = ("    {o} = tl.max(m, axis=0)\n"
           "    {o} = {o} + tl.log(tl.sum(tl.where(m > -float(\"inf\"), s * tl.exp(m - {o}), 0.0), axis=0))\n")
    loop = ("    for start in range(0, C, BLOCK):\n"
            "        cols = start + tl.arange(0, BLOCK)\n"
            "        mask = cols < C\n")
    if kind == "cross_entropy":
        return ("\n@triton.jit\n"
                "def cross_entropy_row_kernel(x_ptr, t_ptr, loss_ptr, C, BLOCK: tl.constexpr):\n"
                "    row = tl.program_id(0)\n"
                "    base = row.to(tl.int64) * C\n" + online + loop +
                "        h = tl.load(x_ptr + base + cols, mask=mask, other=-float(\"inf\")).to(tl.float32)\n" + step
                + lse.format(o="lse") +
                "    target = tl.load(t_ptr + row)  # int64 class index\n"
                "    picked = tl.load(x_ptr + base + target).to(tl.float32)\n"
                "    tl.store(loss_ptr + row, lse - picked)  # -log softmax(x)[target]\n")
    if kind == "kl_div":
        return ("\n@triton.jit\n"
                "def kl_div_row_kernel(x_ptr, y_ptr, loss_ptr, C, BLOCK: tl.constexpr):\n"
                "    # pass 1: logsumexp of the prediction x and of the target scores y, both online\n"
                "    base = tl.program_id(0).to(tl.int64) * C\n" + online +
                online.replace("m = ", "my = ").replace("s = ", "sy = ").replace("x - m", "y - my") + loop +
                "        h = tl.load(x_ptr + base + cols, mask=mask, other=-float(\"inf\")).to(tl.float32)\n" + step +
                "        h = tl.load(y_ptr + base + cols, mask=mask, other=-float(\"inf\")).to(tl.float32)\n" +
                step.replace("m_new", "my_new").replace("(m, h)", "(my, h)").replace("s * tl.exp(m - ", "sy * tl.exp(my - ")
                .replace("s = ", "sy = ").replace("m = my_new", "my = my_new").replace("keep s = 0", "keep sy = 0")
                + lse.format(o="lse_x") + lse.format(o="lse_y").replace("(m, axis", "(my, axis")
                .replace("where(m >", "where(my >").replace("s * tl.exp(m -", "sy * tl.exp(my -") +
                "    # pass 2: sum of q * (log q - log p), log q = y - lse_y, log p = x - lse_x\n"
                "    acc = tl.zeros([BLOCK], dtype=tl.float32)\n" + loop +
                "        x = tl.load(x_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
                "        y = tl.load(y_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
                "        log_q = y - lse_y\n"
                "        acc += tl.where(mask, tl.exp(log_q) * (log_q - (x - lse_x)), 0.0)\n"
                "    tl.store(loss_ptr + tl.program_id(0), tl.sum(acc, axis=0))\n")
    return ("\n@triton.jit\n"
            "def cosine_row_kernel(a_ptr, b_ptr, loss_ptr, C, BLOCK: tl.constexpr):\n"
            "    base = tl.program_id(0).to(tl.int64) * C\n"
            "    dot = tl.zeros([BLOCK], dtype=tl.float32)\n"
            "    na = tl.zeros([BLOCK], dtype=tl.float32)\n"
            "    nb = tl.zeros([BLOCK], dtype=tl.float32)\n" + loop +
            "        a = tl.load(a_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
            "        b = tl.load(b_ptr + base + cols, mask=mask, other=0.0).to(tl.float32)\n"
            "        dot += a * b\n"
            "        na += a * a\n"
            "        nb += b * b\n"
            "    # torch clamps each norm at eps = 1e-8 before dividing\n"
            "    norm_a = tl.maximum(tl.sqrt(tl.sum(na, axis=0)), 1e-8)\n"
            "    norm_b = tl.maximum(tl.sqrt(tl.sum(nb, axis=0)), 1e-8)\n"
            "    tl.store(loss_ptr + tl.program_id(0), 1.0 - tl.sum(dot, axis=0) / (norm_a * norm_b))\n")


def write_loss(spec: LossSpec) -> Solution:
    kind = spec["kind"]
    args = "logits, targets" if kind == "cross_entropy" else "pred, target"
    first, second = args.split(", ")
    alloc = f"out = torch.empty((), device={first}.device, dtype={first}.dtype)"
    if kind in ("cross_entropy", "kl_div", "cosine"):
        name = {"cross_entropy": "cross_entropy_row_kernel", "kl_div": "kl_div_row_kernel",
                "cosine": "cosine_row_kernel"}[kind]
        kernels = _loss_rows(kind) + "\n" + MEAN_KERNEL
        launch = (f"C = {first}.shape[-1]\n"
                  f"N = {first}.numel() // C  # rows: (N, C), or (B, S, C) logits of a sequence\n"
                  "rows = torch.empty(N, device=out.device, dtype=torch.float32)  # one loss per row\n"
                  "BLOCK = min(triton.next_power_of_2(C), 1024)\n"
                  f"{name}[(N,)]({first}, {second}, rows, C, BLOCK=BLOCK)\n"
                  "mean_kernel[(1,)](rows, out, N, N, BLOCK=1024)  # mean over rows (batchmean for KL)")
    else:
        kernels = ("\n@triton.jit\n"
                   f"def {kind}_partial_kernel(p_ptr, t_ptr, part_ptr, n, {'k, ' if spec.get('init') else ''}"
                   "BLOCK: tl.constexpr):\n"
                   "    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)\n"
                   "    mask = offs < n\n"
                   "    p = tl.load(p_ptr + offs, mask=mask, other=0.0).to(tl.float32)\n"
                   "    t = tl.load(t_ptr + offs, mask=mask, other=0.0).to(tl.float32)\n"
                   f"{indent(_loss_pointwise(spec))}\n"
                   "    l = tl.where(mask, l, 0.0)  # a padded lane's loss is not 0 for every loss (hinge: 1)\n"
                   "    tl.store(part_ptr + tl.program_id(0), tl.sum(l, axis=0))\n"
                   "\n" + MEAN_KERNEL)
        launch = (f"n = {first}.numel()\n"
                  "BLOCK = 1024\n"
                  "n_parts = triton.cdiv(n, BLOCK)\n"
                  "part = torch.empty(n_parts, device=out.device, dtype=torch.float32)\n"
                  f"{kind}_partial_kernel[(n_parts,)]({first}, {second}, part, n, "
                  f"{'self.criterion.' + ('beta' if kind == 'smooth_l1' else 'delta') + ', ' if spec.get('init') else ''}"
                  "BLOCK=BLOCK)\n"
                  "mean_kernel[(1,)](part, out, n_parts, n, BLOCK=1024)")
    signature = init = ""
    if spec.get("init"):  # the loss module keeps the constructor's value, which forward passes on
        name, layer = ("beta", "SmoothL1Loss") if kind == "smooth_l1" else ("delta", "HuberLoss")
        signature, init = f", {name}: float = 1.0", f"self.criterion = nn.{layer}({name}={name})"
    return Solution(_loss_reasoning(spec), HEADER + kernels + plain_module(args, launch, alloc, signature, init))


def _loss_reasoning(spec: LossSpec) -> str:
    kind = spec["kind"]
    what = {"cross_entropy": "the mean cross-entropy of (N, C) logits against int64 class indices",
            "kl_div": "KL(q || p) with 'batchmean' reduction, where log p = log_softmax(pred) and q = softmax(target)",
            "smooth_l1": f"the mean smooth L1 loss with beta = {spec.get('beta')}",
            "huber": f"the mean Huber loss with delta = {spec.get('delta')}",
            "hinge": "the mean hinge loss, mean(max(0, 1 - pred * target)) for labels of +-1",
            "cosine": "the mean over rows of 1 - cosine_similarity(pred, target) along dim 1"}[kind]
    if kind in ("smooth_l1", "huber", "hinge"):
        steps = ["The loss is pointwise, then a mean over every element: a full reduction to one scalar.",
                 "Stage 1: each program computes the pointwise loss of a block of 1024 elements in float32 and "
                 "writes its sum as one partial; int64 offsets, since N * C can pass 2^31.",
                 "Stage 2: one program adds the partials in a fixed order and divides by the element count. No "
                 "atomics, so the result is the same run to run.",
                 "Padded lanes are zeroed after the pointwise loss, because the loss of a (0, 0) pair is not 0 "
                 "for every loss (the hinge gives 1)."]
        if kind != "hinge":
            steps.insert(1, "With d = |pred - target|, the quadratic branch applies below the threshold and the "
                            "linear one above; both are written with tl.where on d, so no lane diverges.")
    else:
        row = {"cross_entropy": "loss = logsumexp(row) - row[target]. The logsumexp runs online over chunks of "
                                "up to 1024 classes (a running max and a rescaled sum per lane), so C can be any "
                                "size and the row is read once; the target logit is one extra load at the int64 "
                                "index.",
               "kl_div": "pass 1 computes the logsumexp of pred and of target online, in one read of each row; pass "
                         "2 adds q * (log q - log p) with log q = target - lse_t and log p = pred - lse_p, so "
                         "neither the softmax nor the log-softmax is ever written out.",
               "cosine": "dot(a, b), |a|^2 and |b|^2 are accumulated per lane in one read of both rows; the row "
                         "loss is 1 - dot / (max(|a|, eps) * max(|b|, eps)) with torch's eps = 1e-8."}[kind]
        steps = [f"The loss needs a whole-row quantity first, so stage 1 is one program per row: {row}",
                 "Each row writes one float32 value; stage 2 is one program that adds the N row values in a fixed "
                 "order and divides by N" + (" (that is what 'batchmean' means)" if kind == "kl_div" else "") +
                 ". Two launches and no atomics, so the result is deterministic.",
                 "Masks: padded columns load -inf for the running max (exp(-inf) = 0 adds nothing) or 0 for sums."]
    return numbered(f"The module computes {what}, a scalar.", steps)
