exec(open('/tmp/op90/gen3.py').read().split('cases.clear()')[0])
cases.clear()
exec(open('/tmp/op90/gen3.py').read().split('cases.clear()')[1].split("add3('c48")[0])
SEQ = '        self.seq = nn.Sequential(nn.ReLU())\n'
add3('c56_add_module_direct', '''        y = self.kern[0](x)
''', init='        self.add_module("kern", nn.Sequential(nn.ReLU()))\n')
add3('c57_add_module_closure', '''        k = self.kern
        def launch():
            return k[0](x)
        y = launch()
''', init='        self.add_module("kern", nn.Sequential(nn.ReLU()))\n')
add3('c58_setattr', '''        y = self.kern[0](x)
''', init='        setattr(self, "kern", nn.Sequential(nn.ReLU()))\n')
add3('c59_register_module', '''        y = self.kern[0](x)
''', init='        self.register_module("kern", nn.Sequential(nn.ReLU()))\n')
add3('c60_shadow_kernel_name_local', '''        relu_kernel = self.seq
        kern = relu_kernel
        def launch():
            return kern[0](x)
        y = launch()
''', init=SEQ)
add3('c61_shadow_kernel_name_direct', '''        relu_kernel = self.seq
        y = relu_kernel[0](x)
''', init=SEQ)
add3('c62_shadow_kernel_param_outer', '''        def outer(relu_kernel):
            kern = relu_kernel
            def inner():
                return kern[0](x)
            return inner()
        y = outer(self.seq)
''', init=SEQ)
add3('c63_shadow_kernel_for', '''        for relu_kernel in (self.seq,):
            pass
        kern = relu_kernel if n > 0 else relu_big
        def launch():
            return kern[0](x)
        y = launch()
''', init=SEQ)
add3('c65_shadow_kernel_walrus', '''        [(relu_kernel := self.seq) for _ in (0,)]
        kern = relu_kernel
        def launch():
            return kern[0](x)
        y = launch()
''', init=SEQ)
add3('c67_closure_param_kernel_name', '''        def launch(relu_kernel):
            return relu_kernel[0](x)
        y = launch(self.seq)
''', init=SEQ)
add3('c68_shadow_table_param', '''        def outer(KERNELS):
            kern = KERNELS["small"]
            def inner():
                return kern[0](x)
            return inner()
        y = outer({"small": self.seq})
''', init=SEQ, pre='KERNELS = {"small": relu_kernel, "big": relu_big}\n')
add3('c69_shadow_kernel_in_closure_chain', '''        kern = relu_kernel
        def outer():
            relu_kernel = self.seq
            kern = relu_kernel
            def inner():
                return kern[0](x)
            return inner()
        y = outer()
''', init=SEQ)
add3('c70_shadow_kernel_name_in_closure_only', '''        kern = relu_kernel
        def launch(relu_kernel=self.seq):
            k2 = relu_kernel
            def go():
                return k2[0](x)
            return go()
        y = launch()
''', init=SEQ)
add3('c71_shadow_via_fwd_param', '''        kern = relu_kernel
        def launch():
            return kern[0](x)
        y = launch()
''', init=SEQ)
cases['c71_shadow_via_fwd_param'] = cases['c71_shadow_via_fwd_param'].replace('def forward(self, x):', 'def forward(self, x, relu_kernel=SEQ):')
cases['c71_shadow_via_fwd_param'] = cases['c71_shadow_via_fwd_param'].replace('\nclass ModelNew', 'SEQ = nn.Sequential(nn.ReLU())\n\nclass ModelNew')
for k, v in cases.items():
    open(f'/tmp/op90/{k}.py', 'w').write(v)
