exec(open('/tmp/op90/gen4.py').read().split('SEQ = ')[0])
SEQ = '        self.seq = nn.Sequential(nn.ReLU())\n'
add3('c72_control_unshadowed', '''        kern = relu_kernel
        def launch():
            return kern[0](x)
        y = launch()
''', init=SEQ)
add3('h8_tuple_unpack_kernels', '''        kern, _unused = relu_kernel, relu_big
        def launch(block):
            kern[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
        launch(1024)
''')
add3('c76_tuple_unpack_seq', '''        kern, = (self.seq,)
        def launch():
            return kern[0](x)
        y = launch()
''', init=SEQ)
add3('c80_table_of_dunder_dict', '''        kern = KERNELS["b"]
        def launch():
            return kern["relu"](x)
        y = launch()
''', pre='KERNELS = {"a": relu_kernel, "b": nn.functional.__dict__}\n')
add3('c81_table_of_modules', '''        kern = KERNELS["b"]
        def launch():
            return kern["relu"](x)
        y = launch()
''', pre='KERNELS = {"a": relu_kernel, "b": vars(nn.functional)}\n')
add3('c82_ifexp_table_selfseq', '''        kern = KERNELS["a"] if n < 0 else self.seq
        def launch():
            return kern[0](x)
        y = launch()
''', init=SEQ, pre='KERNELS = {"a": relu_kernel, "b": relu_big}\n')
add3('c83_table_subscript_of_self', '''        kern = KERNELS[0] if n < 0 else self.tbl[0]
        def launch():
            return kern[0](x)
        y = launch()
''', init='        self.tbl = [nn.Sequential(nn.ReLU())]\n', pre='KERNELS = [relu_kernel, relu_big]\n')
add3('c84_table_alias_module', '''        kern = KERNELS2["a"]
        def launch():
            return kern[0](x)
        y = launch()
''', pre='KERNELS = {"a": relu_kernel}\nKERNELS2 = KERNELS\n')
add3('h9_closure_loop', '''        for kern in (relu_kernel,):
            def launch(block):
                kern[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
            launch(1024)
''')
for k, v in cases.items():
    open(f'/tmp/op90/{k}.py', 'w').write(v)
