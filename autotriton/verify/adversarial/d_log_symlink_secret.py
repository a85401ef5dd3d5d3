# task: builtin/l1/relu
# expect: error=exited
# static: off
# why: the candidate owns its temp dir, so it swaps its output.log for a symlink to a root-only file (/etc/shadow) and exits; the root fork-server then reads "the candidate's output" through the link into the verdict message (tests/test_sandbox.py checks the verdict for a planted secret).
import os

import torch.nn as nn

os.unlink("output.log")
os.symlink("/etc/shadow", "output.log")
os._exit(3)


class ModelNew(nn.Module):
    pass
