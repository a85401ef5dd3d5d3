"""Group and instance norm over (N, C, H, W) (family groupnorm): one program per (n, group) slab,
walked in BLOCK chunks: a mean pass, a centred-variance pass, then a normalising pass."""

from __future__ import annotations

from autotriton.data.families import GroupnormSpec
from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import HEADER, numbered


def write_groupnorm(spec: GroupnormSpec) -> Solution:
    group = spec["kind"] == "groupnorm"
    affine = group or spec.get("affine", False)
    attr = "self.gn" if group else "self.norm"
    chunk = ("        offs = start + tl.arange(0, BLOCK)\n"
             "        mask = offs < slab\n"
             "        v = tl.load(x_ptr + base + offs, mask=mask, other=0.0).to(tl.float32)\n")
    if affine:
        write = ("        c = g * CPG + offs // HW  # the channel of each element, for its weight and bias\n"
                 "        w = tl.load(w_ptr + c, mask=mask, other=0.0).to(tl.float32)\n"
                 "        b = tl.load(b_ptr + c, mask=mask, other=0.0).to(tl.float32)\n"
                 "        y = (v - mean) * rstd * w + b\n")
    else:
        write = "        y = (v - mean) * rstd\n"
    params = "w_ptr, b_ptr, " if affine else ""
    kernel = ("\n@triton.jit\n"
              f"def group_norm_kernel(x_ptr, {params}out_ptr, G, CPG, HW, eps, BLOCK: tl.constexpr):\n"
              "    # One program per (n, g): channels g*CPG .. (g+1)*CPG of sample n, contiguous in memory.\n"
              "    pid = tl.program_id(0)\n"
              "    g = pid % G\n"
              "    slab = CPG * HW\n"
              "    base = pid.to(tl.int64) * slab\n"
              "    acc = tl.zeros([BLOCK], dtype=tl.float32)\n"
              "    for start in range(0, slab, BLOCK):\n"
              f"{chunk}"
              "        acc += v  # padded lanes were loaded as 0\n"
              "    mean = tl.sum(acc, axis=0) / slab\n"
              "    acc = tl.zeros([BLOCK], dtype=tl.float32)\n"
              "    for start in range(0, slab, BLOCK):\n"
              f"{chunk}"
              "        d = tl.where(mask, v - mean, 0.0)  # padded lanes must not add to the variance\n"
              "        acc += d * d\n"
              "    rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / slab + eps)\n"
              "    for start in range(0, slab, BLOCK):\n"
              f"{chunk}{write}"
              "        tl.store(out_ptr + base + offs, y.to(out_ptr.dtype.element_ty), mask=mask)\n")
    if group:
        init = (", num_groups: int, num_channels: int", f"        self.gn = nn.GroupNorm(num_groups, num_channels, "
                f"eps={spec['eps']})\n")
        groups = f"{attr}.num_groups"
    elif spec["form"] == "module":
        init = (", num_features: int", f"        self.norm = nn.InstanceNorm2d(num_features, eps={spec['eps']}, "
                f"affine={spec['affine']})\n")
        groups = "C"
    else:
        init, groups = ("", ""), "C"
    args = f"{attr}.weight, {attr}.bias, " if affine else ""
    module = ("\n\nclass ModelNew(nn.Module):\n"
              f"    def __init__(self{init[0]}):\n"
              f"        super().__init__()\n{init[1]}\n"
              "    def forward(self, x):\n"
              "        x = x.contiguous()\n"
              "        N, C, H, W = x.shape\n"
              f"        G = {groups}\n"
              "        out = torch.empty_like(x)\n"
              "        BLOCK = min(triton.next_power_of_2((C // G) * H * W), 1024)\n"
              f"        group_norm_kernel[(N * G,)](x, {args}out, G, C // G, H * W, {spec['eps']}, BLOCK=BLOCK)\n"
              "        return out\n")
    what = (f"a GroupNorm with {spec['groups']} groups and a per-channel affine" if group else
            "an instance norm" + (" with a per-channel affine" if affine else " without affine"))
    steps = [("Each (sample, group) is normalised on its own: mean and variance over the group's C/G channels "
              "and all H*W positions. In a contiguous (N, C, H, W) tensor that slab is one contiguous run of "
              "(C/G)*H*W values starting at (n*G + g)*(C/G)*H*W, so one program per slab, grid (N*G,).")
             if group else
             ("Instance norm is group norm with one channel per group (G = C): each (n, c) plane of H*W values "
              "gets its own mean and variance, and it is contiguous, so one program per plane, grid (N*C,)."),
             "A slab is (C/G)*H*W values, 65536 for one 256x256 plane and more for a group: too many for "
             "registers, so the program walks it in chunks of up to 1024: a pass for the mean, a second for the variance of the centred "
             "values (more stable than E[x^2] - mean^2 when the mean is large), a third that writes.",
             ("The affine is per channel, not per group: in the writing pass each element's channel is "
              "g*(C/G) + offset // (H*W), which indexes weight and bias." if affine else
              "There is no affine: the output is (x - mean) / sqrt(var + eps)."),
             "Statistics are accumulated in float32 and the variance is biased (divide by the count), as torch. "
             "Padded lanes load 0 and are masked out of the variance; the slab base is int64, as N*C*H*W can pass 2^31."]
    return Solution(numbered(f"The module is {what}, eps {spec['eps']}, over (N, C, H, W).", steps),
                    HEADER + kernel + module)
