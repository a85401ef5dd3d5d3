"""Does c_matmul_count_in_a_dict_key tick its CUDA key tensor on a GPU? Verifier 65 judged it correct on
an H200 (session 60), where the CPU judge finds state_changed at its first checked forward. Built under
`torch.device("cuda")` as the judge's worker builds a candidate (worker.build), called six times on one
instance; each call prints the output's error against torch and whether the key tensor's bytes changed.

    python benchmarks/diag_dictkey_gpu.py
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import torch

ENTRY = Path(__file__).resolve().parents[1] / "autotriton/verify/adversarial/c_matmul_count_in_a_dict_key.py"


def main() -> None:
    spec = importlib.util.spec_from_file_location("candidate", ENTRY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with torch.device("cuda"):
        model = module.ModelNew()
    key = next(iter(model.keys))
    print(f"key tensor on {key.device}")
    a, b = torch.randn(64, 64, device="cuda"), torch.randn(64, 64, device="cuda")
    for call in range(6):
        before = key.view(torch.int32).clone()
        out = model(a, b)
        torch.cuda.synchronize()
        bits = key.view(torch.int32)
        print(f"call {call}: max error {(out - a @ b).abs().max().item():.3g}, key changed "
              f"{not torch.equal(before, bits)}, negative zeros {int((bits == -2**31).sum())}")


if __name__ == "__main__":
    main()
