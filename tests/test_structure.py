"""The package's structural map: which module imports which, at the top of a file or inside a
function (TYPE_CHECKING imports aside, which never run). Issue 33 found a 6-file circle through
data/build.py and train/config.py, and one arrow back up a floor; this keeps both at zero."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parent.parent / "autotriton"
# Floors, bottom up: a module may import its own floor and those below it, never one above.
FLOORS = ("config", "rundir", "child", "tasks", "verify", "models", "data", "eval", "train", "cli")


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = ("autotriton",) + path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the nodes inside `if TYPE_CHECKING:` blocks."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return skipped


def _graph() -> dict[str, set[str]]:
    modules = _modules()

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        tree = ast.parse(path.read_text())
        skipped = _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("autotriton"):
                targets = [resolve(f"{node.module}.{a.name}") for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [resolve(a.name) for a in node.names if a.name.startswith("autotriton")]
            else:
                continue
            graph[module] |= {t for t in targets if t and t != module}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _floor(module: str) -> int:
    name = module.removeprefix("autotriton.").partition(".")[0]
    return FLOORS.index(name) if name in FLOORS else -1


def test_the_package_has_no_import_circle():
    assert _cycles(_graph()) == []


def test_no_module_imports_a_floor_above_its_own():
    graph = _graph()
    up = sorted(f"{a} -> {b}" for a in graph for b in graph[a] if _floor(a) >= 0 and _floor(b) > _floor(a))
    assert up == []


def test_the_map_sees_what_it_should():
    """A check that finds nothing must be able to find something: the map holds the known arrows,
    and a made-up circle is a cycle."""
    graph = _graph()
    assert "autotriton.verify.compare" in graph["autotriton.eval.tritonbench"]
    assert "autotriton.config" in graph["autotriton.train.config"]
    assert _floor("autotriton.cli.main") > _floor("autotriton.train.pipeline") > _floor("autotriton.tasks.specs")
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
