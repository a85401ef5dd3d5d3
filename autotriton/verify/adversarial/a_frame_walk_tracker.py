# task: builtin/l1/relu
# expect: error=rule_violation flag=io_access|forbidden_syntax
# why: with no import, a generator's gi_frame.f_back walks up to the worker frame that holds the write tracker; forward empties its op log, marks torch's result as kernel-written, and bumps the launch counter found through the tracker class's __init__.__globals__. With the static rules off it passes: the in-process guards only measure, and code that reaches them can rewrite them; keeping candidate code away from them is the allow-list rules' job (docs/VERIFIER.md, layers).
import torch
import torch.nn as nn


def _frames():
    holder = []

    def probe():
        yield holder[0].gi_frame.f_back

    gen = probe()
    holder.append(gen)
    frame = next(gen)
    while frame is not None:
        yield frame
        frame = frame.f_back


def _launder(y):
    for frame in _frames():
        tracker = frame.f_locals.get("tracker")
        if tracker is not None and hasattr(tracker, "compute_ops"):
            tracker.compute_ops.clear()
            tracker.state[(y.device.type, y.device.index, y.untyped_storage().data_ptr())] = "triton"
            type(tracker).__init__.__globals__["STATE"].launches += 1
            return


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(x)
        _launder(y)
        return y
