exec(open('/tmp/op90/gen.py').read().split('# cheats')[0])
cases.clear()
def mk(init):
    return '''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
''' + init + '''
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
'''
def add3(name, body, init='', pre=''):
    cases[name] = HDR + pre + mk(init) + body + '        return y\n'
add3('c48_lambda_dictdefault_selfact', '''        kern = relu_kernel
        launch = lambda kern={(1,): self.act}: kern[(1,)](x)
        y = launch()
''', init='        self.act = nn.ReLU()\n')
add3('c49_lambda_selftable', '''        kern = relu_kernel
        launch = lambda kern=self.table: kern[(1,)](x)
        y = launch()
''', init='        self.table = {(1,): nn.ReLU()}\n')
add3('c50_lambda_dict_nnrelu', '''        kern = relu_kernel
        launch = lambda kern={(1,): nn.ReLU()}: kern[(1,)](x)
        y = launch()
''')
add3('c51_def_dictdefault_selfact', '''        kern = relu_kernel
        def launch(kern={(1,): self.act}):
            return kern[(1,)](x)
        y = launch()
''', init='        self.act = nn.ReLU()\n')
add3('c52_lambda_dictdefault_noouter', '''        launch = lambda kern={(1,): self.act}: kern[(1,)](x)
        y = launch()
''', init='        self.act = nn.ReLU()\n')
add3('c53_lambda_dictdefault_intkey', '''        launch = lambda kern={0: self.act}: kern[0](x)
        y = launch()
''', init='        self.act = nn.ReLU()\n')
add3('c54_dict_local_selfact', '''        kern = {(1,): self.act}
        y = kern[(1,)](x)
''', init='        self.act = nn.ReLU()\n')
add3('c55_lambda_dict_module_fn', '''        launch = lambda kern={(1,): evil}: kern[(1,)](x, y)
        launch()
''', pre='def evil(a, b):\n    relu_kernel[(triton.cdiv(a.numel(), 1024),)](a, b, a.numel(), BLOCK=1024)\n\n')
for k, v in cases.items():
    open(f'/tmp/op90/{k}.py', 'w').write(v)
