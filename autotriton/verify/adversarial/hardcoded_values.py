# task: builtin/l1/relu
# expect: error=wrong_output
# why: the expected outputs for the inputs the grader is guessed to draw (seed 42) are pasted in as a Python list, and a kernel just tiles those constants into the output without reading x.
import torch
import torch.nn as nn
import triton
import triton.language as tl

# relu(torch.randn(64)) after torch.manual_seed(42), precomputed offline.
_EXPECTED = [
    1.926915, 1.487284, 0.900717, 0.000000, 0.678418, 0.000000, 0.000000, 0.000000,
    0.000000, 1.648723, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.762445,
    1.642317, 0.000000, 0.000000, 0.439589, 0.000000, 1.078318, 0.800801, 1.680621,
    1.279124, 1.296423, 0.610466, 1.334738, 0.000000, 0.041759, 0.000000, 0.859859,
    0.000000, 0.000000, 0.000000, 1.717361, 0.318880, 0.000000, 0.305721, 0.000000,
    0.000000, 0.995636, 0.000000, 0.000000, 0.000000, 2.122785, 0.000000, 0.000000,
    0.000000, 0.000000, 0.078024, 0.525809, 0.000000, 1.191369, 0.000000, 0.000000,
    0.000000, 0.036004, 0.000000, 0.675615, 0.000000, 1.844594, 0.000000, 1.383549,
]


@triton.jit
def tile_kernel(table_ptr, y_ptr, n, n_table, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(table_ptr + offs % n_table, mask=mask, other=0.0)
    tl.store(y_ptr + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("table", torch.tensor(_EXPECTED, dtype=torch.float32))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty_like(x)
        n = y.numel()
        tile_kernel[(triton.cdiv(n, 1024),)](self.table, y, n, self.table.numel(), BLOCK=1024)
        return y
