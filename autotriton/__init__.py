"""AutoTriton: teach language models to write fast, correct Triton kernels (SFT, then GRPO), with
every kernel judged by running it. The Python API's front door:

    from autotriton import evaluate, EvalConfig, VerifyConfig
    result = evaluate("embedded:triton", EvalConfig(suites=["builtin:heldout"],
                                                    verify=VerifyConfig(device="cpu")), "runs/eval")

`autotriton.verify` holds the judge (`Verifier`, `VerifyConfig`, `verify`), which takes a Task:

    from autotriton.tasks import get_task, load_task_file
    from autotriton.verify import VerifyConfig, verify
    result = verify(load_task_file("my_task.py"), open("answer.py").read(), VerifyConfig(device="cpu"))
    # or get_task("builtin/l1/relu"); result.correct, result.error_kind, result.error_msg

The `autotriton` command does the rest (docs/ and README.md).
"""

import importlib

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

try:
    __version__ = _version("autotriton")
except PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0.0.0+unknown"


def __getattr__(name: str):
    # Lazy: `import autotriton` must not import the eval harness, models and torch with it.
    if name == "evaluate":
        from autotriton.eval.harness import evaluate
        return evaluate
    if name == "EvalConfig":
        from autotriton.eval.config import EvalConfig
        return EvalConfig
    if name == "VerifyConfig":  # the judge's settings, EvalConfig.verify
        from autotriton.verify.config import VerifyConfig
        return VerifyConfig
    if name in ("verify", "tasks"):  # `import autotriton; autotriton.verify.verify(...)` without a second import
        return importlib.import_module(f"autotriton.{name}")
    raise AttributeError(f"module 'autotriton' has no attribute {name!r}")
