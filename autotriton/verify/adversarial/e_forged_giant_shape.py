# task: builtin/l1/relu
# expect: error=bad_output
# static: off
# why: forward writes its own reply on its socket to the judge: a tensor of shape [0, 2^64], zero bytes (so the byte count checks out) but a dimension no int64 holds, which raised TypeError inside the judge's decoder and took verify() down with it.
import json
import os
import socket
import struct
import time

import torch
import torch.nn as nn


def _channel():
    for fd in range(3, 64):
        try:
            s = socket.socket(fileno=os.dup(fd))
        except OSError:
            continue
        if s.family == socket.AF_UNIX:
            return s
    raise RuntimeError("no channel to the judge")


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        header = {"report": {"launches": 1, "compute_ops": [], "provenance": [], "aliases_input": False,
                             "mutated": [], "threads_started": False},
                  "value": {"T": 0}, "tensors": [{"dtype": "float32", "shape": [0, 2 ** 64], "nbytes": 0}]}
        raw = json.dumps(header).encode()
        _channel().sendall(struct.pack(">Q", len(raw)) + raw)
        time.sleep(3)
        raise RuntimeError("the judge survived a forged shape")
