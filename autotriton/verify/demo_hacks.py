"""A few cheating candidates shipped with the package for `autotriton demo`.

The full adversarial corpus (one file per known hack) lives in
tests/adversarial/; these are copies of some of its files, so that an
installed package can show the verifier at work.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

HACK_DIR = Path(__file__).parent / "demo_hacks"


@dataclass(frozen=True)
class Hack:
    name: str
    task_id: str
    why: str
    source: str


def _header(source: str, key: str) -> str:
    for line in source.splitlines():
        if line.startswith(f"# {key}:"):
            return line.split(":", 1)[1].strip()
    return ""


def load_hacks() -> list[Hack]:
    hacks = []
    for path in sorted(HACK_DIR.glob("*.py")):
        src = path.read_text()
        hacks.append(Hack(path.stem, _header(src, "task"), _header(src, "why"), src))
    return hacks


HACKS = load_hacks()
