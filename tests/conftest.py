import os

import pytest

from autotriton.verify import Verifier, VerifyConfig


def has_gpu() -> bool:
    from autotriton.verify.api import gpu_count
    return gpu_count() > 0


def pytest_collection_modifyitems(config, items):
    if has_gpu():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def cpu_verifier(tmp_path_factory):
    """One warm verifier for the session; no result cache, so every verdict is fresh.

    CPU (interpreter) by default; AUTOTRITON_TEST_DEVICE=cuda runs the same
    checks on a GPU machine (benchmarks/gpu_session.sh does)."""
    device = os.environ.get("AUTOTRITON_TEST_DEVICE", "cpu")
    config = VerifyConfig(device=device, cache_dir=None, timeout_s=60.0 if device == "cpu" else 300.0,
                          workers=max(1, min(2, os.cpu_count() or 1)) if device == "cpu" else 0)
    with Verifier(config) as verifier:
        yield verifier
