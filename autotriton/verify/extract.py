"""Pull the candidate's Python code out of raw model output.

Models wrap code in reasoning: thinking tags, several fenced blocks, trailing
prose. A text that parses as a module defining `ModelNew` is taken whole (a .py
file: its fences are in strings); otherwise we pick the last fenced block that
parses and defines `ModelNew` (later blocks are usually the corrected version).
"""

from __future__ import annotations

import ast

from autotriton.tasks.contract import parse_source

# Extraction runs in the caller, outside the sandbox and its timeout, so it scans with
# str.find only: the regexes it replaced went quadratic on an unclosed fence followed by
# a long line (256 KiB took 24 s; 16 MiB would have taken about a day).
_LANG_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+-")


def readable_text(text: str) -> str:
    """Candidate text as Python reads a file, for every path that reads one (verify, extract_code,
    check_rules). Lone surrogates ('\ud800'), which no UTF-8 file can hold, become '?': one in a
    comment made cache_key raise out of verify() and take a verify_many batch with it, and
    extract_code and check_rules raised on it (outside pass on verifier 93). \r\n and a lone \r
    become \n: the CLI read candidates with read_text(), which does that, and judged an honest
    answer with CRLF endings (its self-test cut) or lone \r endings (its fence found) correct that
    the API, the reward and eval rejected (outside red team, seventeenth pass, 2026-11-30)."""
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _defines_modelnew(code: str) -> bool:
    try:
        tree = parse_source(code)
    except (SyntaxError, RecursionError, MemoryError):
        # a 20,000-term expression: the CLI's pre-check raised RecursionError with a traceback
        # where the API's verify said syntax_error (outside red team, 2026-11-29)
        return False
    return any(isinstance(n, ast.ClassDef) and n.name == "ModelNew" for n in tree.body)


def _fences(text: str):
    """(language tag, body) of each ``` fence; an unclosed final fence runs to the end
    (generation often stops at the token limit inside the block)."""
    pos = 0
    while True:
        start = text.find("```", pos)
        if start < 0:
            return
        line_end = text.find("\n", start + 3)
        if line_end < 0:
            return
        header = text[start + 3:line_end].lstrip(" \t")
        n = 0
        while n < len(header) and header[n] in _LANG_CHARS:
            n += 1
        close = text.find("```", line_end + 1)
        yield header[:n], text[line_end + 1: close if close >= 0 else len(text)]
        if close < 0:
            return
        pos = close + 3


def _strip_thinking(text: str) -> str:
    """Drop <think>...</think> spans (any case); a dangling <think> ends the visible text."""
    lower, out, pos = text.lower(), [], 0
    while True:
        start = lower.find("<think>", pos)
        if start < 0:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos:start])
        end = lower.find("</think>", start + 7)
        if end < 0:
            return "".join(out)  # the answer never left the reasoning
        pos = end + 8


def code_blocks(text: str) -> list[str]:
    """All fenced blocks tagged python/py or untagged, in order."""
    return [body.strip("\n") + "\n" for lang, body in _fences(text)
            if lang.lower() in ("", "python", "py", "python3")]


def extract_code(text: str) -> str | None:
    """The candidate module source, or None when the text holds no usable code.

    A block that mentions ModelNew but does not parse is still returned, and so is
    unfenced text with a `class ModelNew` line (a bare .py file): the verifier then
    reports a syntax error with its line, more useful feedback than "no code".
    """
    # A byte-order mark opens files some editors save: Python runs them, ast.parse of the text refuses
    # U+FEFF, and an honest answer saved so was a syntax error (outside red team, 2026-11-29).
    whole = readable_text(text).removeprefix("\ufeff")
    # A text that is itself a module defining ModelNew is what Python would run: a fence or a
    # <think> tag inside it sits in a string or a comment. A .py file whose docstring held a fenced
    # honest answer over torch code was judged as the docstring's answer, and an honest file with a
    # fenced example in its docstring as the example (outside pass on verifier 66); a `# <think>`
    # comment, or "<think>" and "</think>" strings, cut the cheating ModelNew after them out of
    # what was judged (outside pass on verifier 67). Model output with prose around its blocks or
    # its reasoning does not parse as one module.
    if _defines_modelnew(whole):
        return without_unrun_parts(whole)
    visible = _strip_thinking(whole)
    blocks = code_blocks(visible)  # code only inside reasoning is a draft, not an answer
    for block in reversed(blocks):
        if _defines_modelnew(block):
            return without_unrun_parts(block)
    for block in reversed(blocks):
        if "ModelNew" in block:
            return block
    if "```" not in visible and _has_modelnew_class_line(visible):
        return visible  # one that does not parse is reported as a syntax error
    return None


# Lines that end a line for Python's tokenizer besides "\n"; with any of them, ast's line numbers
# and str.split("\n") disagree, so nothing is cut (the rules refuse such sources anyway).
_OTHER_BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


def without_unrun_parts(code: str) -> str:
    """The module with what an answer carries but never runs blanked out, line numbers kept: an
    `if __name__ == "__main__":` self-test (never true: the judge loads the module under another
    name) and a copy of the task's reference (`class Model`, `get_inputs`, `get_init_inputs`),
    whose torch calls the rules refused. Both are common in model output and were honest
    rejects (outside red team, 2026-11-29). What is cut is gone, not skipped: the judge runs and
    checks the same text, so a ModelNew that still uses Model fails on the missing name."""
    if any(b in code for b in _OTHER_BREAKS):
        return code
    try:
        tree = parse_source(code)
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return code
    lines = code.split("\n")
    for node in tree.body:
        if _is_main_guard(node) or (isinstance(node, (ast.ClassDef, ast.FunctionDef))
                                    and node.name in ("Model", "get_inputs", "get_init_inputs")):
            first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            for i in range(first - 1, node.end_lineno):
                lines[i] = ""
    return "\n".join(lines)


def _is_main_guard(node: ast.stmt) -> bool:
    """`if __name__ == "__main__":` with no else: its else runs on import, and was cut with the
    guard, so a ModelNew defined there ran on import and was never judged (outside pass on
    verifier 67)."""
    if not (isinstance(node, ast.If) and not node.orelse and isinstance(node.test, ast.Compare)
            and len(node.test.ops) == 1 and isinstance(node.test.ops[0], ast.Eq)):
        return False
    sides = [node.test.left, node.test.comparators[0]]
    names = [n.id for n in sides if isinstance(n, ast.Name)]
    texts = [n.value for n in sides if isinstance(n, ast.Constant)]
    return names == ["__name__"] and texts == ["__main__"]


def _has_modelnew_class_line(text: str) -> bool:
    """A line that starts `class ModelNew`: code, even where it does not parse (prose
    that merely names ModelNew stays "no code")."""
    return any(line.lstrip().startswith("class ModelNew") for line in text.splitlines())
