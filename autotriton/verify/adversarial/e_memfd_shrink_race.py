# task: builtin/l1/relu
# expect: error=bad_output|timeout
# static: off
# why: forward sends its own reply whose 1 GiB payload is "in shared memory" (a memfd passed with SCM_RIGHTS, as the wire's large-tensor path does) and truncates that memfd to zero 50 ms later, while the judge is copying out of its mapping; a judge that fstat()s, mmap()s and then reads gets SIGBUS mid-copy (or "mmap length is greater than file size") instead of a verdict.
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
    raise RuntimeError("no channel")


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        size = 1 << 30
        fd = os.memfd_create("race")
        os.ftruncate(fd, size)
        header = {"report": {"launches": 1}, "value": {"T": 0}, "shm": True,
                  "tensors": [{"dtype": "uint8", "shape": [size], "nbytes": size, "offset": 0}]}
        raw = json.dumps(header).encode()
        frame = struct.pack(">Q", len(raw)) + raw
        _channel().sendmsg([frame], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, struct.pack("i", fd))])
        time.sleep(0.05)  # the judge has checked the size and is copying out of its mapping
        os.ftruncate(fd, 0)
        time.sleep(3)
        raise RuntimeError("the judge survived a shrinking memfd")
