# task: builtin/l1/relu
# expect: error=runtime_error
# static: off
# why: os.environ is scrubbed and /proc/self/environ is unreadable after the uid switch, but the fork-server's original environment block is still in the candidate's memory (env_start..env_end of /proc/self/stat), so ctypes reads it back; it answers honestly if that block holds a variable the scrub removed (tokens, keys, proxies would be next).
import ctypes
import os

import torch
import torch.nn as nn
import triton
import triton.language as tl

KEPT = {"PATH", "LANG", "LC_ALL", "TRITON_INTERPRET", "CUDA_VISIBLE_DEVICES", "CUDA_HOME", "LD_LIBRARY_PATH",
        "PYTHONPATH", "NCCL_NVLS_ENABLE", "TORCH_SYMM_MEM_DISABLE_MULTICAST", "NVSHMEM_DISABLE_NVLS",
        "HOME", "TMPDIR", "USER", "TRITON_CACHE_DIR", "TRITON_HOME",
        # the fork-server's own environment (sandbox.SERVER_ENV): cache locations, no secrets
        "XDG_CACHE_HOME", "AUTOTRITON_CACHE", "TORCHINDUCTOR_CACHE_DIR", "PYTORCH_CUDA_ALLOC_CONF"}


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask, other=0.0), 0.0), mask=mask)


def _scrubbed_names() -> list[str]:
    with open("/proc/self/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    start, end = int(fields[47]), int(fields[48])  # env_start, env_end (fields 50 and 51)
    if not 0 < start < end:
        return []
    block = ctypes.string_at(start, end - start)
    names = [item.split(b"=", 1)[0].decode(errors="replace") for item in block.split(b"\0") if b"=" in item]
    return [n for n in names if n not in KEPT and not n.startswith(("TRITON_", "CUDA_")) and n not in os.environ]


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        leaked = _scrubbed_names()
        if not leaked:
            raise RuntimeError("the original environment is gone")
        y = torch.empty_like(x)
        relu_kernel[(triton.cdiv(y.numel(), 1024),)](x, y, y.numel(), BLOCK=1024)
        return y
