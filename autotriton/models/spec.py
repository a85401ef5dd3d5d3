"""Model spec strings, parsed in one place: `eval`, `generate`, `serve`, `data build`'s
teacher and `train` all read the same grammar, so a spec that works for one works for all.

    embedded | embedded:triton | hf:PATH[+adapter:DIR] | openai:MODEL@BASE_URL | vllm:PATH
    | reference | answers:DIR | PATH (a local directory, read as hf:PATH)

Parsing checks the form only; whether PATH holds a model is checked by the backend
that loads it (models/hf.check_model_dir), with its own one-line message.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from autotriton.models.base import BackendError

SPEC_HELP = ("embedded | embedded:triton | hf:PATH[+adapter:DIR] | openai:MODEL@BASE_URL | vllm:PATH | reference"
             " | answers:DIR")

Kind = Literal["embedded", "hf", "openai", "vllm", "reference", "answers"]


@dataclass(frozen=True)
class ModelSpec:
    kind: Kind
    path: str = ""  # hf/vllm: the model directory; answers: the answer directory
    adapter: str = ""  # hf: a PEFT adapter directory over `path` ("" = none)
    model: str = ""  # openai: the served model's name
    base_url: str = ""  # openai: e.g. http://127.0.0.1:8000/v1
    trained: bool = False  # embedded:triton: with the LoRA adapter this package ships

    def __str__(self) -> str:
        if self.kind == "embedded":
            return "embedded:triton" if self.trained else "embedded"
        if self.kind == "reference":
            return "reference"
        if self.kind == "openai":
            return f"openai:{self.model}@{self.base_url}"
        return f"{self.kind}:{self.path}" + (f"+adapter:{self.adapter}" if self.adapter else "")


def parse_model_spec(text: str) -> ModelSpec:
    """The spec `text` names. A malformed or unknown spec raises BackendError (one line)."""
    if text in ("reference", "embedded", "embedded:triton"):
        return ModelSpec(text.partition(":")[0], trained=text == "embedded:triton")
    kind, _, rest = text.partition(":")
    if kind == "hf" and rest:
        return _hf(rest, text)
    if kind == "openai" and rest:
        model, _, base_url = rest.partition("@")
        if not model or not base_url:
            raise BackendError(f"'{text}': expected openai:MODEL@BASE_URL, e.g. openai:my-model@http://127.0.0.1:8000/v1")
        return ModelSpec("openai", model=model, base_url=base_url)
    if kind in ("vllm", "answers") and rest:
        return ModelSpec(kind, path=rest)
    # Training has always taken a bare directory (PATH[+adapter:DIR]); "/" tells a path from a
    # mistyped kind ("embeded").
    base = text.partition("+adapter:")[0]
    if base and ":" not in base and ("/" in base or Path(base).is_dir()):
        return _hf(text, text)
    raise BackendError(f"unknown model spec '{text}' (expected {SPEC_HELP})")


def _hf(rest: str, text: str) -> ModelSpec:
    path, sep, adapter = rest.partition("+adapter:")
    if not path or (sep and not adapter):
        raise BackendError(f"'{text}': expected hf:PATH or hf:PATH+adapter:DIR")
    return ModelSpec("hf", path=path, adapter=adapter)
