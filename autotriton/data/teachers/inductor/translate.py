"""Translating the wrapper's `call(args)` into ModelNew.forward: argument bindings, size symbols,
buffer allocations and views, and kernel launches."""

from __future__ import annotations

import ast
import copy
import math
import operator
import re
from dataclasses import dataclass, field

from autotriton.data.teachers.inductor.capture import Capture
from autotriton.data.teachers.inductor.gemm import Gemm, gemm, is_gemm
from autotriton.data.teachers.inductor.model import ModelInfo
from autotriton.data.teachers.inductor.tiling import launch_grid
from autotriton.data.teachers.inductor.wrapper import ExampleTensor, Kernel, Unsupported, dotted
from autotriton.tasks.contract import parse_source


def _local_name(param: str) -> str:
    """'net.0.weight' -> 'net_0_weight'; a module that is itself a Sequential names its parameters
    '0.0.weight', so a leading digit gets a prefix (the build stopped on `0_0_weight.t()`)."""
    name = re.sub(r"\W", "_", param)
    return f"p_{name}" if name[0].isdigit() else name


def _attr_path(param: str) -> str:
    """'net.0.weight' -> 'self.net[0].weight'."""
    out = "self"
    for part in param.split("."):
        out += f"[{part}]" if part.isdigit() else f".{part}"
    return out


@dataclass
class Bindings:
    """How call()'s arguments map onto ModelNew.forward's world."""

    names: dict[str, str]  # argK_1 -> local variable (inputs, parameters)
    lifted: dict[str, str]  # argK_1 (0-d float tensor) -> "self.<attr>"
    symbols: dict[str, str]  # s21 -> "x.shape[0]"
    specialised: list[str]  # "x.shape[2] = 37": input dims Inductor baked in
    preamble: list[str]  # forward's first lines: parameters, contiguity, device, sizes
    values: dict[str, int] = field(default_factory=dict)  # s21 -> its capture-time value
    shapes: dict[str, tuple[int, ...]] = field(default_factory=dict)  # argK_1 -> its capture-time shape
    unread: set[str] = field(default_factory=set)  # int arguments no size symbol of the wrapper reads


def bind(call: ast.FunctionDef, examples: dict, capture: Capture, model: ModelInfo) -> Bindings:
    unpack = call.body[0]
    if not (isinstance(unpack, ast.Assign) and dotted(unpack.value) == "args"):
        raise Unsupported("call() does not start by unpacking args")
    target = unpack.targets[0]
    arg_names = [e.id for e in target.elts] if isinstance(target, ast.Tuple) else [target.id]
    if any(a not in examples for a in arg_names):
        raise Unsupported("get_args() does not list every call argument")
    tensors = [a for a in arg_names if isinstance(examples[a], ExampleTensor)]
    inputs, unpack = _input_tensors(capture, model)
    params, inputs, expected = _graph_inputs(capture, inputs)
    n_p, n_i = len(params), len(inputs)
    if len(tensors) < n_p + n_i:
        raise Unsupported(f"call takes {len(tensors)} tensors; expected {n_p} parameters + {n_i} inputs")
    locals_ = [_local_name(p) for p in params]
    locals_ = [n if n not in model.forward_args and n not in inputs else f"{n}_param" for n in locals_]
    got = [list(examples[a].shape) for a in tensors[:n_p + n_i]]
    tensors = [tensors[i] for i in _by_shape(got, expected)] + tensors[n_p + n_i:]
    names = dict(zip(tensors, locals_ + inputs))
    lifted = _bind_lifted(tensors[n_p + n_i:], examples, model)
    preamble = [f"{loc} = {_attr_path(p)}" for p, loc in zip(params, locals_)] + unpack
    for a in tensors[n_p:n_p + n_i]:
        ex = examples[a]
        if ex.stride == _contiguous_strides(ex.shape):
            preamble.append(f"{names[a]} = {names[a]}.contiguous()")  # the kernels index row-major
    if not tensors:
        raise Unsupported("no tensor argument to take the device from")
    wrapper_vars = {t.id for n in ast.walk(call) if isinstance(n, ast.Assign) for t in n.targets
                    if isinstance(t, ast.Name)} | {"device"}
    clash = sorted(wrapper_vars & set(names.values()))
    if clash:
        raise Unsupported(f"forward/parameter names {clash} clash with wrapper variables")
    read = _read_names(call)
    sized = _size_args(call, arg_names, examples, read)
    measured = _measured_sizes(call, names, read)
    symbols = _symbols(call, sized, names) | {s: f"{names[a]}.shape[{d}]" for s, (a, d) in measured.items()}
    preamble.append(f"device = {names[tensors[n_p] if n_i else tensors[0]]}.device")
    preamble += [f"{s} = {expr}" for s, expr in symbols.items()]
    unread = {a for a in arg_names if isinstance(examples[a], int)} - set(sized.values())
    for st in call.body:  # and what only copies them (`s33 = arg0_1`, `s6 = s33`), in order
        if isinstance(st, ast.Assign) and isinstance(st.targets[0], ast.Name) and st.targets[0].id not in symbols \
                and (isinstance(st.value, ast.Name) and st.value.id in unread or _measured(st.value)):
            unread.add(st.targets[0].id)
    return Bindings(names, lifted, symbols, _specialised(call, set(inputs), names), preamble,
                    {s: examples[sized[s]] if s in sized else examples[measured[s][0]].shape[measured[s][1]]
                     for s in symbols},
                    {a: examples[a].shape for a in tensors}, unread)


def _graph_inputs(capture: Capture, inputs: list[str]) -> tuple[list[str], list[str], list[list[int]]]:
    """The parameters and forward tensors the compiled graph reads, and their shapes, in call order
    (Dynamo leaves out the rest: capture.used_args); all of them in captures recorded before."""
    n = len(capture.param_names)
    flat = capture.flat_input_shapes if capture.input_kinds else capture.input_shapes
    shapes = [list(s) for s in capture.param_shapes] + [list(s) for s in flat]
    used = sorted(capture.used_args) if capture.used_args is not None else range(n + len(inputs))
    return ([capture.param_names[i] for i in used if i < n], [inputs[i - n] for i in used if i >= n],
            [shapes[i] for i in used])


def _input_tensors(capture: Capture, model: ModelInfo) -> tuple[list[str], list[str]]:
    """The names forward gives the tensors Dynamo takes from its inputs, and the lines that unpack
    tuple inputs: `position_embeddings` of two tensors is `position_embeddings_0, _1`. A None input
    was specialised away (no tensor); other kinds of input are not rewritten."""
    kinds = capture.input_kinds or ["tensor" if s is not None else "other" for s in capture.input_shapes]
    if "other" in kinds:
        raise Unsupported("forward inputs other than tensors, None and tuples of tensors are not rewritten")
    if len(model.forward_args) != len(kinds):
        raise Unsupported(f"forward takes {len(model.forward_args)} inputs; get_inputs() gives {len(kinds)}")
    names, unpack = [], []
    for arg, kind in zip(model.forward_args, kinds):
        if kind == "tensor":
            names.append(arg)
        elif kind.startswith("tuple:"):
            parts = [f"{arg}_{j}" for j in range(int(kind.split(":")[1]))]
            names += parts
            unpack.append(f"{', '.join(parts)} = {arg}")
    return names, unpack


def _by_shape(got: list, expected: list) -> list[int]:
    """Which call tensor is each parameter and input: in order, or else by shape where every shape
    is unique (Dynamo may take a module's inputs in another order than forward lists them: a
    transposed-B matmul's call took b before a)."""
    if got == expected:
        return list(range(len(got)))
    order = [[i for i, g in enumerate(got) if g == e] for e in expected]
    if any(len(o) != 1 for o in order) or sorted(o[0] for o in order) != list(range(len(got))):
        raise Unsupported(f"call argument shapes {got} do not match parameters + inputs {expected}")
    return [o[0] for o in order]


def _specialised(call: ast.FunctionDef, inputs: set[str], names: dict[str, str]) -> list[str]:
    out = []
    for node in ast.walk(call):
        if isinstance(node, ast.Call) and dotted(node.func) == "assert_size_stride" and \
                isinstance(node.args[0], ast.Name) and names.get(node.args[0].id) in inputs and \
                isinstance(node.args[1], ast.Tuple):
            out += [f"{names[node.args[0].id]}.shape[{i}] = {d.value}" for i, d in enumerate(node.args[1].elts)
                    if isinstance(d, ast.Constant)]
    return out


def _contiguous_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    strides, acc = [], 1
    for size in reversed(shape):
        strides.append(acc)
        acc *= max(size, 1)
    return tuple(reversed(strides))


def _bind_lifted(extra: list[str], examples: dict, model: ModelInfo) -> dict[str, str]:
    if not extra:
        return {}
    for a in extra:
        ex = examples[a]
        if ex.shape != () or ex.device != "cpu" or ex.dtype != "torch.float64":
            raise Unsupported(f"extra call argument {a} is not a lifted float scalar")
    if len(model.float_attrs) != len(extra):
        raise Unsupported(f"{len(extra)} lifted float argument(s) but forward reads attributes "
                          f"{model.float_attrs}: cannot map them")
    # Dynamo lifts attributes in the order forward first reads them.
    return {a: f"self.{attr}" for a, attr in zip(extra, model.float_attrs)}


def _size_args(call: ast.FunctionDef, arg_names: list[str], examples: dict, read: set[str]) -> dict[str, str]:
    """call()'s `sN = argK` lines: each size symbol and the int argument it is bound to, where the
    wrapper reads the symbol (Dynamo also passes ints nothing reads: three of torch.nn's Conv2d's)."""
    return {s.targets[0].id: s.value.id for s in call.body
            if isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Name)
            and s.value.id in arg_names and isinstance(examples[s.value.id], int) and s.targets[0].id in read}


def _read_names(call: ast.FunctionDef) -> set[str]:
    """Names call() reads. `s6 = s33` aliases (a size Dynamo took twice) read s33 only if something
    reads s6: without duck shapes (capture.py) every parameter dimension is an argument, read by
    its alias alone."""
    aliases = {s.targets[0].id: s.value.id for s in call.body if isinstance(s, ast.Assign)
               and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Name)}
    aliases |= {s.targets[0].id: s.value.value.id for s in call.body if isinstance(s, ast.Assign)  # `s21 = arg2_1_size[1]`
                and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Subscript)
                and isinstance(s.value.value, ast.Name) and s.value.value.id.endswith("_size")}
    read = {n.id for st in call.body if not (isinstance(st, ast.Assign) and isinstance(st.targets[0], ast.Name)
                                             and st.targets[0].id in aliases)
            for n in ast.walk(st) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    for target in sorted(read & set(aliases)):  # an alias of an alias: follow the chain
        while target in aliases:
            target = aliases[target]
            read.add(target)
    return read


def _measured(value: ast.expr) -> bool:
    """`argK_size[d]`: a dimension read off a tensor's `.size()`."""
    return isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and value.value.id.endswith("_size")


def _measured_sizes(call: ast.FunctionDef, names: dict[str, str], read: set[str]) -> dict[str, tuple[str, int]]:
    """call()'s `argK_size = argK.size()` with `sN = argK_size[d]` lines: each such symbol the
    wrapper reads, as (argK, d) (a size no int argument carries: capture.py turns duck shapes off)."""
    size_of = {st.targets[0].id: st.value.func.value.id for st in call.body
               if isinstance(st, ast.Assign) and isinstance(st.targets[0], ast.Name) and isinstance(st.value, ast.Call)
               and isinstance(st.value.func, ast.Attribute) and st.value.func.attr == "size"
               and isinstance(st.value.func.value, ast.Name) and st.value.func.value.id in names}
    return {st.targets[0].id: (size_of[st.value.value.id], st.value.slice.value)
            for st in call.body
            if isinstance(st, ast.Assign) and isinstance(st.targets[0], ast.Name) and st.targets[0].id in read
            and isinstance(st.value, ast.Subscript) and isinstance(st.value.value, ast.Name)
            and st.value.value.id in size_of and isinstance(st.value.slice, ast.Constant)
            and isinstance(st.value.slice.value, int)}


def _symbols(call: ast.FunctionDef, sized: dict[str, str], names: dict[str, str]) -> dict[str, str]:
    """Every size symbol bound in call(), as an expression on a tensor's shape."""
    shapes: dict[str, str] = {}
    for node in ast.walk(call):
        if isinstance(node, ast.Call) and dotted(node.func) == "assert_size_stride":
            arg = node.args[0]
            if isinstance(arg, ast.Name) and arg.id in names and isinstance(node.args[1], ast.Tuple):
                for i, size in enumerate(node.args[1].elts):
                    if isinstance(size, ast.Name) and size.id not in shapes:
                        shapes[size.id] = f"{names[arg.id]}.shape[{i}]"
    missing = [s for s in sized if s not in shapes]
    if missing:
        raise Unsupported(f"size symbols {missing} are not a dimension of any tensor argument")
    return {s: shapes[s] for s in sized}


class _WrapperExpr(ast.NodeTransformer):
    """One wrapper expression rewritten for ModelNew.forward."""

    def __init__(self, bindings: Bindings, renames: dict[str, str]):
        self.b = bindings
        self.renames = renames
        # buf1 = reinterpret_tensor(buf0, ..., 0): a later reinterpret_tensor(buf1, ...) views buf0, the
        # tensor forward allocated (the rules take as_strided only on those; the offsets are absolute
        # in the one storage either way)
        self.roots: dict[str, str] = {}

    def visit_Name(self, node: ast.Name):
        if node.id in self.b.lifted:
            raise Unsupported(f"lifted scalar {node.id} used other than through .item()")
        new = self.b.names.get(node.id) or self.renames.get(node.id)
        return ast.copy_location(ast.Name(new, node.ctx), node) if new else node

    def visit_Call(self, node: ast.Call):
        func = dotted(node.func)
        if func == "reinterpret_tensor" and isinstance(node.args[0], ast.Name) and node.args[0].id in self.b.names:
            return _parse_expr(self._view(*node.args))
        if func == "reinterpret_tensor":
            first = node.args[0]
            if isinstance(first, ast.Name) and first.id in self.roots:
                first = ast.Name(self.roots[first.id], ast.Load())
            base, size, stride, offset = (self.visit(a) for a in (first, *node.args[1:]))
            return _parse_expr(f"{ast.unparse(base)}.as_strided({ast.unparse(size)}, "
                               f"{ast.unparse(stride)}, {ast.unparse(offset)})")
        if func in ("empty_strided_cuda", "empty_strided_cpu"):  # a capture for a GPU, or on a CPU (capture.py)
            size, stride, dtype = (self.visit(a) for a in node.args)
            return _parse_expr(f"torch.empty_strided({ast.unparse(size)}, {ast.unparse(stride)}, "
                               f"device=device, dtype={ast.unparse(dtype)})")
        if func.endswith(".item") and func[:-5] in self.b.lifted:
            return _parse_expr(self.b.lifted[func[:-5]])
        if func in ("max", "min") or func.startswith("math."):
            return self.generic_visit(node)
        raise Unsupported(f"wrapper calls {func or ast.unparse(node.func)}, which is not rewritten")

    def _view(self, base: ast.Name, size: ast.expr, stride: ast.expr, offset: ast.expr) -> str:
        """Inductor's reinterpret_tensor of a forward input or parameter as view, permute or index:
        the rules refuse as_strided on a tensor forward did not allocate (its offset is absolute in
        the storage). Matched on the capture-time values: a transposed weight (`(K, N), (1, K)` of an
        (N, K) weight) is a permute, a contiguous reshape a view, and a pooler's first token
        (`(B, H), (S*H, 1)` of (B, S, H)) or an in-projection's chunk an index (`_indexed`, also at an
        offset that moves with the sizes), and a dim of stride 0 (a weight every batch of a bmm reads)
        an expand of the rest."""
        name = self.b.names[base.id]
        if not isinstance(size, ast.Tuple) or not isinstance(stride, ast.Tuple):
            raise Unsupported(f"reinterpret_tensor of {name} with sizes or strides that are not tuples")
        moving = not (isinstance(offset, ast.Constant) and isinstance(offset.value, int))
        at = _number(offset, self.b.values)
        shape = self.b.shapes[base.id]
        sizes = [_number(e, self.b.values) for e in size.elts]
        strides = [_number(e, self.b.values) for e in stride.elts]
        broadcast = [i for i, st in enumerate(strides) if st == 0 and sizes[i] != 1]
        if broadcast:  # a weight read by every batch of a bmm (self-attention's packed in-projection)
            keep = [i for i in range(len(sizes)) if i not in broadcast]
            inner = self._view(base, ast.Tuple([copy.deepcopy(size.elts[i]) for i in keep]),
                               ast.Tuple([stride.elts[i] for i in keep]), offset)
            slots = ", ".join("None" if i in broadcast else ":" for i in range(len(sizes)))
            return f"{inner}[{slots}].expand({ast.unparse(self.visit(copy.deepcopy(size)))})"
        base_strides = list(_contiguous_strides(shape))
        if at == 0 and strides == list(_contiguous_strides(tuple(sizes))) and math.prod(sizes) == math.prod(shape):
            return name if sizes == list(shape) else f"{name}.view({ast.unparse(self.visit(size))})"
        perm = [next((d for d in range(len(shape)) if (shape[d], base_strides[d]) == (n, st)), None)
                for n, st in zip(sizes, strides)]
        if at == 0 and len(sizes) == len(shape) and None not in perm and sorted(perm) == list(range(len(shape))):
            return f"{name}.t()" if perm == [1, 0] else f"{name}.permute({', '.join(map(str, perm))})"
        return self._indexed(name, shape, sizes, strides, at, size,
                             ast.unparse(self.visit(offset)) if moving else None)

    def _indexed(self, name: str, shape: tuple, sizes: list[int], strides: list[int], offset: int,
                 size: ast.Tuple, moving: str | None = None) -> str:
        """A reinterpret_tensor that keeps some of the base's dims, whole or as a range, in any order,
        and fixes the others at one index: basic indexing, then a permute. Each kept dim is found by
        its stride among the base's contiguous strides, and the offset unravels into the start of each
        dim (ranges keep their symbolic length). An offset that moves with the sizes (`moving`: the k
        and v chunks of nn.MultiheadAttention's packed in_proj_bias at E and 2E) starts one dim only,
        at the offset over that dim's stride (3 of a build's first 128 harvested tasks)."""
        base_strides = _contiguous_strides(shape)
        dims: list[int] = []
        for n, st in zip(sizes, strides):
            d = next((d for d in range(len(shape)) if base_strides[d] == st and shape[d] > 1 and d not in dims), None)
            if d is None or n > shape[d]:
                raise Unsupported(f"reinterpret_tensor of {name} is neither a view nor a permutation")
            dims.append(d)
        starts, rest = [], offset
        for st in base_strides:
            start, rest = divmod(rest, st)
            starts.append(start)
        begins = [str(start) for start in starts]
        if moving is not None:
            started = [d for d, start in enumerate(starts) if start]
            if len(started) != 1:
                raise Unsupported(f"reinterpret_tensor of {name} at an offset that moves with the sizes over several dims")
            d = started[0]
            begins[d] = moving if base_strides[d] == 1 else f"({moving}) // {name}.stride({d})"
        index = []
        for d, (start, whole) in enumerate(zip(starts, shape)):
            if d not in dims:
                if start >= whole:
                    raise Unsupported(f"reinterpret_tensor of {name} past its end")
                index.append(begins[d])
                continue
            i = dims.index(d)
            if start + sizes[i] > whole:
                raise Unsupported(f"reinterpret_tensor of {name} past its end")
            length = ast.unparse(self.visit(size.elts[i]))
            index.append(":" if (start, sizes[i]) == (0, whole) else f":{length}" if start == 0 else
                         f"{begins[d]}:{begins[d]} + {length}")
        while index and index[-1] == ":":
            index.pop()
        text = f"{name}[{', '.join(index)}]" if index else name
        kept = sorted(dims)
        order = [kept.index(d) for d in dims]
        return text if order == sorted(order) else f"{text}.permute({', '.join(map(str, order))})"


_ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv}


def _number(node: ast.expr, values: dict[str, int]) -> int:
    """A wrapper size expression (`s7*s81`, `2*s34`) at the capture-time values."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name) and node.id in values:
        return values[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_number(node.operand, values)
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        return _ARITHMETIC[type(node.op)](_number(node.left, values), _number(node.right, values))
    raise Unsupported(f"size expression {ast.unparse(node)} is not arithmetic on size symbols")


def _parse_expr(text: str) -> ast.expr:
    return parse_source(text).body[0].value


_SKIPPED_CALLS = frozenset({"assert_size_stride", "assert_alignment", "get_raw_stream", "torch.cuda.set_device",
                            "args.clear"})


@dataclass
class Launch:
    kernel: Kernel
    args: list[str]  # argument expressions, positional
    grid: str
    numel: dict[str, str]  # xnumel/ynumel/r0_numel -> argument expression
    sizes: dict[str, str]  # the same, with wrapper variables expanded (for the reasoning)


def translate(call: ast.FunctionDef, kernels: dict[str, Kernel], b: Bindings,
              model: ModelInfo) -> tuple[list[str | Launch | Gemm], str]:
    """call()'s body as forward statements (strings), launches and library products (Gemm), plus
    the return line."""
    renames = {}
    for k in kernels.values():
        base = k.name.removesuffix("_kernel")
        renames.update({f"{k.inductor_name}_{s}": f"{base}_{s}" for s in ("xnumel", "ynumel", "r0_numel")})
    expr = _WrapperExpr(b, renames)
    out: list[str | Launch | Gemm] = []
    values: dict[str, str] = {}  # wrapper variable -> the expression assigned to it
    ret = ""
    for stmt in _flatten(call.body[1:]):
        if isinstance(stmt, ast.Return):
            ret = _return_line(stmt, expr, model)
        elif isinstance(stmt, ast.Delete) or _skipped(stmt, b):
            continue
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and \
                dotted(stmt.value.func).endswith(".run"):
            out.append(_launch(stmt.value, kernels, expr, values))
        elif is_gemm(stmt):
            if isinstance(stmt, ast.Assign):
                values[stmt.targets[0].id] = stmt.targets[0].id
            out.append(gemm(stmt, lambda node: ast.unparse(expr.visit(node)), call))
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            target = renames.get(stmt.targets[0].id, stmt.targets[0].id)
            _note_root(expr, target, stmt.value)
            values[target] = ast.unparse(expr.visit(stmt.value))
            out.append(f"{target} = {values[target]}")
        else:
            raise Unsupported(f"wrapper statement not rewritten: {ast.unparse(stmt)[:100]}")
    if not ret:
        raise Unsupported("call() returns nothing")
    return out, ret


def _note_root(expr: _WrapperExpr, target: str, value: ast.expr) -> None:
    """Record `target` as a zero-offset view of a buffer forward allocated, or as another name for
    one (Inductor's `buf3 = buf1  # reuse`: the rules take as_strided only on a name bound to an
    allocation, and transformers' MLPs returned `buf3.as_strided(...)`)."""
    if isinstance(value, ast.Name) and value.id not in expr.b.names:
        expr.roots[target] = expr.roots.get(value.id, value.id)
        return
    if (isinstance(value, ast.Call) and dotted(value.func) == "reinterpret_tensor" and len(value.args) == 4
            and isinstance(value.args[0], ast.Name) and value.args[0].id not in expr.b.names
            and isinstance(value.args[3], ast.Constant) and value.args[3].value == 0):
        expr.roots[target] = expr.roots.get(value.args[0].id, value.args[0].id)


def _flatten(stmts: list[ast.stmt]) -> list[ast.stmt]:
    """The body with `with torch.cuda._DeviceGuard(...)` blocks opened up."""
    out = []
    for s in stmts:
        out += _flatten(s.body) if isinstance(s, ast.With) else [s]
    return out


def _skipped(stmt: ast.stmt, b: Bindings) -> bool:
    """Guards, streams, device selection, and `sN = argK` or `argK_size = argK.size()` with
    `sN = argK_size[0]` (bound from shapes instead: a size no int argument carries, as without
    duck shapes, capture.py)."""
    value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
    if isinstance(value, ast.Call) and dotted(value.func) in _SKIPPED_CALLS:
        return True
    if isinstance(value, ast.Call) and not value.args and isinstance(value.func, ast.Attribute) and \
            value.func.attr == "size" and isinstance(value.func.value, ast.Name) and value.func.value.id in b.names:
        return True
    if value is not None and _measured(value):
        return True  # a symbol bound from shapes, or one nothing reads
    return (isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name)
            and (stmt.targets[0].id in b.symbols  # or an int argument nothing reads (_size_args)
                 or isinstance(stmt.value, ast.Name) and stmt.value.id in b.unread))


def _return_line(stmt: ast.Return, expr: _WrapperExpr, model: ModelInfo) -> str:
    value = stmt.value
    items = value.elts if isinstance(value, ast.Tuple) else [value]
    parts = [ast.unparse(expr.visit(v)) for v in items]
    if len(parts) == 1 and not model.returns_tuple:
        return f"return {parts[0]}"
    return f"return ({', '.join(parts)}{',' if len(parts) == 1 else ''})"


def _launch(run: ast.Call, kernels: dict[str, Kernel], expr: _WrapperExpr, values: dict[str, str]) -> Launch:
    name = dotted(run.func).removesuffix(".run")
    if name not in kernels:
        raise Unsupported(f"launch of unknown kernel {name}")
    k = kernels[name]
    if len(run.args) != len(k.params):
        raise Unsupported(f"{name}: {len(run.args)} launch arguments for {len(k.params)} parameters")
    args = [ast.unparse(expr.visit(a)) for a in run.args]
    numel = {p: a for p, a in zip(k.params, args) if p in ("xnumel", "ynumel", "r0_numel")}
    return Launch(k, args, launch_grid(k, numel), numel, {p: values.get(a, a) for p, a in numel.items()})
