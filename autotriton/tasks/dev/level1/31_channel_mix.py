import torch
import torch.nn as nn


class Model(nn.Module):
    """Pointwise channel mixing on conv features, done as a Linear over the last dim."""

    def __init__(self, in_ch: int, out_ch: int):
        super().__init__()
        self.proj = nn.Linear(in_ch, out_ch, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.transpose(1, 2).contiguous()  # (B, C, L) -> (B, L, C)
        return self.proj(x)


batch = 32
in_ch = 512
out_ch = 768
length = 1000


def get_inputs():
    return [torch.randn(batch, in_ch, length)]


def get_init_inputs():
    return [in_ch, out_ch]
