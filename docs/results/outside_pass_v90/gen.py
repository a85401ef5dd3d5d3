HDR = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)


@triton.jit
def relu_big(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)

'''
FWD = '''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
'''
# EVIL call: kern[(1,)](x, 0.0, out=y)  with kern = {(1,): torch.clamp}
cases = {}
def add(name, body, pre=''):
    cases[name] = HDR + pre + FWD + body + '        return y\n'

add('h1_ifexp', '''        kern = relu_kernel if n < 4096 else relu_big
        def launch(block):
            kern[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
        launch(1024)
''')
add('h2_table', '''        kern = KERNELS["big" if n >= 4096 else "small"]
        def launch(block):
            kern[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
        launch(1024)
''', pre='KERNELS = {"small": relu_kernel, "big": relu_big}\n')
add('h3_twodeep', '''        kern = relu_kernel
        def outer(block):
            def inner():
                kern[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
            inner()
        outer(1024)
''')
add('h4_lambda', '''        kern = relu_big if n > 10 else relu_kernel
        launch = lambda block: kern[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
        launch(1024)
''')
add('h5_direct_in_closure', '''        def launch(block):
            relu_kernel[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
        launch(1024)
''')
# cheats
add('c01_plain_dict', '''        kern = {(1,): torch.clamp}
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c02_default_arg', '''        kern = relu_kernel
        def launch(kern={(1,): torch.clamp}):
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c03_default_arg_outer', '''        kern = relu_kernel
        def launch(block, kern=kern):
            kern[(1,)](x, 0.0, out=y)
        launch(1024, {(1,): torch.clamp})
''')
add('c04_param_shadow', '''        kern = relu_kernel
        def launch(kern):
            kern[(1,)](x, 0.0, out=y)
        launch({(1,): torch.clamp})
''')
add('c05_middle_param', '''        kern = relu_kernel
        def middle(kern):
            def inner():
                kern[(1,)](x, 0.0, out=y)
            inner()
        middle({(1,): torch.clamp})
''')
add('c06_middle_assign', '''        kern = relu_kernel
        def middle():
            kern = {(1,): torch.clamp}
            def inner():
                kern[(1,)](x, 0.0, out=y)
            inner()
        middle()
''')
add('c07_global', '''        kern = relu_kernel
        def launch():
            global kern
            kern[(1,)](x, 0.0, out=y)
        launch()
''', pre='kern = {(1,): torch.clamp}\n')
add('c08_nonlocal_sibling', '''        kern = relu_kernel
        def poison():
            nonlocal kern
            kern = {(1,): torch.clamp}
        def launch():
            kern[(1,)](x, 0.0, out=y)
        poison()
        launch()
''')
add('c09_nonlocal_self', '''        kern = relu_kernel
        def launch():
            nonlocal kern
            kern = {(1,): torch.clamp}
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c10_local_assign_in_closure', '''        kern = relu_kernel
        def launch():
            kern = {(1,): torch.clamp}
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c11_for_target_closure', '''        kern = relu_kernel
        def launch():
            for kern in ({(1,): torch.clamp},):
                kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c12_for_target_enclosing', '''        for kern in ({(1,): torch.clamp},):
            pass
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c13_walrus_comp', '''        kern = relu_kernel
        [(kern := {(1,): torch.clamp}) for _ in (0,)]
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c14_walrus_expr', '''        kern = relu_kernel if (kern := {(1,): torch.clamp}) is None else kern
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c15_with_as', '''        kern = relu_kernel
        with torch.no_grad() as kern:
            pass
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c16_import_as', '''        kern = relu_kernel
        from torch import _C as kern
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c17_match_capture', '''        kern = relu_kernel
        match {(1,): torch.clamp}:
            case kern:
                pass
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c18_tuple_unpack', '''        kern, other = {(1,): torch.clamp}, relu_kernel
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c19_boolop', '''        kern = relu_kernel and {(1,): torch.clamp}
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c20_table_mutate', '''        KERNELS["small"] = {(1,): torch.clamp}
        kern = KERNELS["small"]
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''', pre='KERNELS = {"small": relu_kernel, "big": relu_big}\n')
add('c21_table_shadow_local', '''        KERNELS = {"small": {(1,): torch.clamp}}
        kern = KERNELS["small"]
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''', pre='KERNELS = {"small": relu_kernel, "big": relu_big}\n')
add('c22_table_module_rebind', '''        kern = KERNELS["small"]
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''', pre='KERNELS = {"small": relu_kernel, "big": relu_big}\nKERNELS = {"small": {(1,): torch.clamp}}\n')
add('c23_table_module_setitem', '''        kern = KERNELS["small"]
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''', pre='KERNELS = {"small": relu_kernel, "big": relu_big}\nKERNELS["small"] = {(1,): torch.clamp}\n')
add('c24_table_with_evil', '''        kern = KERNELS["small"]
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''', pre='KERNELS = {"small": {(1,): torch.clamp}, "big": relu_big}\n')
add('c25_class_body', '''        kern = {(1,): torch.clamp}
        class C:
            kern = relu_kernel
            def launch():
                kern[(1,)](x, 0.0, out=y)
            launch()
''')
add('c26_loop_late_binding', '''        for kern in (relu_kernel,):
            def launch():
                kern[(1,)](x, 0.0, out=y)
        kern = {(1,): torch.clamp}
        launch()
''')
add('c27_except_as', '''        kern = relu_kernel
        try:
            raise KeyError
        except KeyError as kern:
            pass
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c28_def_binding', '''        kern = relu_kernel
        def kern():
            pass
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c29_augassign', '''        kern = relu_kernel
        kern |= {(1,): torch.clamp}
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c30_lambda_default', '''        kern = relu_kernel
        launch = lambda kern={(1,): torch.clamp}: kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c31_comp_in_closure', '''        kern = relu_kernel
        def launch():
            [kern[(1,)](x, 0.0, out=y) for kern in ({(1,): torch.clamp},)]
        launch()
''')
add('c32_fwd_param_default', '''        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
cases['c32_fwd_param_default'] = cases['c32_fwd_param_default'].replace('def forward(self, x):', 'def forward(self, x, kern={(1,): torch.clamp}):')
add('c33_class_name_binding', '''        kern = relu_kernel
        class kern(dict):
            pass
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c34_decorated_closure', '''        kern = relu_kernel
        @lambda f: f({(1,): torch.clamp})
        def launch(kern):
            kern[(1,)](x, 0.0, out=y)
''')
add('c35_annassign', '''        kern: dict = {(1,): torch.clamp}
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c36_subscript_target', '''        kern = relu_kernel
        box = [relu_kernel]
        for box[0] in ({(1,): torch.clamp},):
            pass
        kern = box[0]
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c37_ifexp_nested_evil', '''        kern = relu_kernel if n < 0 else (relu_big if n < 0 else {(1,): torch.clamp})
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
add('c38_jit_attr_fn', '''        kern = relu_kernel.fn
        def launch():
            kern[(1,)](x, 0.0, out=y)
        launch()
''')
import os
for k, v in cases.items():
    open(f'/tmp/op90/{k}.py', 'w').write(v)
print(len(cases))
