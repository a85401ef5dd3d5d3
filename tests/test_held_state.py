"""What the worker compares around each trial's forward (state_changed): every tensor memory a
candidate keeps between calls, found without running its code."""

import ast
import textwrap
import typing

import torch

from autotriton.tasks.contract import module_from_source
from autotriton.verify import worker
from tests.test_bf16 import interpreted_lines

SOURCE = '''
import functools
import torch
import torch.nn as nn

TABLE = {"count": torch.zeros(1)}


class Holder:
    __module__ = "torch"  # claims to be a library class: still walked

    def __init__(self):
        self.inner = torch.zeros(3)


def make():
    cell = torch.zeros(4)

    def launch(x):
        return cell
    return launch


def helper(x, st=torch.zeros(5), *, kw=torch.zeros(6)):
    return x


class ModelNew(nn.Module):
    shared = torch.zeros(7)

    def __init__(self):
        super().__init__()
        self.register_buffer("buf", torch.zeros(8))
        self.view = torch.zeros(64)[:2]
        self._launch = make()
        self._holder = Holder()
        self._part = functools.partial(helper, st=torch.zeros(9))
        self.layers = nn.ModuleList([nn.Linear(2, 2)])

    def forward(self, x, st=torch.zeros(10)):
        return x
'''


def held(source: str = SOURCE) -> dict[int, str]:
    """Storage size in bytes -> name, for the fixture's distinct sizes."""
    module = module_from_source(source, "candidate", "candidate.py")
    w = worker.Worker.__new__(worker.Worker)
    w.module, w.model = module, module.ModelNew()
    return {t.numel(): name for name, t in w._own_state()[0]}


def test_every_place_a_candidate_keeps_a_tensor_is_compared():
    found = held()
    f32 = 4
    for n in (1, 3, 4, 5, 6, 7, 8, 9, 10):
        assert n * f32 in found, (n, found)
    assert found[64 * f32] == "model.view"  # the whole storage, not the 2-element view
    assert any(name.startswith("model.layers") for name in found.values())


def test_a_fresh_temporary_does_not_hide_the_next_one():
    """Ids of freed temporaries are reused at once: the walk keeps what it saw."""
    assert 4 * 4 in held()  # the closure cell, reached through a fresh list of cell contents


def test_library_objects_are_not_walked():
    names = held()
    assert not any("torch.float32" in n or "__dict__" in n for n in names.values())


def test_an_unchanged_storage_compares_equal_and_a_write_past_a_view_does_not():
    t = torch.zeros(64)[:2]
    whole = torch.empty(0, dtype=torch.uint8).set_(t.untyped_storage())
    before = worker._snapshot(whole)
    assert not worker._changed(whole, before)
    t.untyped_storage()[32 * 4] = 1  # a byte of element 32, outside the view
    assert worker._changed(whole, before)


def test_an_iterator_kept_between_calls_is_compared_by_its_position():
    """A count kept as the position of an iterator, advanced with no assignment, and tensors kept
    inside one (outside red team, eleventh pass): each position moves when the iterator does."""
    def gen():
        for i in range(10):
            yield i

    cache = torch.zeros(3)
    kept = {"calls": enumerate(range(1 << 40)), "items": iter([cache, cache]), "gen": gen(),
            "cached": enumerate([[cache]] * 4)}
    for name, it in kept.items():
        before = worker._iterator_state(it)[0]
        assert worker._iterator_state(it)[0] == before, name  # reading the position does not move it
        next(it)
        assert worker._iterator_state(it)[0] != before, name
    found = [v for _, v in worker._held_values(None, {"st": kept["cached"]})]
    assert any(v is cache for v in found)  # the walk reaches the tensors an iterator holds
    assert worker._library_iterator(kept["gen"]) and not worker._library_iterator([1, 2])


def test_tensors_inside_tritons_own_objects_are_walked():
    """A call count kept in a TensorDescriptor's base and a torch-computed sigmoid table kept in a
    tl.constexpr box passed verifier 79 (outside pass, session 68): the walk entered only a kernel's
    function for every object of Triton's. Kernels are still walked through their function alone,
    and the interpreter's own builder is not the candidate's state."""
    import triton
    import triton.language as tl
    from triton.runtime import interpreter
    from triton.tools.tensor_descriptor import TensorDescriptor

    count, table = torch.zeros(8, dtype=torch.int32), torch.zeros(16)

    @triton.jit
    def kernel(x):
        pass

    kept = {"desc": TensorDescriptor.from_tensor(count, [8]), "box": tl.constexpr(table), "kernel": kernel,
            "builder": interpreter.interpreter_builder}
    found = dict((id(v), name) for name, v in worker._held_values(None, kept))
    assert found[id(count)] == "desc.base" and found[id(table)].startswith("box.")
    assert not any(name.startswith("builder.") for name in found.values())
    assert not any(name.startswith("kernel.") and not name.startswith("kernel.fn") for name in found.values())


def test_what_a_candidate_hangs_on_kernels_functions_and_library_classes_is_walked():
    """Verifier 80 entered a kernel, an autotuner or a heuristics wrapper only through its function,
    a function only through its defaults and closure, and a library class not at all: a call count
    and a matmul's output memo kept as a heuristics lambda's default, in a Config's kwargs, on the
    kernel object, on a plain function and on nn.Identity itself were judged correct (outside pass,
    session 69). Triton's own caches (the interpreter's rewritten functions) stay out of the walk."""
    import functools

    import triton
    import triton.language as tl
    from triton.runtime.interpreter import InterpretedFunction

    kept = [torch.zeros(n) for n in range(1, 7)]

    @triton.jit
    def kernel(x, B: tl.constexpr):
        pass

    def helper():
        pass

    heur = triton.heuristics({"B": lambda args, s=kept[0]: 16})(kernel)
    tuned = triton.autotune(configs=[triton.Config({"cnt": kept[1]})], key=[])(kernel)
    kernel.memo, helper.memo = kept[2], kept[3]
    part = functools.partial(helper)
    part.memo = kept[4]
    torch.nn.Identity.memo = kept[5]
    try:
        found = {id(v): name for name, v in worker._held_values(
            None, {"heur": heur, "tuned": tuned, "helper": helper, "part": part, "cls": torch.nn.Identity,
                   "interp": InterpretedFunction})}
    finally:
        del torch.nn.Identity.memo, kernel.memo
    assert all(id(t) in found for t in kept), [found.get(id(t)) for t in kept]
    assert not any(name.startswith("interp.") for name in found.values())  # rewritten_fn: Triton's cache


def test_a_propertys_deleter_and_doc_a_functions_doc_and_annotations_and_a_staticmethods_attributes_are_walked():
    """A call count in a property deleter's tensor default was refused only by the rules (`del
    self.gate`); the walk entered a property through fget and fset alone, and neither a function's
    docstring and annotations nor a staticmethod's own attributes (outside pass on verifier 85)."""
    kept = [torch.zeros(n) for n in range(1, 6)]

    def deleter(obj, st=kept[0]):
        pass

    def helper(x: kept[2]):
        pass

    helper.__module__ = "candidate"  # as the worker loads a candidate's functions
    helper.__doc__ = [kept[3]]
    wrapped = staticmethod(lambda: None)
    wrapped.memo = kept[4]
    prop = property(None, None, deleter, [kept[1]])
    found = {id(v): name for name, v in worker._held_values(None, {"prop": prop, "helper": helper, "wrapped": wrapped})}
    assert all(id(t) in found for t in kept), [found.get(id(t)) for t in kept]

    def annotated(x: typing.Optional[torch.Tensor] = None) -> tuple[torch.Tensor, int]:
        pass

    annotated.__module__ = "candidate"
    # NoneType, in the Optional's args, is a C type no module names: not a candidate's class to walk
    assert len(list(worker._held_values(None, {"annotated": annotated}))) < 30


def test_globals_the_code_reads_must_be_bound_where_the_interpreter_would_fill_them():
    """A bare annotation (`np: int`), a walrus in a default's branch never taken (outside pass on
    verifier 81) and a class body's own name read in its generator (`time = 0; g = (time for ...)`,
    which reads the global: outside pass on verifier 82) bind nothing the code then reads; the
    interpreter put numpy and inspect under such names at forward's first launch. A class in a
    function reads a global where it reads a name before binding it. Locals, and names the
    interpreter has no global for, are left be."""
    source = textwrap.dedent("""
        import torch
        np: int
        def helper(z=(0 if True else (inspect := 0))):
            return z
        class Holder:
            time = 0
            gen = (time for _ in range(3))
        def forward(x):
            B, T, C = x.shape
            return np, inspect, unknown
        def later():
            class Late:
                got = partial
                partial = 0
            return Late
    """)
    module = module_from_source(source, "candidate", "candidate.py")
    assert worker._injectable_unbound(source, vars(module)) == {"np", "inspect", "time", "partial"}


def test_a_library_class_annotation_is_not_its_data_but_a_memo_under_its_own_name_is_walked():
    """`in_features: int` in nn.Linear's body binds nothing, so a memo set as `nn.Linear.in_features`
    was the library's to verifier 81's walk (outside pass on verifier 81); a name the body does bind
    is walked where it holds a tensor, which a library's own data never does."""
    memo, kept = torch.zeros(3), torch.zeros(4)
    torch.nn.Linear.in_features, torch.nn.Module.dump_patches = memo, [kept]
    try:
        found = {id(v) for _, v in worker._held_values(None, {"lin": torch.nn.Linear, "mod": torch.nn.Module})}
    finally:
        del torch.nn.Linear.in_features
        torch.nn.Module.dump_patches = False
    assert id(memo) in found and id(kept) in found


def test_a_views_stride_and_a_memo_nested_in_library_data_are_held_state():
    """A call count kept as the stride of a one-element view of one storage, swapped into a held
    dict at every call, and a memo kept as `TensorDescriptor.padding = [[tensor]]` (a name its
    class body binds) passed verifier 82 (outside pass, session 69)."""
    from triton.tools.tensor_descriptor import TensorDescriptor

    base = torch.zeros(8)
    assert worker._layout(base[::2][:1]) != worker._layout(base[::3][:1])
    memo = torch.zeros(5)
    saved = TensorDescriptor.padding
    TensorDescriptor.padding = [[memo]]
    try:
        found = {id(v) for _, v in worker._held_values(None, {"cls": TensorDescriptor})}
    finally:
        TensorDescriptor.padding = saved
    assert id(memo) in found
    assert worker._plain_data({len: len, "a": (1, "b")}) and not worker._plain_data([[memo]])


def test_which_object_a_held_container_holds_is_compared():
    """A process-wide call count kept as which of two module functions each of ten held sets or
    dicts holds, flipped with `t ^= {f0, f1}`, passed verifier 83 (outside pass, session 69)."""
    def f0():
        pass

    def f1():
        pass

    for before, after in (({f0}, {f1}), ({"c": f0}, {"c": f1}), ([f0], [f1])):
        assert worker._layout(before) != worker._layout(after)
        assert worker._layout(before) == worker._layout(type(before)(before))


def test_a_held_containers_plain_items_are_compared_with_their_type_and_a_sets_in_order():
    """`0 == False`, and which of two colliding members a set iterates first, each held a bit of a
    call count that kept every length and value equal (outside pass on verifier 84)."""
    assert worker._layout({"c": 0}) != worker._layout({"c": False})
    assert worker._layout([1]) != worker._layout([True])
    a, b = 1, 1 + 2 ** 20  # equal hashes modulo a small set's table: insertion order decides
    first, second = {a, b}, set()
    second.add(b)
    second.add(a)
    if list(first) != list(second):
        assert worker._layout(first) != worker._layout(second)
    assert worker._layout({a, b}) == worker._layout({a, b})
    nan = float("nan")  # a NaN's sign held a bit (outside pass on verifier 85)
    assert worker._layout([nan]) != worker._layout([-nan]) and worker._layout([nan]) == worker._layout([nan])


def _state_of(source: str):
    module = module_from_source(source, "candidate", "candidate.py")
    w = worker.Worker.__new__(worker.Worker)
    w.module, w.model = module, module.ModelNew()
    return w._own_state()


NESTED = '''
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = list(range(100_000, 130_000))  # numbers hold nothing: never counted
        self.box = [[[[[[[[torch.zeros(11)]]]]]]]]
'''


def test_the_walk_has_no_depth_limit_and_skips_numbers():
    """A count eight lists deep, and one behind a table of 30,000 ints, passed a walk of four
    levels and 20,000 objects (outside red team, thirteenth pass)."""
    held_tensors, _, unwalked = _state_of(NESTED)
    assert not unwalked and any(t.numel() == 11 * 4 for _, t in held_tensors)


def test_more_objects_than_the_walk_takes_are_refused():
    """Past HELD_OBJECTS the worker says so, and the judge refuses the candidate (state_changed)."""
    crowded = NESTED.replace("list(range(100_000, 130_000))", f"[[] for _ in range({worker.HELD_OBJECTS + 10})]")
    assert _state_of(crowded)[2]
    assert worker._most_configs({"crowd": [[] for _ in range(worker.HELD_OBJECTS + 10)]}) == 0


def test_poison_blocks_never_fail_the_candidate_and_keep_the_small_sizes():
    """The GPU pre-poison is the judge's own allocation: an autotuned kernel's first forward
    recorded 31 of Triton's 256 MiB benchmark buffers, more than the sandbox's cap at once, and
    the worker died (`exited`, charged to the candidate; H200, session 41). Where all do not fit,
    each distinct size once, smallest first, as many as fit; where they do, all of them."""
    live = {"bytes": 0}

    class Block:  # device memory held while referenced, as torch's caching allocator counts it
        def __init__(self, n):
            self.n = n
            live["bytes"] += n

        def __del__(self):
            live["bytes"] -= self.n

    def empty(cap):
        def make(dev, n):
            if live["bytes"] + n > cap:
                raise torch.OutOfMemoryError("cap")
            return Block(n)
        return make

    allocs = [("cuda:0", 4096)] * 3 + [("cuda:0", 256 << 20)] * 31 + [("cuda:0", 1 << 20)]
    assert [b.n for b in worker.poison_blocks(allocs, empty(1 << 40))] == [n for _, n in allocs]
    assert [b.n for b in worker.poison_blocks(allocs, empty(600 << 20))] == [4096, 1 << 20, 256 << 20]
    assert [b.n for b in worker.poison_blocks(allocs, empty(64 << 20))] == [4096, 1 << 20]


WALK_AFTER_LAUNCHES = '''
import pathlib, types, torch
from autotriton.verify import worker
worker.interpreted()
from autotriton.tasks import get_task
counts = []
for name in ("relu", "softmax", "layernorm"):
    task = get_task(f"builtin/l1/{name}")
    module = types.ModuleType("candidate")
    # from a file, as the worker loads it: the interpreter rewrites a kernel it can read the source of
    # in the kernel's own globals, and that is where its names come in
    path = pathlib.Path(__file__).parent / f"candidate_{name}.py"
    path.write_text(task.solution_source)
    module.__file__ = str(path)
    exec(compile(task.solution_source, str(path), "exec"), module.__dict__)
    model = module.ModelNew(*([32] if name == "layernorm" else []))
    before = len(list(worker._held_values(model, vars(module))))
    for _ in range(3):
        model(torch.randn(4, 32))
    counts.append((before, len(list(worker._held_values(model, vars(module))))))
print(counts)
'''


def test_the_walk_stays_small_after_launches(tmp_path):
    """The interpreter copies its module's globals into the candidate's at the first launch, and the
    walk reads the closures of what they hold: with the interpreter's lookups cached in a closure
    (worker.lookups_once), a ReLU's walk grew from 141 objects to 2,683 and its 23 builds took 0.7 s
    instead of 0.07 s (session 53). Past HELD_OBJECTS such a cache would refuse honest answers."""
    counts = ast.literal_eval(interpreted_lines(tmp_path, WALK_AFTER_LAUNCHES)[0])
    for before, after in counts:
        assert after < 400 and after - before < 200, counts


def test_what_is_held_may_not_grow_or_change_shape():
    """worker._held_layout: a memo appended to a default list and a count kept as its length changed no
    tensor held before the call (outside pass on verifier 59, session 57). A list that grows, a plain
    value that changes and a tensor swapped for another all differ; the same holdings compare equal,
    NaN and an int past repr's 4,300 digits included."""
    def layout(held):
        return worker._held_layout(None, {"held": held})

    kept, big = torch.zeros(2), 10 ** 5000
    before = layout([kept, {"n": 1, "nan": float("nan"), "big": big}])
    assert layout([kept, {"n": 1, "nan": float("nan"), "big": big}]) == before
    assert layout([kept, {"n": 2, "nan": float("nan"), "big": big}]) != before
    assert layout([kept, {"n": 1, "nan": float("nan"), "big": big}, 1]) != before
    assert layout([torch.zeros(2), {"n": 1, "nan": float("nan"), "big": big}]) != before
