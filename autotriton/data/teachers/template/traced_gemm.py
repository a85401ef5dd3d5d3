"""Matrix products lowered from their op listing line by line (data v18).

Data v16 and v17 wrote the elementwise, reduction and row answers from the listing (traced.py,
traced_rows.py). The matmul family kept its writer, keyed by the grammar point: every answer was
one `matmul_epilogue_kernel(a, b, bias, r, out)` under the names `a`, `b`, whatever the module
called them, and the listing the prompt shows (`t1 = t(self.fc.weight)`, `t2 = addmm(...)`) had no
counterpart in the code. Run 17's adapter passed none of the dev suite's six level-1 products
(`29`-`34`: a linear layer, an einsum, a matvec, an addmm...), 0 of 48 samples.

Here a forward whose listing is

    layout ops on inputs and parameters (t, transpose, permute, view, unsqueeze, expand ...)
    one product: mm, bmm, addmm or mv
    elementwise ops on its result and layout ops on that result

becomes one tiled kernel: the product accumulated over K with tl.dot, then each later listing
line quoted and computed on the tile under its own name. The layout lines are replayed in
ModelNew.forward, where they are views and cost nothing, and each quoted beside its replay:

    # t1 = t(self.fc.weight)
    t1 = self.fc.weight.t()

A size in a view (`view(t3, size=[4, 8, 32])`) is written from the shapes forward has at hand:
merged dims as the product of the operand's own dims, split ones by the input dim of that size,
so that the answer holds at the judge's other sizes.
"""

from __future__ import annotations

import math
import re

import torch

from autotriton.data.teachers import Solution
from autotriton.data.teachers.template.common import indent, numbered
from autotriton.data.teachers.template.matmul import GROUPED_PIDS
from autotriton.data.teachers.template.traced import (_TYPE_SPEC, Piece, Unsupported, _constructor_scalars,
                                                     _forward_args, _lower, answer, loaded_and_traced, scalar_step)
from autotriton.tasks.trace import Step, Trace

_PRODUCTS = frozenset({"mm", "bmm", "addmm", "mv"})
# Ops that only re-view a tensor; they are replayed in forward (before the product) or pass the
# tile through unchanged (after it).
_LAYOUT = frozenset({"t", "transpose", "permute", "view", "_unsafe_view", "reshape", "unsqueeze", "squeeze",
                     "expand", "clone", "contiguous"})


def traced_gemm_answer(source: str, style: str = "plain") -> Solution | None:
    """The one-kernel answer for the task file `source`, or None where its forward is not a
    listing this lowering covers (no product, two products, work before the product...)."""
    traced = loaded_and_traced(source, whole=True)
    if traced is None:
        return None
    mod, trace = traced
    try:
        args = _forward_args(source)
        return answer(source, args, _Writer(args, trace, _constructor_scalars(trace), style).piece())
    except Unsupported:
        return None


class _Writer:
    """One pass over the listing: forward's replayed views, the product, the kernel's epilogue."""

    def __init__(self, args: list[str], trace: Trace, scalars: dict[tuple[int, str], tuple[str, str]], style: str):
        self.trace, self.scalars, self.style = trace, scalars, style
        self.args = args  # forward's names for the listing's in0, in1...
        # the launch's views of A, B and out, under names forward's arguments do not take
        self.lhs, self.rhs, self.dst = next(names for names in _VIEW_NAMES if not set(names) & set(self.args))
        if _LAUNCH_NAMES & set(self.args):
            raise Unsupported("forward's arguments use a name the launch binds")
        self.shapes: dict[str, tuple[int, ...]] = {}  # listing name -> shape, for size expressions
        for line in trace.header:
            m = re.match(r"(in\d+) = \w+: \w+\[([\d,]*)\]", line)
            if m:
                self.shapes[m.group(1)] = tuple(int(s) for s in m.group(2).split(",") if s)
        self.pre: list[str] = []  # forward lines before the launch
        self.body: list[str] = []  # kernel lines after the K loop
        self.loads: dict[str, str] = {}  # kernel variable -> how it is loaded (FULL or per column)
        self.passed: dict[str, str] = {}  # kernel variable -> the forward expression handed to the kernel
        self.kernel_scalars: dict[str, str] = {}
        # forward's names -> meta tensors with the strides forward will have, to replay views on
        self.meta: dict[str, torch.Tensor] = {arg: torch.empty(self.shapes[f"in{i}"], device="meta")
                                              for i, arg in enumerate(self.args) if f"in{i}" in self.shapes}
        self.params = _Attrs({o.tensor: torch.empty(o.shape, device="meta") for st in trace.steps
                              for o in st.operands if o.tensor and o.tensor.startswith("self.")})
        self.tiles: dict[str, tuple[int, ...]] = {}  # listing names computed on the tile -> their shapes
        self.op = ""  # the product's op
        self.product_quote = ""
        self.row_mode = False  # the current kernel's tiles span whole rows (a norm after its product)
        self.row_kernels = 0
        self.n_products = 0
        self.kernels: list[str] = []  # finished kernels (one per product), and forward's text for each
        self.launches: list[str] = []

    def expr(self, name: str) -> str:
        """forward's expression for a listed tensor: an argument, a parameter, or a replayed local."""
        if re.fullmatch(r"in\d+", name):
            return self.args[int(name[2:])]
        return re.sub(r"\.(\d+)", r"[\1]", name)  # self.up.0.weight: a Sequential's layer by index

    @property
    def kernel_name(self) -> str:
        return "traced_gemm_kernel" if self.n_products == 1 else f"traced_gemm_kernel_{len(self.kernels) + 1}"

    def piece(self) -> Piece:
        steps = self.trace.steps
        products = [s for s in steps if s.op in _PRODUCTS]
        if not products:
            raise Unsupported("no product")
        self.n_products = len(products)
        for i, step in enumerate(steps):
            if step.op in _PRODUCTS:
                if self.tiles:
                    self._close(i, step)
                self._product(i, step)
            elif self.tiles and any(o.tensor in self.tiles for o in step.operands):
                self._after(i, step)
            else:
                self._replay(step)
        if self.trace.result not in self.tiles:
            raise Unsupported("the result is not the last product's value")
        alloc, launch = self._forward()  # the last launch names the last kernel, not yet in self.kernels
        self.kernels.append(self._kernel(self.trace.result))
        return Piece("".join(self.kernels), alloc, launch, [], self._reasoning(products))

    def _close(self, i: int, step: Step) -> None:
        """End the kernel of the product before `step`, which reads one of its values: that value
        is stored, re-viewed as listed, and read back by the next kernel through its strides."""
        read = {o.tensor for o in step.operands if o.tensor in self.tiles}
        later = {o.tensor for s in self.trace.steps[i:] for o in s.operands if o.tensor}
        if len(read) != 1 or (later & set(self.tiles)) - read:
            raise Unsupported("a later line reads more than one value of a product's kernel")
        value = read.pop()
        shape = self.tiles[value]
        again = "out" if shape == self.product_shape else \
            f"out.view({', '.join(self._sizes(shape, 'out', self.product_shape))})"
        self.launches.append(self._launch() + f"\n{value} = {again}  # what the next product reads")
        self.kernels.append(self._kernel(value))
        self.shapes[value] = shape
        self.meta[value] = torch.empty(shape, device="meta")
        self.pre, self.body, self.loads, self.passed, self.kernel_scalars, self.tiles = [], [], {}, {}, {}, {}
        self.row_kernels += self.row_mode
        self.row_mode = False

    # ------------------------------------------------------------------ before the product

    def _replay(self, step: Step) -> None:
        """A layout line on inputs or parameters, replayed in forward under its listing name."""
        if step.op not in _LAYOUT or len(step.outs) != 1:
            raise Unsupported(f"{step.op} before the product")
        src = step.operands[0].tensor
        if src is None or src.startswith("c") or any(o.tensor for o in step.operands[1:]):
            raise Unsupported("a layout line on a constant or on two tensors")
        call = self._view_call(step, self.expr(src), step.operands[0].shape)
        self.pre.append("# " + _TYPE_SPEC.sub("", step.line))
        self.pre.append(f"{step.outs[0]} = {call}")
        self.shapes[step.outs[0]] = step.out_shapes[0]
        self._on_meta(step.outs[0], call)

    def _on_meta(self, name: str, call: str) -> None:
        """Run a replayed view on meta tensors with the strides forward will have: a view that
        only works on a copy (after a transpose) has no copy-free replay here."""
        scope = {**self.meta, "self": self.params}
        try:
            self.meta[name] = eval(call, {"__builtins__": {}}, scope)  # noqa: S307 - our own view call
        except Exception as exc:  # noqa: BLE001 - a view the strides do not allow
            raise Unsupported(f"{call} is not a view here: {exc!r}") from None

    def _view_call(self, step: Step, x: str, shape) -> str:
        """The torch call re-viewing `x` (of `shape`) as `step` does, its sizes written from shapes."""
        kw = {o.key: o.value for o in step.operands[1:] if o.key}
        out = tuple(step.out_shapes[0])
        if step.op in ("clone", "contiguous"):
            return x
        if step.op == "t":
            return f"{x}.t()"
        if step.op == "transpose":
            return f"{x}.transpose({kw['dim0']}, {kw['dim1']})"
        if step.op == "permute":
            return f"{x}.permute({', '.join(map(str, kw['dims']))})"
        if step.op == "unsqueeze":
            return f"{x}.unsqueeze({kw['dim']})"
        if step.op == "squeeze":
            dim = kw.get("dim")
            return f"{x}.squeeze()" if dim is None else f"{x}.squeeze({dim if isinstance(dim, int) else tuple(dim)})"
        if step.op == "expand":
            if out == tuple(shape):
                return x
            return f"{x}.expand({', '.join(self._sizes(out, x, tuple(shape), expand=True))})"
        # aten's view succeeded, so the sizes are a view of these strides: .view copies nothing
        return f"{x}.view({', '.join(self._sizes(out, x, tuple(shape)))})"

    def _sizes(self, out: tuple[int, ...], x: str, shape: tuple[int, ...], expand: bool = False) -> list[str]:
        """Size expressions for re-viewing `x` (of `shape`) as `out`: dims kept or merged are
        written from x's own dims; a dim split or new is found among the inputs' dims, one of
        them left to -1."""
        if expand:
            lead = len(out) - len(shape)
            return [f"{x}.shape[{i - lead}]" if i >= lead and shape[i - lead] == n else self._find(n)
                    for i, n in enumerate(out)]
        sizes, i, piece = [], 0, 1  # piece: the product of the split-off sizes of shape[i] so far
        for n in out:
            j, run = i, 1
            while piece == 1 and j < len(shape) and run < n:
                run *= shape[j]
                j += 1
            if piece == 1 and j > i and run == n:  # shape[i:j] merged (or one dim kept)
                sizes.append(" * ".join(f"{x}.shape[{d}]" for d in range(i, j)))
                i = j
            elif n == 1:
                sizes.append("1")  # a new unit dim
            elif i < len(shape) and shape[i] % (piece * n) == 0:
                sizes.append(None)  # a piece of shape[i], split
                piece *= n
                if piece == shape[i]:
                    i, piece = i + 1, 1
            else:
                raise Unsupported(f"a view of {shape} as {out}")
        return self._fill_split(sizes, out)

    def _fill_split(self, sizes: list, out: tuple[int, ...]) -> list[str]:
        gaps = [i for i, s in enumerate(sizes) if s is None]
        for g in gaps[:-1]:
            sizes[g] = self._find(out[g])
        if gaps:
            sizes[gaps[-1]] = "-1"
        return sizes

    def _find(self, n: int) -> str:
        """An input's dim of size n (the first found), the only source of a dim a view splits off."""
        for name in sorted(self.shapes, key=lambda v: (not v.startswith("in"), v)):
            if name.startswith("in") and n in self.shapes[name]:
                return f"{self.expr(name)}.shape[{self.shapes[name].index(n)}]"
        raise Unsupported(f"no input has a dim of {n}")

    # ------------------------------------------------------------------ the product

    def _product(self, k: int, step: Step) -> None:
        self.op = step.op
        tensors = [o for o in step.operands if o.tensor is not None]
        kw = {o.key: o.value for o in step.operands if o.key and o.tensor is None}
        if any(o.tensor.startswith("c") for o in tensors):
            raise Unsupported("a constant tensor in the product")
        a, b = (tensors[1], tensors[2]) if step.op == "addmm" else (tensors[0], tensors[1])
        whose = "the kernel's" if self.n_products == 1 else f"{self.kernel_name}'s"
        self.product_quote = "# " + _TYPE_SPEC.sub("", step.line) + f"  -- {whose} product"
        ax, bx = self.expr(a.tensor), self.expr(b.tensor)
        if step.op == "bmm":
            self.a3, self.b3 = ax, bx
            alloc = f"({ax}.shape[0], {ax}.shape[1], {bx}.shape[2])"
            self.out3 = "out"
        elif step.op == "mv":
            self.a3, self.b3 = f"{ax}.unsqueeze(0)", f"{bx}.unsqueeze(0).unsqueeze(2)"
            alloc = f"({ax}.shape[0],)"
            self.out3 = "out.unsqueeze(0).unsqueeze(2)"
        else:
            self.a3, self.b3 = f"{ax}.unsqueeze(0)", f"{bx}.unsqueeze(0)"
            alloc = f"({ax}.shape[0], {bx}.shape[1])"
            self.out3 = "out.unsqueeze(0)"
        dtype = re.match(r"in0 = \w+: f32\[", self.trace.header[0]) if self.trace.header else None
        if not dtype:
            raise Unsupported("the first input is not float32")
        lead = self.args[0]
        self.alloc = f"out = torch.empty({alloc}, device={lead}.device, dtype={lead}.dtype)"
        self.product_shape = tuple(step.out_shapes[0])
        value = "acc"
        if step.op == "addmm":
            bias = self._operand(tensors[0].tensor, tensors[0].shape, self.product_shape)
            alpha, beta = kw.get("alpha", 1), kw.get("beta", 1)
            scaled = value if alpha == 1 else f"{_lit(alpha)} * {value}"
            value = f"{scaled} + {bias}" if beta == 1 else f"{scaled} + {_lit(beta)} * {bias}"
        self.body.append("# " + _TYPE_SPEC.sub("", step.line))
        self.body.append(f"{step.outs[0]} = {value}")
        self.tiles[step.outs[0]] = self.product_shape

    def _operand(self, name: str, shape, full: tuple[int, ...]) -> str:
        """A tensor read in the epilogue: of the tile value's shape (loaded at the tile's
        elements) or a vector along its last dim (loaded at the tile's columns)."""
        if name.startswith("c") or (name.startswith("t") and name not in self.shapes):
            raise Unsupported("the epilogue reads a value computed in forward")
        var = name.replace(".", "_")
        shape = tuple(shape)
        if var in self.loads:
            return var
        if math.prod(shape) == math.prod(self.product_shape) and shape == tuple(full):
            self.passed[var] = f"{self.expr(name)}.contiguous().view({self.dst}.shape)"
            self.loads[var] = "full"
        elif self.op != "mv" and shape and shape[-1] == full[-1] == self.product_shape[-1] \
                and math.prod(shape) == shape[-1]:
            self.passed[var] = f"{self.expr(name)}.contiguous()"
            self.loads[var] = "col"
        else:
            raise Unsupported(f"{name} of shape {shape} against {full}")
        return var

    # ------------------------------------------------------------------ after the product

    def _after(self, i: int, step: Step) -> None:
        """A line on values of the tile (the product and what was computed from it), computed in
        registers; a layout line passes the tile through, as long as the value stays the
        product's elements in their own order (only regrouped), so that every tile value, and a
        same-shape tensor read beside it, lines up element for element."""
        tiles = [o.tensor for o in step.operands if o.tensor in self.tiles]
        if not tiles or len(step.outs) != 1 and step.op != "native_layer_norm":
            raise Unsupported(f"{step.op} after the product does not act on its value")
        shape = tuple(step.out_shapes[0] or ())
        if math.prod(shape) != math.prod(self.product_shape) and not (self.row_mode and shape == self._kept) \
                and step.op not in _ROW_OPS:
            raise Unsupported(f"{step.op} changes the number of elements")
        quote = "# " + _TYPE_SPEC.sub("", step.line)
        if step.op in _ROW_OPS:
            self.body.append(quote)
            self.body += self._row_op(step, tiles[0])
            return
        if step.op in _LAYOUT:
            if len(tiles) != 1 or any(o.tensor for o in step.operands[1:]) or not _regroups(step):
                raise Unsupported(f"{step.op} reorders the product's elements")
            self.body += [quote, f"{step.outs[0]} = {tiles[0]}  # a view: the same values in the same order"]
        elif step.op in ("triu", "tril"):
            if self.tiles[tiles[0]] != self.product_shape or self.op == "mv":
                raise Unsupported(f"{step.op} of a re-viewed product")
            diagonal = {o.key: o.value for o in step.operands if o.key}.get("diagonal", 0)
            keep = ">=" if step.op == "triu" else "<="
            self.body += [quote, f"{step.outs[0]} = tl.where(offs_n[None, :] - offs_m[:, None] {keep} {int(diagonal)}, "
                                 f"{tiles[0]}, 0.0)  # keep column - row {keep} {int(diagonal)}"]
        else:
            operands = []
            for o in step.operands:
                if o.tensor in self.tiles:
                    operands.append((o.key, o.tensor))
                elif o.tensor is not None:
                    operands.append((o.key, self._operand(o.tensor, o.shape, shape)))
                else:
                    attr, name = self.scalars.get((i, o.key), (None, None))
                    if attr is not None:
                        self.kernel_scalars[attr] = name
                    operands.append((o.key, name or o.value))
            self.body.append(quote)
            self.body += _lower(step, operands)
        self.tiles[step.outs[0]] = shape

    @property
    def _kept(self) -> tuple[int, ...]:
        return self.product_shape[:-1] + (1,)

    def _row_op(self, step: Step, x: str) -> list[str]:
        """A reduction, norm or softmax along the rows of a 2-D product, on a tile that spans whole
        rows (the launch makes BLOCK_N cover N): row statistics are sums over the tile's columns,
        padded columns masked out. The row values are (BLOCK_M, 1) and broadcast over the tile."""
        kw = {o.key: o.value for o in step.operands if o.key}
        n = self.product_shape[-1]
        if len(self.product_shape) != 2 or self.op not in ("mm", "addmm") or self.tiles[x] != self.product_shape \
                or n > _MAX_ROW:
            raise Unsupported(f"{step.op} along the rows of a product that is not 2-D, or of rows over {_MAX_ROW}")
        dim = kw.get("dim", kw.get("normalized_shape"))
        if step.op == "native_layer_norm":
            dim = [1] if list(dim or ()) == [n] else None
        if (list(dim) if isinstance(dim, (list, tuple)) else [dim]) != [1]:
            raise Unsupported(f"{step.op} along another dim than the rows")
        self.row_mode = True
        out = step.outs[0]
        s = f"tl.sum(tl.where(mask_n[None, :], {{v}}, 0.0), axis=1)[:, None]"
        if step.op in ("sum", "mean", "amax", "amin"):
            if not kw.get("keepdim"):
                raise Unsupported("a row reduction without keepdim")
            self.tiles[out] = self._kept
            if step.op in ("amax", "amin"):
                fill, red = ("float('-inf')", "max") if step.op == "amax" else ("float('inf')", "min")
                return [f"{out} = tl.{red}(tl.where(mask_n[None, :], {x}, {fill}), axis=1)[:, None]"]
            return [f"{out} = {s.format(v=x)}" + (" / N" if step.op == "mean" else "")]
        self.tiles[out] = self.product_shape
        if step.op == "native_layer_norm":  # (input, normalized_shape, weight, bias, eps); its statistics unused
            pos = list(step.operands)
            lines = [f"{out}_mean = {s.format(v=x)} / N",
                     f"{out}_d = tl.where(mask_n[None, :], {x} - {out}_mean, 0.0)",
                     f"{out} = {out}_d * tl.rsqrt({s.format(v=f'{out}_d * {out}_d')} / N + {_lit(pos[4].value)})"]
            for o, sign in ((pos[2], "*"), (pos[3], "+")):
                if o.tensor is not None:
                    lines.append(f"{out} = {out} {sign} {self._operand(o.tensor, o.shape, self.product_shape)}")
            return lines
        lines = [f"{out}_max = tl.max(tl.where(mask_n[None, :], {x}, float('-inf')), axis=1)[:, None]",
                 f"{out}_exp = tl.where(mask_n[None, :], tl.exp({x} - {out}_max), 0.0)",
                 f"{out}_sum = tl.sum({out}_exp, axis=1)[:, None]"]
        return lines + [f"{out} = {out}_exp / {out}_sum" if step.op == "_softmax"
                        else f"{out} = {x} - {out}_max - tl.log({out}_sum)"]

    # ------------------------------------------------------------------ the code

    def _kernel(self, stored: str) -> str:
        loads = []
        for var, kind in self.loads.items():
            if kind == "col":
                loads.append(f"{var} = tl.load({var}_ptr + offs_n, mask=mask_n, other=0.0).to(tl.float32)[None, :]")
            else:
                loads.append(f"{var} = tl.load({var}_ptr + pid_b * stride_ob + offs_m[:, None] * stride_om + "
                             "offs_n[None, :] * stride_on, mask=mask, other=0.0).to(tl.float32)")
        ptrs = ["a_ptr", "b_ptr"] + [f"{v}_ptr" for v in self.loads] + ["out_ptr"] + list(self.kernel_scalars.values())
        grid = GROUPED_PIDS if self.style == "grouped" else _PLAIN_PIDS
        consts = "BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr" + \
            (", GROUP_M: tl.constexpr" if self.style == "grouped" else "")
        return ("\n@triton.jit\n"
                f"def {self.kernel_name}({', '.join(ptrs)}, M, N, K,\n"
                f"{' ' * (len(self.kernel_name) + 5)}stride_ab, stride_am, stride_ak, stride_bb, stride_bk, stride_bn,\n"
                f"{' ' * (len(self.kernel_name) + 5)}stride_ob, stride_om, stride_on,\n"
                f"{' ' * (len(self.kernel_name) + 5)}{consts}):\n"
                "    # out[b] = A[b] @ B[b] for views A (batch, M, K), B (batch, K, N) with any strides\n"
                f"{grid}"
                "    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)\n"
                "    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)\n"
                "    offs_k = tl.arange(0, BLOCK_K)\n"
                "    mask_m = offs_m < M\n"
                "    mask_n = offs_n < N\n"
                "    mask = mask_m[:, None] & mask_n[None, :]\n"
                "    a_ptrs = a_ptr + pid_b * stride_ab + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak\n"
                "    b_ptrs = b_ptr + pid_b * stride_bb + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn\n"
                "    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)\n"
                "    for k0 in range(0, K, BLOCK_K):\n"
                "        k_ok = offs_k + k0 < K  # the last K slice is partial unless BLOCK_K divides K\n"
                "        a = tl.load(a_ptrs, mask=mask_m[:, None] & k_ok[None, :], other=0.0)\n"
                "        b = tl.load(b_ptrs, mask=k_ok[:, None] & mask_n[None, :], other=0.0)\n"
                "        acc = tl.dot(a, b, acc)\n"
                "        a_ptrs += BLOCK_K * stride_ak\n"
                "        b_ptrs += BLOCK_K * stride_bk\n"
                f"{indent(loads + self.body)}\n"
                "    out_ptrs = out_ptr + pid_b * stride_ob + offs_m[:, None] * stride_om + offs_n[None, :] * stride_on\n"
                f"    tl.store(out_ptrs, {stored}.to(out_ptr.dtype.element_ty), mask=mask)\n")

    def _launch(self) -> str:
        """forward's lines for the current kernel: its replayed views, the output, the launch."""
        lhs, rhs, dst = self.lhs, self.rhs, self.dst
        whole_rows = ("bm = 16\n"
                      "bn = triton.next_power_of_2(N)  # one tile spans whole rows: the lines after the product "
                      "reduce along them\n"
                      "# a K slice of A and B sits in shared memory, 227 KiB a block on an H100: a thin slice for wide "
                      "rows, two in flight where they fit\n"
                      "bk = 16 if bn >= 2048 else min(32, max(16, triton.next_power_of_2(K)))\n"
                      f"stages = 3 if 2 * (bm + bn) * bk * {lhs}.element_size() <= 227 * 1024 else 2\n")
        bk = "bk = min(32, max(16, triton.next_power_of_2(K)))  # tl.dot takes tiles of at least 16\n"
        tensors = ", ".join([lhs, rhs] + [self.passed[v] for v in self.loads] + [dst] + list(self.kernel_scalars))
        if self.style == "grouped":
            sizes = whole_rows if self.row_mode else ("bm = min(128, max(16, triton.next_power_of_2(M)))\n"
                                                      "bn = min(128, max(16, triton.next_power_of_2(N)))\n" + bk)
            grid = "grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn), batch)  # tiles in bands of GROUP_M rows\n"
            extra = ", GROUP_M=8"
        else:
            sizes = whole_rows if self.row_mode else ("bm = min(64, max(16, triton.next_power_of_2(M)))\n"
                                                      "bn = min(64, max(16, triton.next_power_of_2(N)))\n" + bk)
            grid = "grid = (triton.cdiv(M, bm), triton.cdiv(N, bn), batch)\n"
            extra = ""
        # views replayed after the product's line (the next product's weight) still come before the launch
        launch = "\n".join(self.pre + [self.product_quote]) + "\n" + (
            f"{self.alloc}\n"
            f"{lhs}, {rhs}, {dst} = {self.a3}, {self.b3}, {self.out3}  # (batch, M, K), (batch, K, N), (batch, M, N)\n"
            f"batch, M, K = {lhs}.shape\n"
            f"N = {rhs}.shape[2]\n"
            f"{sizes}"
            f"{grid}"
            f"{self.kernel_name}[grid]({tensors}, M, N, K,\n"
            f"{' ' * (len(self.kernel_name) + 7)}{lhs}.stride(0), {lhs}.stride(1), {lhs}.stride(2), {rhs}.stride(0), "
            f"{rhs}.stride(1), {rhs}.stride(2),\n"
            f"{' ' * (len(self.kernel_name) + 7)}{dst}.stride(0), {dst}.stride(1), {dst}.stride(2), BLOCK_M=bm, "
            f"BLOCK_N=bn, BLOCK_K=bk{extra}{', num_stages=stages' if self.row_mode else ''})")
        return launch

    def _forward(self) -> tuple[str, str]:
        """forward's first line and the rest: every kernel's views, output and launch."""
        launch = "\n".join(self.launches + [self._launch()])
        result = self.tiles[self.trace.result]
        if result != self.product_shape:
            launch += f"\nout = out.view({', '.join(self._sizes(result, 'out', self.product_shape))})  # as the listing returns it"
        first, rest = launch.split("\n", 1)
        return first, rest

    def _reasoning(self, products: list[Step]) -> str:
        n_pre = len(self.pre) // 2  # layout lines replayed, each quoted
        if len(products) > 1:
            return self._chain_reasoning(products)
        steps = [f"The listing has one product, {products[0].op}: one kernel computes it tile by tile, each program a "
                 "BLOCK_M x BLOCK_N tile of the output, walking K in BLOCK_K slices with tl.dot and accumulating in "
                 "float32. Rows past M, columns past N and the partial last K slice load as 0, which adds nothing.",
                 _returned(self.trace, products[-1])]
        if n_pre:
            steps.append("The lines before it only re-view inputs or parameters (transposes, reshapes): forward "
                         "replays them as views, quoted line by line, and the kernel reads the views through their "
                         "strides, so nothing is copied.")
        if len(self.body) > 2:
            steps.append("Every line after the product is computed on the tile in registers, quoted and under the "
                         f"listing's own names, before the one store of {self.trace.result}: the product is never written "
                         "to memory and read back.")
        if self.row_mode:
            steps.append(_WHOLE_ROWS)
        if self.style == "grouped":
            steps.append("Tiles are numbered in bands of GROUP_M tile rows, so programs that run together share "
                         "rows of A and columns of B while they are still in L2.")
        steps += [scalar_step(attr, name) for attr, name in self.kernel_scalars.items()]
        return numbered("The module is one matrix product and work on its result.", steps)

    def _chain_reasoning(self, products: list[Step]) -> str:
        n = len(products)
        steps = [f"The listing has {n} products ({', '.join(p.op for p in products)}), each reading the one before's "
                 f"result: {n} kernels, one per product, each computing its product tile by tile (BLOCK_M x BLOCK_N "
                 "tiles, K walked in BLOCK_K slices with tl.dot, accumulated in float32; rows past M, columns past N "
                 "and the partial last K slice load as 0).",
                 "The lines between two products are computed on the first product's tile, quoted and under the "
                 "listing's own names; the value the next product reads is the one thing that kernel stores, and "
                 "the next kernel reads it back as its A through its strides.",
                 "Layout lines (transposes of weights, reshapes) are replayed in forward as views, each quoted, so "
                 "nothing is copied.",
                 _returned(self.trace, products[-1])]
        if self.row_kernels + self.row_mode:
            steps.append(_WHOLE_ROWS)
        if self.style == "grouped":
            steps.append("Tiles are numbered in bands of GROUP_M tile rows, so programs that run together share "
                         "rows of A and columns of B while they are still in L2.")
        return numbered(f"The module is a chain of {n} matrix products with work between them.", steps)


# A norm or softmax after a product needs its whole row in one tile: up to this many columns. A K
# slice of B for 2,048 columns is 128 KiB of fp32 in shared memory at BLOCK_K 16, one slice in flight;
# 4,096 needs 263,168 bytes even so, past the 232,448 an H100 block may have (gpu_compile.py measured
# both, verifier 49, which found 15 of 300 template answers refused there at Triton's defaults).
_MAX_ROW = 2048
_ROW_OPS = frozenset({"sum", "mean", "amax", "amin", "native_layer_norm", "_softmax", "_log_softmax"})
_WHOLE_ROWS = ("Lines after a product reduce along its rows (a norm, a softmax): that kernel's tile spans whole rows, "
               "BLOCK_N = next_power_of_2(N) and BLOCK_M = 16, so each row's statistics are sums over the tile's "
               "columns with the padded columns masked out, and nothing is written before the result. Each K slice of "
               "B then spans whole rows too and sits in shared memory, 227 KiB a block on an H100: the slice is 16 "
               "deep from 2,048 columns, and two are kept in flight (num_stages 3) only where both fit.")
# Names forward's launch binds; an argument of the same name would be overwritten before its last use.
_LAUNCH_NAMES = frozenset({"out", "batch", "M", "N", "K", "bm", "bn", "bk", "stages", "grid"})
# Names for the launch's (batch, M, K), (batch, K, N) and (batch, M, N) views: the first set whose
# names forward's arguments leave free (11 composed matmul tasks call theirs lhs and rhs).
_VIEW_NAMES = (("lhs", "rhs", "dst"), ("a_view", "b_view", "out_view"), ("view_0", "view_1", "view_2"))
_PLAIN_PIDS = ("    pid_m = tl.program_id(0)\n"
               "    pid_n = tl.program_id(1)\n"
               "    pid_b = tl.program_id(2)\n")


def _returned(trace, product: Step) -> str:
    """The shape step: what the listing returns and how the last product's output is laid out for the
    kernel, whose operands are always (batch, M, K) and (batch, K, N) (run 18's answers to a
    matrix-vector task returned (64, 46) for (64,), docs/results/ablation_h200_run18)."""
    shape = list(product.out_shapes[0] or ())
    tensors = [o.shape for o in product.operands if o.tensor is not None]
    a, b = tensors[1:3] if product.op == "addmm" else tensors[:2]
    how = {"mv": f"a ({shape[0]},) vector: A is a batch of one ({a[0]}, {a[1]}) matrix, the vector B a ({b[0]}, 1) "
                 "one and out an (M, 1) one",
           "bmm": f"({', '.join(map(str, shape))}): the kernel's third grid axis walks the batch",
           }.get(product.op, f"({', '.join(map(str, shape))}), M x N: A, B and out are viewed as batches of one")
    return (f"The listing returns {trace.returned}; {product.outs[0]} = {product.op}(...) is {how}. out is allocated "
            "with the product's shape and the views share its memory, so the kernel writes the result in place; "
            "forward returns out viewed as the listing returns it where the two shapes differ.")


def _lit(v) -> str:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise Unsupported(f"no literal for {v!r}")
    return repr(float(v))



def _regroups(step: Step) -> bool:
    """Whether a layout line, applied to a contiguous tensor, leaves it contiguous: its elements
    keep their order (a transpose of a dim of 1 does; a real one does not)."""
    x = torch.empty(step.operands[0].shape, device="meta")
    kw = {o.key: o.value for o in step.operands[1:] if o.key}
    if step.op == "t":
        x = x.t()
    elif step.op == "transpose":
        x = x.transpose(kw["dim0"], kw["dim1"])
    elif step.op == "permute":
        x = x.permute(*kw["dims"])
    return x.is_contiguous()


class _Attrs:
    """`self.fc.weight` and `self.up[0].weight` on meta tensors of the parameters' shapes."""

    def __init__(self, params: dict[str, torch.Tensor], prefix: str = "self"):
        self._params, self._prefix = params, prefix

    def _get(self, key: str):
        path = f"{self._prefix}.{key}"
        return self._params.get(path, _Attrs(self._params, path))

    def __getattr__(self, key: str):
        return self._get(key)

    def __getitem__(self, index: int):
        return self._get(str(index))
