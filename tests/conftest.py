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
    """One warm CPU verifier for the session; no result cache, so every verdict is fresh."""
    config = VerifyConfig(device="cpu", cache_dir=None, timeout_s=60.0,
                          workers=max(1, min(2, os.cpu_count() or 1)))
    with Verifier(config) as verifier:
        yield verifier
