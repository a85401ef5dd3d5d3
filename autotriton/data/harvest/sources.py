"""Where harvested modules come from: directories, .py files and installed packages (`pkg:NAME`)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence


class HarvestError(ValueError):
    """A source argument is wrong (unknown package, missing path): a user mistake."""


# ====================================================================== sources

@dataclass(frozen=True)
class SourceFile:
    source: str  # the argument it came from
    path: Path
    rel: str  # provenance path: relative to the package's parent dir, or to the source dir
    module: str | None  # dotted module name; relative imports resolve against it
    is_package: bool  # an __init__.py: relative imports are relative to the module itself
    sys_path: str | None  # directory the worker prepends to sys.path so `module` imports
    package: str | None  # distribution name
    version: str | None
    licence: str | None
    installed: bool  # from pkg:NAME: the worker may import the original module first


def _distribution(top: str) -> tuple[str | None, str | None, str | None]:
    """(distribution, version, licence) of an installed top-level package, from its metadata."""
    dists = importlib.metadata.packages_distributions().get(top, [])
    if not dists:
        return None, None, None
    meta = importlib.metadata.metadata(dists[0])
    licence = meta.get("License-Expression") or ""
    if not licence and meta.get("License") and len(meta["License"]) < 80:  # some paste the whole text
        licence = meta["License"]
    if not licence:
        classifiers = meta.get_all("Classifier") or []
        licence = next((c.split("::")[-1].strip() for c in classifiers if c.startswith("License ::")), "")
    return dists[0], meta.get("Version"), licence or None


def _walk(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def _dotted(rel: Path) -> tuple[str, bool]:
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _package_files(source: str, name: str) -> list[SourceFile]:
    top, *rest = name.split(".")
    spec = importlib.util.find_spec(top)  # a top-level lookup imports nothing
    if spec is None:
        raise HarvestError(f"{source}: no installed package '{top}'")
    if spec.submodule_search_locations:
        base = Path(list(spec.submodule_search_locations)[0])
    elif not rest and spec.origin:
        base = Path(spec.origin)
    else:
        raise HarvestError(f"{source}: '{top}' is a module, not a package")
    target = base.joinpath(*rest)
    if target.is_dir():
        paths = _walk(target)
    elif target.with_suffix(".py").is_file() or target.suffix == ".py":
        paths = [target if target.suffix == ".py" else target.with_suffix(".py")]
    else:
        raise HarvestError(f"{source}: '{name}' not found under {base}")
    dist, version, licence = _distribution(top)
    root = base.parent
    files = []
    for p in paths:
        module, is_pkg = _dotted(p.relative_to(root))
        files.append(SourceFile(source, p, str(p.relative_to(root)), module, is_pkg, None,
                                dist or top, version, licence, True))
    return files


def _dir_files(source: str, root: Path) -> list[SourceFile]:
    """Files of a directory. A package directory (with __init__.py) is imported as
    `dirname.sub.mod` from its parent; a plain directory's files are top-level modules."""
    paths = _walk(root) if root.is_dir() else [root]
    base = root if root.is_dir() else root.parent
    anchor = base.parent if (base / "__init__.py").exists() else base
    files = []
    for p in paths:
        module, is_pkg = _dotted(p.relative_to(anchor))
        files.append(SourceFile(source, p, str(p.relative_to(base)), module, is_pkg, str(anchor),
                                None, None, None, False))
    return files


def resolve_sources(sources: Sequence[str]) -> list[SourceFile]:
    """Every .py file of every source, each once (the first source to reach it)."""
    files: dict[Path, SourceFile] = {}
    for source in sources:
        if source.startswith("pkg:"):
            found = _package_files(source, source[4:])
        else:
            path = Path(source)
            if not (path.is_dir() or (path.is_file() and path.suffix == ".py")):
                raise HarvestError(f"{source}: not a directory, a .py file or pkg:NAME")
            found = _dir_files(source, path.resolve())
        for f in found:
            files.setdefault(f.path.resolve(), f)
    return list(files.values())


