"""Benchmark: how far an honest float32 batch-norm fold errs, against the reference's own float32 run.

A Linear then a training-mode BatchNorm1d then GELU, on torch.rand inputs scaled as the judge's
small input kind scales them. Per scale, the relative rms error against float64 of: the reference in
float32 (what judge._reference calls native), a TF32-rounded run (operands' 13 low mantissa bits
cleared), the batch norm folded as v * a + (beta - mean * a), and the same module with the tanh
form of GELU (precision thrown away on purpose). The judge's rms bound on a dot-product task is
max(1e-5, CPU_TF32_FACTOR x the TF32 run's, NATIVE_FLOOR_FACTOR x the native run's).

    python benchmarks/fold_vs_native.py
"""

from __future__ import annotations

import argparse

import torch
import torch.nn.functional as F


def _tf32(t: torch.Tensor) -> torch.Tensor:
    return (t.view(torch.int32) & ~0x1FFF).view(torch.float32)


def _module(x, w, b, gamma, beta, gelu: str = "none"):
    v = F.linear(x, w, b)
    return F.gelu(F.batch_norm(v, None, None, gamma, beta, True, 0.1, 1e-5), approximate=gelu)


def _folded(x, w, b, gamma, beta):
    v = x @ w.t() + b
    mean = v.mean(0)
    a = gamma / torch.sqrt(((v - mean) ** 2).mean(0) + 1e-5)
    return F.gelu(v * a + (beta - mean * a))


def errors(rows: int, cols: int, features: int, scale: float, seed: int) -> dict[str, float]:
    g = torch.Generator().manual_seed(seed)
    bound = cols ** -0.5
    w = (torch.rand(features, cols, generator=g) * 2 - 1) * bound  # nn.Linear's init
    b = (torch.rand(features, generator=g) * 2 - 1) * bound
    gamma, beta = torch.ones(features), torch.zeros(features)
    x = torch.rand(rows, cols, generator=g) * scale
    truth = _module(*(t.double() for t in (x, w, b, gamma, beta)))
    rms = truth.pow(2).mean().sqrt()

    def rel(out: torch.Tensor) -> float:
        return float((out.double() - truth).pow(2).mean().sqrt() / rms)

    return {"native": rel(_module(x, w, b, gamma, beta)), "tf32": rel(_module(_tf32(x), _tf32(w), b, gamma, beta)),
            "folded": rel(_folded(x, w, b, gamma, beta)), "tanh": rel(_module(x, w, b, gamma, beta, "tanh"))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    print("scale    native    tf32      folded    tanh     folded/native(max)  tanh/native(min)  folded/(0.1 tf32)(max)")
    for scale in (1.0, 2 ** -6, 2 ** -7, 2 ** -8):
        runs = [errors(16, 67, 41, scale, s) for s in range(args.seeds)]
        med = {k: sorted(r[k] for r in runs)[len(runs) // 2] for k in runs[0]}
        print(f"{scale:<8.4g} {med['native']:.2e}  {med['tf32']:.2e}  {med['folded']:.2e}  {med['tanh']:.2e}  "
              f"{max(r['folded'] / r['native'] for r in runs):>8.2f}  {min(r['tanh'] / r['native'] for r in runs):>16.1f}  "
              f"{max(r['folded'] / (0.1 * r['tf32']) for r in runs):>18.2f}")


if __name__ == "__main__":
    main()
