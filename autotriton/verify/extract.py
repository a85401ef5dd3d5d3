"""Pull the candidate's Python code out of raw model output.

Models wrap code in reasoning: thinking tags, several fenced blocks, trailing
prose. We pick the last fenced block that parses and defines `ModelNew`
(later blocks are usually the corrected version); failing that, the whole
text if it parses as such a module.
"""

from __future__ import annotations

import ast
import re

from autotriton.tasks.contract import parse_source

_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
# ```python ... ``` or ``` ... ```; an unclosed final fence runs to the end
# (generation often stops at the token limit inside the block).
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)


def _defines_modelnew(code: str) -> bool:
    try:
        tree = parse_source(code)
    except SyntaxError:
        return False
    return any(isinstance(n, ast.ClassDef) and n.name == "ModelNew" for n in tree.body)


def code_blocks(text: str) -> list[str]:
    """All fenced blocks tagged python/py or untagged, in order."""
    blocks = []
    for lang, body in _FENCE.findall(text):
        if lang.lower() in ("", "python", "py", "python3"):
            blocks.append(body.strip("\n") + "\n")
    return blocks


def extract_code(text: str) -> str | None:
    """The candidate module source, or None when the text holds no usable code.

    A block that mentions ModelNew but does not parse is still returned (the
    verifier then reports a syntax error, which is more useful feedback than
    "no code").
    """
    visible = _THINK.sub("", text)
    # A dangling <think> with no close means the answer never left the reasoning.
    if "<think>" in visible.lower():
        visible = visible[: visible.lower().index("<think>")]
    blocks = code_blocks(visible)  # code only inside reasoning is a draft, not an answer
    for block in reversed(blocks):
        if _defines_modelnew(block):
            return block
    for block in reversed(blocks):
        if "ModelNew" in block:
            return block
    if _defines_modelnew(visible):
        return visible
    return None
