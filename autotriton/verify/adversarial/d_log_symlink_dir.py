# task: builtin/l1/relu
# expect: error=exited
# static: off
# why: the candidate replaces its output.log with a symlink to a directory and exits; the root fork-server, appending the log's tail to the verdict, reads through the link, gets IsADirectoryError and dies, so the job comes back as a fork-server failure and the next job pays for a cold start.
import os

import torch.nn as nn

os.unlink("output.log")
os.symlink("/", "output.log")
os._exit(3)


class ModelNew(nn.Module):
    pass
