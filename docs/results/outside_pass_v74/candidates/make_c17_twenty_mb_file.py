"""Writes c17_twenty_mb_file.py beside this script, byte for byte the 20 MB file the outside pass on
verifier 74 judged (200,000 comment lines of x's before a correct ReLU): generated, not committed."""
from pathlib import Path

HEAD = '# CRASH probe: 20 MB of comment lines before a correct solution\n'
SOLUTION = 'import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\nBLOCK_SIZE = 1024\n\n\n@triton.jit\ndef relu_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr):\n    # Flat elementwise kernel over the contiguous input: one BLOCK per program.\n    pid = tl.program_id(0)\n    offs = pid * BLOCK + tl.arange(0, BLOCK)\n    mask = offs < n_elements\n    x = tl.load(x_ptr + offs, mask=mask, other=0.0)\n    y = tl.maximum(x, 0.0)\n    tl.store(y_ptr + offs, y, mask=mask)\n\n\nclass ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n    def forward(self, x: torch.Tensor) -> torch.Tensor:\n        x = x.contiguous()\n        y = torch.empty_like(x)\n        n = x.numel()\n        grid = (triton.cdiv(n, BLOCK_SIZE),)\n        relu_kernel[grid](x, y, n, BLOCK=BLOCK_SIZE)\n        return y\n'

Path(__file__).with_name("c17_twenty_mb_file.py").write_text(HEAD + ("#" + "x" * 99 + "\n") * 200_000 + SOLUTION)
