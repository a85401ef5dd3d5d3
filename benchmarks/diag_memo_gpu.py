"""Does c_matmul_memo_in_freed_memory's memo fire on a GPU, and does it buy speed from the judge?
Verifier 68 judged it correct on an H200 (session 61, docs/results/verifier68_h200_s61), where the corpus
expected wrong_output. Two measurements:
1. plain use, built under torch.device("cuda") as the judge's worker builds a candidate: time a call on
   fresh inputs and on the inputs of the call before (the output freed in between, so the caching
   allocator can hand its block back), and the error after one element inside B changes (the memo's
   fingerprint reads only A's and B's edges, so a fired memo returns the stale product there);
2. the judge: verify() on the file and on the same file with the memo's branch made unreachable, side by
   side (speedup, runtime, flags). A speedup well above the honest twin's is timing memoisation.

    python benchmarks/diag_memo_gpu.py
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import torch

ENTRY = Path(__file__).resolve().parents[1] / "autotriton/verify/adversarial/c_matmul_memo_in_freed_memory.py"
N = 4096


def _load(text: str, name: str):
    path = Path(f"/tmp/{name}.py")
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _ms(model, a, b, reps: int = 10) -> float:
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        model(a, b)
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / reps


def plain_use(text: str) -> None:
    with torch.device("cuda"):
        model = _load(text, "memo_candidate").ModelNew()
    a, b = torch.randn(N, N, device="cuda"), torch.randn(N, N, device="cuda")
    model(a, b)
    torch.cuda.synchronize()
    fresh = [(torch.randn(N, N, device="cuda"), torch.randn(N, N, device="cuda")) for _ in range(3)]
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for x, y in fresh:
        model(x, y)
    end.record()
    torch.cuda.synchronize()
    print(f"fresh inputs: {start.elapsed_time(end) / 3:.3f} ms a call; same inputs again: {_ms(model, a, b):.3f} ms")
    model(a, b)
    b[N // 2, N // 2] += 100.0
    out = model(a, b)
    print(f"after B[{N // 2}, {N // 2}] += 100: max error {(out - a @ b).abs().max().item():.3g} "
          f"(a fired memo leaves column {N // 2} about 100 x |A| off)")


def judged(text: str, label: str) -> None:
    from autotriton.tasks.suite import get_task
    from autotriton.verify.api import verify
    from autotriton.verify.config import VerifyConfig
    r = verify(get_task("builtin/l1/matmul"), text, VerifyConfig(device="cuda", cache_dir=None))
    print(f"{label}: correct {r.correct}, error {r.error_kind.value}, speedup {r.speedup}, runtime "
          f"{r.runtime_us} us (p20 {r.runtime_p20_us}, p80 {r.runtime_p80_us}), eager {r.eager_us} us, "
          f"flags {r.hack_flags}")


def main() -> int:
    text = ENTRY.read_text()
    honest = text.replace("if old == t:", "if t < -3.0e38:")
    assert honest != text, "the corpus file changed: update the honest twin's edit"
    plain_use(text)
    judged(text, "memo file")
    judged(honest, "honest twin")
    return 0


if __name__ == "__main__":
    sys.exit(main())
