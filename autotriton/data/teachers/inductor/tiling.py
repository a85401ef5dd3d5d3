"""Block sizes and grids, fixed where Inductor's autotuner would choose at run time."""

from __future__ import annotations

from autotriton.data.teachers.inductor.wrapper import Kernel, Unsupported


def choose_blocks(k: Kernel) -> None:
    """Block sizes, fixed here where Inductor autotunes among configs at run time.

    Pointwise: 1024 elements per program (4 warps, 8 per thread), fewer when the whole
    tensor is smaller. 2-D tiles: 32x32. Persistent reductions keep Inductor's R0_BLOCK
    (the padded row) and take up to 8 rows per program, at most 4096 elements in
    registers. Looped reductions: a single-output reduction streams 2048-wide chunks
    from one program; otherwise chunks of up to 512 with up to 2048 elements per tile."""
    hx, hy, hr = (k.size_hints.get(d, 1) for d in ("x", "y", "r0_"))
    if k.kind == "pointwise":
        chosen = {"YBLOCK": min(hy, 32), "XBLOCK": min(hx, 32)} if "YBLOCK" in k.constexprs else \
            {"XBLOCK": min(hx, 1024)}
    elif k.kind == "persistent_reduction":
        r0 = k.body_consts.get("R0_BLOCK", hr)
        chosen = {"XBLOCK": max(1, min(hx, 8, 4096 // r0))}
    elif hx == 1:
        chosen = {"XBLOCK": 1, "R0_BLOCK": min(hr, 2048)}
    else:
        r0 = min(hr, 512)
        chosen = {"XBLOCK": max(1, min(hx, 2048 // r0, 64)), "R0_BLOCK": r0}
    unknown = [c for c in k.constexprs if c not in chosen]
    if unknown:
        raise Unsupported(f"{k.inductor_name}: no block-size rule for {unknown}")
    k.blocks = {c: chosen[c] for c in k.constexprs}
    elements = 1
    for key in ("XBLOCK", "YBLOCK", "R0_BLOCK"):
        elements *= k.blocks.get(key, k.body_consts.get(key, 1))
    # About 8 elements per thread, between 1 and 8 warps.
    k.num_warps = max(1, min(8, 1 << max(0, (elements // 256).bit_length() - 1)))


def block_size(k: Kernel, name: str) -> int:
    return k.blocks.get(name, k.body_consts.get(name, 1))


def _cdiv(numel: str, block: int) -> str:
    if numel.isdigit():
        return str(-(-int(numel) // block))
    return numel if block == 1 else f"triton.cdiv({numel}, {block})"


def launch_grid(k: Kernel, numel: dict[str, str]) -> str:
    x = _cdiv(numel.get("xnumel", "1"), block_size(k, "XBLOCK"))
    if k.grid_type == "Grid1D":
        return f"({x},)"
    if "ynumel" not in numel:
        raise Unsupported(f"{k.inductor_name}: 2-D grid without ynumel")
    if k.grid_type == "Grid2D":
        return f"({x}, {_cdiv(numel['ynumel'], block_size(k, 'YBLOCK'))})"
    return f"tiled_grid({numel['xnumel']}, {numel['ynumel']}, {block_size(k, 'XBLOCK')}, {block_size(k, 'YBLOCK')})"


TILED_GRID = '''
def tiled_grid(xnumel, ynumel, XBLOCK, YBLOCK):
    """(x, y, z) programs for a 2-D tiled kernel. CUDA caps grid y at 65535, so the
    y tiles spill into z; the kernel's row offset is (pid_y + pid_z * num_programs_y)."""
    y_tiles = triton.cdiv(ynumel, YBLOCK)
    z = triton.cdiv(y_tiles, 65535)
    return (triton.cdiv(xnumel, XBLOCK), triton.cdiv(y_tiles, z), z)
'''
