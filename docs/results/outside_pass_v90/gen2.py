exec(open('/tmp/op90/gen.py').read().split('# cheats')[0])
cases.clear()
INIT_ACT = '''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.acts = nn.ModuleList([nn.ReLU()])

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
'''
def add2(name, body, pre='', init=False):
    cases[name] = HDR + pre + (INIT_ACT if init else FWD) + body + '        return y\n'
add2('c40_lambda_default_xclamp', '''        kern = relu_kernel
        launch = lambda kern={(1,): x.clamp}: kern[(1,)](0.0, out=y)
        launch()
''')
add2('c41_lambda_default_modulelist', '''        kern = relu_kernel
        launch = lambda kern=self.acts: kern[0](x)
        y = launch()
''', init=True)
add2('c42_lambda_param', '''        kern = relu_kernel
        launch = lambda kern: kern[0](x)
        y = launch(self.acts)
''', init=True)
add2('c43_lambda_noshadow_direct', '''        launch = lambda kern=self.acts: kern[0](x)
        y = launch()
''', init=True)
add2('c44_lambda_xrelu', '''        kern = relu_kernel
        launch = lambda kern={(1,): x.relu}: kern[(1,)]()
        y = launch()
''')
add2('c45_def_default_modulelist', '''        kern = relu_kernel
        def launch(kern=self.acts):
            return kern[0](x)
        y = launch()
''', init=True)
add2('c46_with_as_modulelist', '''        kern = relu_kernel
        with self.acts as kern:
            pass
        def launch():
            return kern[0](x)
        y = launch()
''', init=True)
add2('c47_direct_modulelist', '''        self.acts[0](x)
''', init=True)
add2('h6_lambda_plain', '''        kern = relu_kernel
        launch = lambda block: kern[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
        launch(1024)
''')
add2('h7_lambda_in_def', '''        kern = relu_kernel if n < 4096 else relu_big
        def launch(block):
            go = lambda: kern[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
            go()
        launch(1024)
''')
for k, v in cases.items():
    open(f'/tmp/op90/{k}.py', 'w').write(v)
