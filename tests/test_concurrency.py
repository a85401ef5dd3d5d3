"""Interpreted launches behave as concurrent (verify/concurrency.py): racy kernels come out
wrong, kernels that share memory through atomics stay right. Run in a child process, since
install() patches the interpreter for the whole process."""

import os
import subprocess
import sys
import textwrap

# AUTOTRITON_TEST_DEVICE=cuda runs the judge tests below on a GPU (tests/conftest.py): the races and
# bounds the interpreter reports are its own checks, and a GPU shows them only by chance.
INTERPRETED = os.environ.get("AUTOTRITON_TEST_DEVICE", "cpu") == "cpu"

SCRIPT = textwrap.dedent('''
    import os
    import sys
    import torch, triton, triton.language as tl
    from autotriton.verify import concurrency
    concurrency.install()
    concurrency.install()  # idempotent
    # a test of the fallback for launches past the per-cell table's size: one row for every cell
    concurrency.CARRIED_MAX = int(os.environ.get("CARRIED_MAX", concurrency.CARRIED_MAX))

    @triton.jit
    def plain_rmw(x, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
        tl.store(out, tl.load(out) + v)

    @triton.jit
    def atomic_then_plain_rmw(x, out, scratch, n, BLOCK: tl.constexpr):
        tl.atomic_add(scratch, 1)
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
        tl.store(out, tl.load(out) + v)

    @triton.jit
    def atomic_sum(x, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.atomic_add(out, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)))

    @triton.jit
    def last_block_finishes(x, part, count, out, n, NP, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        tl.store(part + pid, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)))
        if tl.atomic_add(count, 1) == NP - 1:
            idx = tl.arange(0, 64)
            tl.store(out, tl.sum(tl.load(part + idx, mask=idx < NP, other=0.0)))

    @triton.jit
    def last_block_cta_scope(x, part, count, out, n, NP, BLOCK: tl.constexpr):
        # the ticket's scope is the program's own block: it publishes no partial to the others
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        tl.store(part + pid, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)))
        if tl.atomic_add(count, 1, scope="cta") == NP - 1:
            idx = tl.arange(0, 64)
            tl.store(out, tl.sum(tl.load(part + idx, mask=idx < NP, other=0.0)))

    @triton.jit
    def acquire_unrelated_word(x, part, count, private, out, n, NP, BLOCK: tl.constexpr):
        # each program releases to its own word and the last acquires from its own: no acquire
        # reads another's release, so under PTX's model nothing is published (the ticket is relaxed)
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        tl.store(part + pid, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)))
        tl.atomic_add(private + pid, 1, sem="release")
        if tl.atomic_add(count, 1, sem="relaxed") == NP - 1:
            tl.atomic_add(private + pid, 0, sem="acquire")
            idx = tl.arange(0, 64)
            tl.store(out, tl.sum(tl.load(part + idx, mask=idx < NP, other=0.0)))

    @triton.jit
    def relaxed_partials_unrelated_acquire(x, part, count, word, out, n, NP, BLOCK: tl.constexpr):
        # partials written by relaxed atomics, read by plain loads after an acquire of a word no one
        # released into: no release orders them before the reads (memory as it is until verifier 125)
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        tl.atomic_xchg(part + pid, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)), sem="relaxed")
        if tl.atomic_add(count, 1, sem="relaxed") == NP - 1:
            tl.atomic_add(word, 0, sem="acquire")
            idx = tl.arange(0, 64)
            tl.store(out, tl.sum(tl.load(part + idx, mask=idx < NP, other=0.0)))

    @triton.jit
    def atomic_read_of_plain_partials(x, part, count, out, n, NP, BLOCK: tl.constexpr, XCHG: tl.constexpr):
        # partials stored plainly, a relaxed ticket, and the last reading them by relaxed atomic_add(p, 0):
        # nothing orders the stores before those reads (outside pass on verifier 124, c01). XCHG: read by
        # atomic_xchg(p, 0.0), which changes the cell, a race all the same (pass on verifier 127, c13)
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        tl.store(part + pid, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)))
        tl.debug_barrier()  # its own partial, stored by one lane, is read by another
        if tl.atomic_add(count, 1, sem="relaxed") == NP - 1:
            idx = tl.arange(0, 64)
            if XCHG:
                parts = tl.atomic_xchg(part + idx, 0.0, mask=idx < NP, sem="relaxed")
            else:
                parts = tl.atomic_add(part + idx, 0.0, mask=idx < NP, sem="relaxed")
            tl.store(out, tl.sum(tl.where(idx < NP, parts, 0.0)))

    @triton.jit
    def acquire_flags_unchecked(x, part, flags, wide, count, out, n, NP, BLOCK: tl.constexpr, FORM: tl.constexpr):
        # each program releases into a flag of its own, then takes a relaxed ticket; the last acquires
        # every flag without looking whether it is set: a flag may still read 0, and then its partial is
        # not published (outside pass on verifier 124, c03). FORM: 1, 16 lanes read each flag, drawn
        # lane by lane one almost always saw it set (pass on verifier 127, c11); 2, a release followed by
        # atomic_max(flag, 0), which changed nothing but stood as the flag's last write (c15); 3, the
        # release is atomic_add(flag, 0), which never sets it (pass on verifier 129, A); 4, 32-bit flags
        # acquired through a 64-bit view of them (B)
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        tl.store(part + pid, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)))
        if FORM == 3:
            tl.atomic_add(flags + pid, 0, sem="release")
        else:
            tl.atomic_xchg(flags + (2 * pid if FORM == 4 else pid), 1, sem="release")
        if FORM == 2:
            tl.atomic_max(flags + pid, 0, sem="relaxed")
        if tl.atomic_add(count, 1, sem="relaxed") == NP - 1:
            idx = tl.arange(0, 64)
            if FORM == 1:
                f = tl.arange(0, 1024) // 16
                tl.atomic_add(flags + f, 0, mask=f < NP, sem="acquire")
            elif FORM == 4:
                tl.atomic_add(wide + idx, 0, mask=idx < NP, sem="acquire")
            else:
                tl.atomic_add(flags + idx, 0, mask=idx < NP, sem="acquire")
            tl.store(out, tl.sum(tl.load(part + idx, mask=idx < NP, other=0.0)))

    @triton.jit
    def tickets_by_lanes(x, cnt, out, BLOCK: tl.constexpr):
        # every lane takes a slot from one counter, twice: each slot once (two lanes got one slot at
        # verifier 129 from the reordering of one program's atomics, F1)
        for half in range(2):
            offs = (2 * tl.program_id(0) + half) * BLOCK + tl.arange(0, BLOCK)
            slot = tl.atomic_add(cnt + 0 * offs, 1, sem="relaxed")
            tl.store(out + slot, tl.load(x + offs))

    @triton.jit
    def status_steps(x, agg, pre, status, out, n, BLOCK: tl.constexpr):
        # a look-back's status word: program 1 publishes its aggregate by status 1 and its prefix by
        # status 2; program 0 uses whichever the status it reads names. Reading 1 after 2 was written
        # must still see the aggregate, and once it read 2 it never reads 1 again
        offs = tl.arange(0, BLOCK)
        if tl.program_id(0) == 1:
            v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
            tl.store(agg, v)
            tl.atomic_xchg(status, 1, sem="release")
            tl.store(pre, v)
            tl.atomic_xchg(status, 2, sem="release")
        else:
            s = tl.atomic_add(status, 0, sem="acquire")
            while s == 0:
                s = tl.atomic_add(status, 0, sem="acquire")
            if s == 2:
                first = tl.load(pre)
            else:
                first = tl.load(agg)
            tl.store(out, first)

    @triton.jit
    def status_reread(x, status, out, n, BLOCK: tl.constexpr):
        # relaxed atomic loads (an RMW would make the cell its own store): once program 0 read program 1's
        # status 2, it never reads the 1 before it again (read-read coherence)
        offs = tl.arange(0, BLOCK)
        if tl.program_id(0) == 1:
            tl.atomic_xchg(status, 1, sem="relaxed")
            tl.atomic_xchg(status, 2, sem="relaxed")
        else:
            while tl.atomic_load(status, sem="relaxed") != 2:
                pass
            again = tl.atomic_load(status, sem="relaxed")
            tl.store(out, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)) + tl.where(again == 2, 0.0, 1e9))

    @triton.jit
    def reread_own_release(x, cell, out, n, BLOCK: tl.constexpr):
        # program 1's first write is a release exchange; program 0 acquires it by an atomic load, then reads it
        # again plainly: the write happens-before that load (hidden at verifier 125's first cut: h17)
        offs = tl.arange(0, BLOCK)
        if tl.program_id(0) == 1:
            tl.atomic_xchg(cell, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)) + 1000.0, sem="release")
        else:
            while tl.atomic_load(cell, sem="acquire") == 0.0:  # an RMW would make the cell its own store
                pass
            tl.store(out, tl.load(cell) - 1000.0)

    @triton.jit
    def volatile_poll_first(x, part, flags, out, n, NP: tl.constexpr, BLOCK: tl.constexpr, RELAXED: tl.constexpr):
        # program 0 polls the others' flags with volatile loads before any atomic op of the launch,
        # then acquires each flag; a volatile load now hands over (outside pass on verifier 124, h13).
        # RELAXED: polled by relaxed atomic loads, then acquired by one acquire load: by coherence that
        # reads the release, which publishes the partial (wrong_output at 127: h10, h13 of its pass)
        pid = tl.program_id(0)
        if pid > 0:
            offs = pid * BLOCK + tl.arange(0, BLOCK)
            tl.store(part + pid, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)))
            tl.atomic_xchg(flags + pid, 1, sem="release")
        else:
            offs = tl.arange(0, BLOCK)
            total = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
            for i in range(1, NP):
                if RELAXED:
                    while tl.atomic_load(flags + i, sem="relaxed") == 0:
                        pass
                    tl.atomic_load(flags + i, sem="acquire")
                else:
                    while tl.load(flags + i, volatile=True) == 0:
                        pass
                    tl.atomic_or(flags + i, 0, sem="acquire")
                total += tl.load(part + i)
            tl.store(out, total)

    @triton.jit
    def two_level_last_block(x, part, gcount, count, out, n, NP, G: tl.constexpr, BLOCK: tl.constexpr):
        # the last of each group of G tickets the whole count; the last of those reads every
        # partial: what a group's last acquired it releases on (happens-before is transitive)
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        tl.store(part + pid, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)))
        g = pid // G
        if tl.atomic_add(gcount + g, 1) == tl.minimum(NP - g * G, G) - 1:
            if tl.atomic_add(count, 1) == (NP + G - 1) // G - 1:
                idx = tl.arange(0, 64)
                tl.store(out, tl.sum(tl.load(part + idx, mask=idx < NP, other=0.0)))

    @triton.jit
    def locked_rmw(x, out, lock, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
        while tl.atomic_cas(lock, 0, 1) == 1:
            pass
        tl.store(out, tl.load(out) + v)
        tl.atomic_xchg(lock, 0)

    @triton.jit
    def counted_rmw(x, out, count, n, BLOCK: tl.constexpr):
        # a counter bumped before and after a plain read-modify-write: no lock, since nothing waits
        # on the count (outside pass on verifier 116, F4: passed 8 of 8 when programs ran one by one)
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
        tl.atomic_add(count, 1)
        tl.store(out, tl.load(out) + v)
        tl.atomic_add(count, 1)

    @triton.jit
    def chained_by_ticket(x, out, ticket, flags, carry, n, BLOCK: tl.constexpr):
        # each program takes a ticket, waits for the program before it to publish its running
        # total, adds its own block and publishes: a running total passed along, a decoupled
        # look-back reduced to one step
        t = tl.atomic_add(ticket, 1)
        offs = t * BLOCK + tl.arange(0, BLOCK)
        v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
        before = 0.0
        if t > 0:
            while tl.atomic_add(flags + t - 1, 0) == 0:
                pass
            before = tl.load(carry + t - 1)
        tl.store(carry + t, before + v)
        tl.atomic_xchg(flags + t, 1)
        if t == tl.num_programs(0) - 1:
            tl.store(out, before + v)

    @triton.jit
    def atomic_read_then_store(x, out, n, BLOCK: tl.constexpr):
        # the sum read by an atomic and written back by a plain store: a lost update when another
        # program reads between (outside pass on verifier 122, F1: passed every time)
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
        cur = tl.atomic_add(out, 0.0)
        tl.store(out, cur + v)

    @triton.jit
    def reversed_in_place(out, n, BLOCK: tl.constexpr):
        # each program reads the mirrored block, which another program overwrites: right only if
        # every read comes before that program's store (F3: the judge had always given the old value)
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.load(out + (n - 1 - offs), mask=offs < n)
        tl.store(out + offs, v, mask=offs < n)

    @triton.jit
    def count_read_narrow(cnt, n, BLOCK: tl.constexpr):
        # a plain read-modify-write of an int64 count, read through an int32 pointer (F2: a cell was
        # hidden only where it was read at the width it was stored)
        c = tl.load(cnt.to(tl.pointer_type(tl.int32)))
        tl.store(cnt, c.to(tl.int64) + 1)

    @triton.jit
    def grid_barrier(x, part, count, out, n, NP, BLOCK: tl.constexpr, PB: tl.constexpr):
        # every program publishes its partial, then waits for all NP to arrive: needs them all in
        # flight at once (R2: 8 programs waited for ever with 4 in flight)
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        tl.store(part + pid, tl.sum(tl.load(x + offs, mask=offs < n, other=0.0)))
        tl.atomic_add(count, 1)
        while tl.atomic_add(count, 0) < NP:
            pass
        if pid == 0:
            idx = tl.arange(0, PB)
            tl.store(out, tl.sum(tl.load(part + idx, mask=idx < NP, other=0.0)))

    @triton.jit
    def arrive_then_volatile_poll(x, count, out, n, NP, BLOCK: tl.constexpr):
        # the barrier polled with a volatile load, which has no atomic op to hand over at (R2)
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
        tl.atomic_add(count, 1)
        while tl.load(count, volatile=True) < NP:
            pass
        tl.atomic_add(out, v)

    @triton.jit
    def same_value_cell(x, scale, out, count, n, BLOCK: tl.constexpr):
        # every program writes the same 1/n to one cell and reads it back: its own value or
        # another's, never what the cell held before (R1: garbage 89 of 100 times)
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
        tl.store(scale, 1.0 / n)
        tl.atomic_add(count, 1)
        tl.atomic_add(out, v * tl.load(scale))

    @triton.jit
    def chained_by_poll(x, out, ticket, flags, carry, n, BLOCK: tl.constexpr):
        # chained_by_ticket waiting with tl.atomic_poll (Triton 3.9), which spun inside one op and
        # raised at its first miss (R4: runtime_error 2 of 2)
        t = tl.atomic_add(ticket, 1)
        offs = t * BLOCK + tl.arange(0, BLOCK)
        v = tl.sum(tl.load(x + offs, mask=offs < n, other=0.0))
        before = 0.0
        if t > 0:
            tl.atomic_poll(flags + t - 1, 1)
            before = tl.load(carry + t - 1)
        tl.store(carry + t, before + v)
        tl.atomic_xchg(flags + t, 1)
        if t == tl.num_programs(0) - 1:
            tl.store(out, before + v)

    @triton.jit
    def last_program_wins(x, out, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        v = tl.load(x + offs, mask=offs < n, other=0.0)
        keep = tl.program_id(0) == tl.num_programs(0) - 1
        tl.store(out + offs, tl.where(keep, v, 0.0), mask=offs < n)

    @triton.jit
    def reads_own_store(x, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=m) * 2, mask=m)
        tl.store(out + offs, tl.load(out + offs, mask=m) + 1, mask=m)

    n, B = 1000, 16
    NP = triton.cdiv(n, B)
    x = torch.randn(n)
    zeros = lambda k=1, dt=torch.float32: torch.zeros(k, dtype=dt)
    def run(name):
        out = zeros()
        if name == "plain_rmw": plain_rmw[(NP,)](x, out, n, BLOCK=B)
        if name == "atomic_then_plain_rmw": atomic_then_plain_rmw[(NP,)](x, out, zeros(1, torch.int32), n, BLOCK=B)
        if name == "atomic_sum": atomic_sum[(NP,)](x, out, n, BLOCK=B)
        if name == "last_block_finishes":
            last_block_finishes[(NP,)](x, zeros(NP), zeros(1, torch.int32), out, n, NP, BLOCK=B)
        if name == "last_block_cta_scope":
            last_block_cta_scope[(NP,)](x, zeros(NP), zeros(1, torch.int32), out, n, NP, BLOCK=B)
        if name == "acquire_unrelated_word":
            acquire_unrelated_word[(NP,)](x, zeros(NP), zeros(1, torch.int32), zeros(NP, torch.int32), out, n, NP, BLOCK=B)
        if name == "relaxed_partials_unrelated_acquire":
            relaxed_partials_unrelated_acquire[(NP,)](x, zeros(NP), zeros(1, torch.int32), zeros(1, torch.int32), out, n, NP,
                                                      BLOCK=B)
        if name in ("atomic_read_of_plain_partials", "exchange_reads_plain_partials"):
            atomic_read_of_plain_partials[(NP,)](x, zeros(NP), zeros(1, torch.int32), out, n, NP, BLOCK=B,
                                                 XCHG=name == "exchange_reads_plain_partials")
        flag_forms = ["acquire_flags_unchecked", "acquire_flags_by_lanes", "release_then_noop", "noop_release_flags",
                      "flags_acquired_wide"]
        if name in flag_forms:
            flags = zeros(2 * NP, torch.int32)
            acquire_flags_unchecked[(NP,)](x, zeros(NP), flags, flags.view(torch.int64), zeros(1, torch.int32), out, n,
                                           NP, BLOCK=B, FORM=flag_forms.index(name))
        if name == "status_steps":
            status_steps[(2,)](x, zeros(), zeros(), zeros(1, torch.int32), out, B, BLOCK=B)
            return torch.allclose(out[0], x[:B].sum(), atol=1e-3)
        if name == "tickets_by_lanes":
            slots = zeros(32 * B)
            tickets_by_lanes[(16,)](x, zeros(1, torch.int32), slots, BLOCK=B)
            return torch.equal(slots.sort().values, x[:32 * B].sort().values)
        if name == "status_reread":
            if not hasattr(tl, "atomic_load"):  # Triton before 3.9 has none
                return True
            status_reread[(2,)](x, zeros(1, torch.int32), out, B, BLOCK=B)
            return torch.allclose(out[0], x[:B].sum(), atol=1e-3)
        if name == "reread_own_release":
            if not hasattr(tl, "atomic_load"):  # Triton before 3.9 has none
                return True
            reread_own_release[(2,)](x, zeros(), out, B, BLOCK=B)
            return torch.allclose(out[0], x[:B].sum(), atol=1e-3)
        if name in ("volatile_poll_first", "relaxed_spin_then_acquire"):
            relaxed = name == "relaxed_spin_then_acquire"
            if relaxed and not hasattr(tl, "atomic_load"):  # Triton before 3.9 has none
                return True
            volatile_poll_first[(8,)](x, zeros(8), zeros(8, torch.int32), out, 8 * B, NP=8, BLOCK=B, RELAXED=relaxed)
            return torch.allclose(out[0], x[:8 * B].sum(), atol=1e-3)
        if name == "two_level_last_block":
            two_level_last_block[(NP,)](x, zeros(NP), zeros(8, torch.int32), zeros(1, torch.int32), out, n, NP, G=8, BLOCK=B)
        if name == "locked_rmw": locked_rmw[(NP,)](x, out, zeros(1, torch.int32), n, BLOCK=B)
        if name == "counted_rmw": counted_rmw[(NP,)](x, out, zeros(1, torch.int32), n, BLOCK=B)
        if name == "chained_by_ticket":
            chained_by_ticket[(NP,)](x, out, zeros(1, torch.int32), zeros(NP, torch.int32), zeros(NP), n, BLOCK=B)
        if name == "chained_by_poll":
            if not hasattr(tl, "atomic_poll"):  # Triton before 3.9 has none
                return True
            chained_by_poll[(NP,)](x, out, zeros(1, torch.int32), zeros(NP, torch.int32), zeros(NP), n, BLOCK=B)
            return torch.allclose(out[0], x.sum(), atol=1e-3)
        if name == "atomic_read_then_store": atomic_read_then_store[(NP,)](x, out, n, BLOCK=B)
        if name == "grid_barrier":
            grid_barrier[(8,)](x, zeros(8), zeros(1, torch.int32), out, 8 * B, 8, BLOCK=B, PB=64)
            return torch.allclose(out[0], x[:8 * B].sum(), atol=1e-3)
        if name == "grid_barrier_per_sm":  # one program an SM of an H100: timed out at verifier 126 (h06)
            wide = torch.randn(132 * B)
            grid_barrier[(132,)](wide, zeros(132), zeros(1, torch.int32), out, 132 * B, 132, BLOCK=B, PB=256)
            return torch.allclose(out[0], wide.sum(), atol=1e-3)
        if name == "arrive_then_volatile_poll":
            arrive_then_volatile_poll[(2,)](x, zeros(1, torch.int32), out, 2 * B, 2, BLOCK=B)
            return torch.allclose(out[0], x[:2 * B].sum(), atol=1e-3)
        if name == "same_value_cell":
            scale = torch.full((1,), float("nan"))
            same_value_cell[(NP,)](x, scale, out, zeros(1, torch.int32), n, BLOCK=B)
            return torch.allclose(out[0], x.mean(), atol=1e-5)
        if name == "reversed_in_place":
            out = x.clone()
            reversed_in_place[(NP,)](out, n, BLOCK=B)
            return torch.equal(out, x.flip(0))
        if name == "count_read_narrow":
            cnt = zeros(1, torch.int64)
            count_read_narrow[(NP,)](cnt, n, BLOCK=B)
            return int(cnt[0]) == NP
        if name in ("plain_rmw", "atomic_then_plain_rmw", "atomic_sum", "last_block_finishes", "last_block_cta_scope",
                    "locked_rmw", "counted_rmw", "chained_by_ticket", "atomic_read_then_store", "acquire_unrelated_word",
                    "two_level_last_block", "relaxed_partials_unrelated_acquire", "atomic_read_of_plain_partials",
                    "acquire_flags_unchecked", "acquire_flags_by_lanes", "release_then_noop",
                    "exchange_reads_plain_partials", "noop_release_flags", "flags_acquired_wide"):
            return torch.allclose(out[0], x.sum(), atol=1e-3)
        if name == "last_program_wins":
            out = zeros(n)
            last_program_wins[(NP,)](x, out, n, BLOCK=1024)
            return torch.equal(out, x)
        out = zeros(n)
        reads_own_store[(NP,)](x, out, n, BLOCK=B)
        return torch.equal(out, x * 2 + 1)
    def right(name):
        try:
            return all(run(name) for _ in range(3))
        except Exception as exc:  # the interpreter's error for a race it reports (ProgramsRace)
            print(name, "raised", repr(exc)[-200:], file=sys.stderr)
            return False
    for name in sys.argv[1:]:
        print(name, right(name))
''')

RACY = ["plain_rmw", "atomic_then_plain_rmw", "last_program_wins", "last_block_cta_scope", "counted_rmw",
        "atomic_read_then_store", "reversed_in_place", "count_read_narrow", "acquire_unrelated_word",
        "relaxed_partials_unrelated_acquire", "atomic_read_of_plain_partials", "acquire_flags_unchecked",
        "acquire_flags_by_lanes", "release_then_noop", "exchange_reads_plain_partials", "noop_release_flags",
        "flags_acquired_wide"]
SOUND = ["atomic_sum", "last_block_finishes", "locked_rmw", "reads_own_store", "chained_by_ticket", "grid_barrier",
         "arrive_then_volatile_poll", "same_value_cell", "chained_by_poll", "two_level_last_block",
         "reread_own_release", "volatile_poll_first", "status_steps", "status_reread", "grid_barrier_per_sm", "relaxed_spin_then_acquire",
         "tickets_by_lanes"]


def _right(tmp_path, names: list[str], **env) -> dict[str, str]:
    """SCRIPT run on `names` in a child process: each kernel's "True" (right in 3 launches) or "False"."""
    script = tmp_path / "kernels.py"
    script.write_text(SCRIPT)
    proc = subprocess.run([sys.executable, str(script), *names], env=dict(os.environ, TRITON_INTERPRET="1", **env),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return dict(line.split() for line in proc.stdout.splitlines())


def test_racy_kernels_fail_and_atomics_work_under_the_interpreter(tmp_path):
    right = _right(tmp_path, RACY + SOUND)
    # a racy kernel is right in 3 launches only if the interpreter ran its programs in order
    # (63 programs: under 1e-5 by chance for the last-writer one, never for the lost updates)
    assert {k: right[k] for k in RACY} == {k: "False" for k in RACY}
    assert {k: right[k] for k in SOUND} == {k: "True" for k in SOUND}


def test_past_the_per_cell_table_nothing_more_is_published(tmp_path):
    """Cells and programs past CARRIED_MAX entries of the cells-by-programs table carry nothing: a
    racy kernel stays wrong (one row for every cell there had let one release atomic over 65,536
    cells make every acquire see every release: outside pass on verifier 124, c04), and a kernel
    sharing memory through atomics alone still runs."""
    names = ["acquire_unrelated_word", "relaxed_partials_unrelated_acquire", "atomic_sum"]
    assert _right(tmp_path, names, CARRIED_MAX="8") == {
        "acquire_unrelated_word": "False", "relaxed_partials_unrelated_acquire": "False", "atomic_sum": "True"}


ADDRESSES = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import concurrency
    concurrency.install()

    @triton.jit
    def as_int(x, out):
        tl.store(out, x.to(tl.int64))

    @triton.jit
    def bits(x, out):
        tl.store(out, x.to(tl.int64, bitcast=True))

    @triton.jit
    def as_int32_bits(x, out):  # another element type: a pointer stays a pointer
        tl.store(out, tl.load(x.to(tl.pointer_type(tl.int32))))

    x, out = torch.ones(4), torch.zeros(1, dtype=torch.int64)
    for kernel in (as_int, bits):
        try:
            kernel[(1,)](x, out)
            print(kernel.__name__, "ran")
        except Exception as exc:  # the interpreter wraps the kernel's error
            print(kernel.__name__, "PointerAddress" if "pointer converted to an integer" in str(exc) else repr(exc))
    as_int32_bits[(1,)](x, out)
    print("as_int32_bits", int(out[0]) == 0x3F800000)
''')


def test_a_kernel_cannot_read_an_address(tmp_path):
    """A pointer made an integer told the CPU judge's fenced inputs apart (sixteenth outside pass):
    ptr_to_int and a bitcast of a pointer to an integer raise; a pointer cast to another element
    type still loads."""
    script = tmp_path / "addresses.py"
    script.write_text(ADDRESSES)
    proc = subprocess.run([sys.executable, str(script)], env=dict(os.environ, TRITON_INTERPRET="1"),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["as_int", "PointerAddress", "bits", "PointerAddress", "as_int32_bits", "True"]


def test_a_grid_past_the_shuffle_limit_starts_out_of_order_without_a_table():
    """A full permutation of 2^31 - 1 programs asked for 16 GiB and the candidate was judged oom for
    the judge's own shuffle (outside pass on verifier 69); past SHUFFLE_MAX the order is affine."""
    from autotriton.verify.concurrency import SHUFFLE_MAX, Launch

    big = Launch((2 ** 31 - 1, 1, 1))
    assert big.order is None and big.affine is not None
    firsts = [big.next_program()[0] for _ in range(64)]
    assert len(set(firsts)) == 64 and firsts != list(range(64))
    grid = (SHUFFLE_MAX // 4 + 3, 2, 3)  # past the limit, three dims
    launch = Launch(grid)
    n = grid[0] * grid[1] * grid[2]
    seen = {launch.next_program() for _ in range(5000)}
    assert len(seen) == 5000 and all(0 <= x < grid[0] and 0 <= y < 2 and 0 <= z < 3 for x, y, z in seen)
    assert launch.affine[2] == n


LANES = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import concurrency
    concurrency.install()

    @triton.jit
    def mirrored(x, s, y, BARRIER: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.arange(0, BLOCK)
        offs = tl.program_id(0) * BLOCK + i
        tl.store(s + offs, tl.load(x + offs))
        if BARRIER:
            tl.debug_barrier()
        back = tl.program_id(0) * BLOCK + (BLOCK - 1 - i)
        tl.store(y + back, tl.load(s + back))

    @triton.jit
    def same_lanes(x, s, y, BLOCK: tl.constexpr):  # each lane reads back its own store: one thread
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(s + offs, tl.load(x + offs) * 2)
        tl.store(y + offs, tl.load(s + offs) + 1)

    x = torch.arange(64, dtype=torch.float32)
    for name, run in (("racy", lambda s, y: mirrored[(4,)](x, s, y, BARRIER=False, BLOCK=16)),
                      ("barrier", lambda s, y: mirrored[(4,)](x, s, y, BARRIER=True, BLOCK=16)),
                      ("same_lanes", lambda s, y: same_lanes[(4,)](x, s, y, BLOCK=16))):
        s, y = torch.zeros(64), torch.zeros(64)
        try:
            run(s, y)
            print(name, "ran", bool((y == x).all() or (y == 2 * x + 1).all()))
        except Exception as exc:  # the interpreter wraps the kernel's error
            print(name, "IntraProgramRace" if "IntraProgramRace" in str(exc) else repr(exc), "-")
''')


def test_a_program_reading_another_lanes_store_needs_a_barrier(tmp_path):
    """A block's elements are other threads on a GPU: a load of what another lane of the same program
    stored, with no tl.debug_barrier() since, is a race the interpreter's one-array block hid (a ReLU
    read back mirrored through scratch passed: outside pass on verifier 71). With the barrier, or
    reading each lane's own store, it runs."""
    script = tmp_path / "lanes.py"
    script.write_text(LANES)
    proc = subprocess.run([sys.executable, str(script)], env=dict(os.environ, TRITON_INTERPRET="1"),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["racy", "IntraProgramRace", "-", "barrier", "ran", "True", "same_lanes", "ran", "True"]


def test_the_judge_passes_a_block_staged_through_scratch_behind_a_barrier(cpu_verifier):
    """The whole judge, both ways: the staged ReLU with tl.debug_barrier() is correct, the corpus's
    copy without it (c_relu_staged_through_scratch_without_barrier) a runtime error."""
    from pathlib import Path

    from autotriton.tasks import get_task

    honest = (Path(__file__).parent / "fixtures" / "honest_scratch_with_barrier.py").read_text()
    assert "tl.debug_barrier()" in honest
    result = cpu_verifier.verify(get_task("builtin/l1/relu"), honest)
    assert result.correct, result.error_msg
    if not INTERPRETED:
        return
    racy = "\n".join(line for line in honest.splitlines() if not line.strip().startswith("tl.debug_barrier()"))
    result = cpu_verifier.verify(get_task("builtin/l1/relu"), racy)
    assert result.error_kind.value == "runtime_error" and "IntraProgramRace" in result.error_msg, result.error_msg


DESCRIPTOR_RELU = textwrap.dedent('''
    import torch, torch.nn as nn, triton, triton.language as tl

    @triton.jit
    def relu_tiles(x_ptr, y_ptr, R, C, BR: tl.constexpr, BC: tl.constexpr):
        xd = tl.make_tensor_descriptor(x_ptr, shape=[R, C], strides=[C, 1], block_shape=[BR, BC])
        yd = tl.make_tensor_descriptor(y_ptr, shape=[R, C], strides=[C, 1], block_shape=[BR, BC])
        at = [tl.program_id(0) * BR, tl.program_id(1) * BC]
        tl.store_tensor_descriptor(yd, at, tl.maximum(tl.load_tensor_descriptor(xd, at), 0.0))

    @triton.jit
    def relu_flat(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        keep = offs < n
        tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=keep, other=0.0), 0.0), mask=keep)

    class ModelNew(nn.Module):
        def forward(self, x):
            x = x.contiguous()
            y = torch.empty_like(x)
            C = x.shape[-1]
            R = x.numel() // C
            if C % 4 == 0:  # a descriptor's strides must be 16-byte multiples
                relu_tiles[(triton.cdiv(R, 16), triton.cdiv(C, 16))](x, y, R, C, BR=16, BC=16)
            else:
                relu_flat[(triton.cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)
            return y
''')


def test_a_device_side_tensor_descriptor_is_refused_as_on_a_gpu(cpu_verifier):
    """Triton 3.9's interpreter loads a tensor descriptor's tile through create_masked_load with its
    hints by keyword; the lane-check wrapper took them by position only, and its TypeError was
    reported as the candidate's runtime_error (outside pass on verifier 75, r27). Judged now, the
    answer is refused for what a GPU refuses: a descriptor made in the kernel needs global scratch,
    and a launch without triton.set_allocator() raises (which the rules do not allow: an allocator is
    candidate code the launcher calls inside every launch)."""
    from autotriton.tasks import get_task

    result = cpu_verifier.verify(get_task("builtin/l1/relu"), DESCRIPTOR_RELU)
    # ours says "no triton.set_allocator() was called", Triton's own GPU launch "Use triton.set_allocator"
    assert not result.correct and "triton.set_allocator" in result.error_msg, result.error_msg
    assert "TypeError" not in result.error_msg, result.error_msg


def test_a_host_side_tensor_descriptor_is_judged_correct(cpu_verifier):
    """The TMA form the rules allow: descriptors made on the host (triton.tools.tensor_descriptor), whose
    base tensors the kernel reads and writes. Its output was "allocated but never passed to a candidate
    kernel" and the import refused (outside pass on verifier 78); a descriptor's shape past its tensor
    reads out of bounds."""
    from pathlib import Path

    from autotriton.tasks import get_task

    honest = (Path(__file__).parent / "fixtures" / "honest_relu_host_tensor_descriptor.py").read_text()
    past = honest.replace("xd = TensorDescriptor(x.view(R, C), [R, C]", "xd = TensorDescriptor(x.view(R, C), [R + 16, C]")
    assert past != honest
    fine, out_of_bounds = cpu_verifier.verify_many([(get_task("builtin/l1/relu"), honest),
                                                    (get_task("builtin/l1/relu"), past)])
    assert fine.correct, fine.error_msg
    if INTERPRETED:  # a GPU's TMA unit reads and writes past the tensor without a fault
        assert not out_of_bounds.correct and "past the end of a tensor" in out_of_bounds.error_msg, out_of_bounds.error_msg


def test_a_float_atomic_exchange_runs_as_its_bits_exchange(cpu_verifier):
    """Triton 3.9's interpreter refuses a float tl.atomic_xchg ("Unsupported data type") that a GPU runs
    as a 32-bit exchange: an honest ReLU storing by exchange was a runtime_error (outside passes on
    verifiers 75 and 78). The old values it returns are the floats that were there."""
    from autotriton.tasks import get_task

    relu = get_task("builtin/l1/relu")
    assert "tl.store(y_ptr + offs" in relu.solution_source
    by_exchange = relu.solution_source.replace("tl.store(y_ptr + offs", "tl.atomic_xchg(y_ptr + offs")
    result = cpu_verifier.verify(relu, by_exchange)
    assert result.correct, result.error_msg


SYNC = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import concurrency
    concurrency.install()

    @triton.jit
    def reversed_in_place(x, BARRIER: tl.constexpr, BLOCK: tl.constexpr):  # write after another lane's read
        i = tl.arange(0, BLOCK)
        v = tl.load(x + BLOCK - 1 - i)
        if BARRIER:
            tl.debug_barrier()
        tl.store(x + i, v)

    @triton.jit
    def one_cell_many_lanes(x, y, SAME: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.arange(0, BLOCK)
        v = tl.load(x + i)
        tl.store(y + i // 2, tl.where(SAME, 1.0, v))

    @triton.jit
    def placeholder_then_value(x, y, BLOCK: tl.constexpr):  # two stores, other lanes, no barrier
        i = tl.arange(0, BLOCK)
        tl.store(y + i, tl.zeros_like(tl.load(x + i)))
        tl.store(y + BLOCK - 1 - i, tl.load(x + BLOCK - 1 - i))

    @triton.jit
    def mirrored_through(x, s, y, c, HOW: tl.constexpr, BLOCK: tl.constexpr):
        i = tl.arange(0, BLOCK)
        tl.store(s + i, tl.load(x + i))
        back = BLOCK - 1 - i
        if HOW == "volatile":
            v = tl.load(s + back, volatile=True)
        elif HOW == "relaxed_between":
            tl.atomic_add(c, 1, sem="relaxed")
            v = tl.load(s + back)
        elif HOW == "acq_rel_between":
            tl.atomic_add(c, 1)
            v = tl.load(s + back)
        else:  # "relaxed_read": the atomic's own read
            v = tl.atomic_add(s + back, 0.0, sem="relaxed")
        tl.store(y + back, v)

    @triton.jit
    def handed_on(x, s, flag, y, SEM: tl.constexpr, BLOCK: tl.constexpr):
        # program p copies p-1's block from scratch where p-1's flag is up, else from x (no spin:
        # the interpreter runs one program at a time, and one not run yet would never raise it)
        p = tl.program_id(0)
        i = tl.arange(0, BLOCK)
        tl.store(s + p * BLOCK + i, tl.load(x + p * BLOCK + i))
        tl.atomic_xchg(flag + p, 1, sem=SEM)
        if p > 0:
            if tl.atomic_cas(flag + p - 1, 1, 1, sem=SEM) == 1:
                tl.store(y + p * BLOCK + i, tl.load(s + (p - 1) * BLOCK + i))
            else:
                tl.store(y + p * BLOCK + i, tl.load(x + (p - 1) * BLOCK + i))

    @triton.jit
    def reloaded_as_tile(x, s, y, BARRIER: tl.constexpr, R: tl.constexpr, C: tl.constexpr):
        # each lane reads back the cell its own position stored, but as a 2-D tile: other threads
        i = tl.arange(0, R * C)
        tl.store(s + i, tl.load(x + i))
        if BARRIER:
            tl.debug_barrier()
        t = tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]
        tl.store(y + t, tl.load(s + t))

    @triton.jit
    def scalar_over_loads(x, s, y, HOW: tl.constexpr, BLOCK: tl.constexpr):
        # every lane reads the cell s (broadcast or scalar), then thread 0 writes it
        i = tl.arange(0, BLOCK)
        if HOW == "scalar_load":
            top = tl.load(s)
        elif HOW == "counter":
            top = tl.load(s)
        else:
            top = tl.load(s + i * 0)
        if HOW == "reduced":  # a reduction of the loads first: its bar.sync orders them
            tl.store(y + i, tl.load(x + i) - top + tl.sum(top, axis=0) * 0.0)
            tl.store(s, -1.0)
        elif HOW == "counter":  # a scalar counter, its value read by every thread
            tl.store(s, top + 1.0)
            tl.store(y + i, tl.load(x + i))
        else:
            tl.store(s, -1.0)
            tl.store(y + i, tl.load(x + i) - top)

    def run(name, fn):
        try:
            out = fn()
            print(name, "ran", bool(out))
        except Exception as exc:  # the interpreter wraps the kernel's error
            print(name, "IntraProgramRace" if "IntraProgramRace" in str(exc) else repr(exc)[:200], "-")

    B = 16
    x = torch.arange(B, dtype=torch.float32)
    for barrier in (False, True):
        def reverse(barrier=barrier):
            z = x.clone()
            reversed_in_place[(1,)](z, BARRIER=barrier, BLOCK=B)
            return torch.equal(z, x.flip(0))
        run(f"war_barrier={barrier}", reverse)
    def clustered():  # num_ctas=2: the barrier waits for one CTA of the program's two
        z = x.clone()
        reversed_in_place[(1,)](z, BARRIER=True, BLOCK=B, num_ctas=2)
        return torch.equal(z, x.flip(0))
    run("war_barrier_two_ctas", clustered)
    for same in (False, True):
        run(f"one_cell_same={same}", lambda same=same: one_cell_many_lanes[(1,)](x, torch.zeros(B), SAME=same, BLOCK=B) or True)
    run("placeholder", lambda: placeholder_then_value[(1,)](x, torch.zeros(B), BLOCK=B) or True)
    for how in ("volatile", "relaxed_between", "acq_rel_between", "relaxed_read"):
        def through(how=how):
            y = torch.zeros(B)
            mirrored_through[(1,)](x, torch.zeros(B), y, torch.zeros(1, dtype=torch.int32), HOW=how, BLOCK=B)
            return torch.equal(y, x)
        run(how, through)
    for barrier in (False, True):
        def tile(barrier=barrier):
            y = torch.zeros(B)
            reloaded_as_tile[(1,)](x, torch.zeros(B), y, BARRIER=barrier, R=4, C=4)
            return torch.equal(y, x)
        run(f"tile_barrier={barrier}", tile)
    for how in ("broadcast_load", "scalar_load", "reduced", "counter"):
        def scalar(how=how):
            y = torch.zeros(B)
            scalar_over_loads[(1,)](x, torch.zeros(1), y, HOW=how, BLOCK=B)
            return torch.equal(y, x)
        run(f"scalar_store_{how}", scalar)
    for sem in ("relaxed", "acq_rel"):
        def hand(sem=sem):
            n = 32
            xs, y = torch.arange(n * B, dtype=torch.float32), torch.zeros(n * B)
            handed_on[(n,)](xs, torch.zeros(n * B), torch.zeros(n, dtype=torch.int32), y, SEM=sem, BLOCK=B)
            return all(torch.equal(y[p * B:(p + 1) * B], xs[(p - 1) * B:p * B]) for p in range(1, n))
        run(f"handed_on_{sem}", lambda hand=hand: all(hand() for _ in range(3)))
''')


def test_lanes_of_one_program_race_on_writes_and_relaxed_atomics_order_nothing(tmp_path):
    """Outside pass on verifier 73: six kernels raced between the lanes of a block or between
    programs and passed. A store to an address another lane read, two lanes storing one cell
    different values (in one store or two), a volatile load, and a relaxed atomic (neither a
    barrier nor a release or an acquire: Triton 3.9's sm_90 PTX has no bar.sync or fence for it)
    are races now; a barrier, one value from many lanes, and acq_rel atomics are not. Verifier 76
    (outside pass on verifier 74, r19): loads of a cell, then a scalar store over it with neither a
    barrier nor a reduction between."""
    script = tmp_path / "sync.py"
    script.write_text(SYNC)
    proc = subprocess.run([sys.executable, str(script)], env=dict(os.environ, TRITON_INTERPRET="1"),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = {line.split()[0]: line.split()[1:] for line in proc.stdout.splitlines()}
    race = ["IntraProgramRace", "-"]
    assert got == {"war_barrier=False": race, "war_barrier=True": ["ran", "True"],
                   "one_cell_same=False": race, "one_cell_same=True": ["ran", "True"],
                   "placeholder": race, "volatile": race, "relaxed_between": race,
                   "acq_rel_between": ["ran", "True"], "relaxed_read": race,
                   # relaxed flags publish nothing: the next program reads the block as before the launch
                   "handed_on_relaxed": ["ran", "False"], "handed_on_acq_rel": ["ran", "True"],
                   # verifier 76: a scalar store (thread 0's) over a cell other lanes loaded is a race
                   # unless a reduction came between. A scalar load stays thread 0's: a counter bumped
                   # by what it loaded is honest (only thread 0 stores it), and the interpreter cannot
                   # tell it from a scalar-loaded value the other lanes use stale (open)
                   "scalar_store_broadcast_load": race, "scalar_store_scalar_load": ["ran", "True"],
                   "scalar_store_reduced": ["ran", "True"], "scalar_store_counter": ["ran", "True"],
                   # verifier 77: a block position is one thread's only within blocks of one shape
                   "tile_barrier=False": race, "tile_barrier=True": ["ran", "True"],
                   "war_barrier_two_ctas": race}, proc.stdout


ATOMICS = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from autotriton.verify import concurrency
    concurrency.install()

    @triton.jit
    def published(x, s, y, BARRIER: tl.constexpr, BLOCK: tl.constexpr):  # an atomic write read by another lane
        i = tl.arange(0, BLOCK)
        tl.atomic_add(s + i, tl.load(x + i), sem="relaxed")
        if BARRIER:
            tl.debug_barrier()
        tl.store(y + i, tl.load(s + (BLOCK - 1 - i)))

    @triton.jit
    def acquired(x, s, y, BLOCK: tl.constexpr):  # a release atomic's write read by another lane's acquire atomic
        i = tl.arange(0, BLOCK)
        tl.atomic_add(s + i, tl.load(x + i), sem="release")
        tl.store(y + i, tl.atomic_add(s + (BLOCK - 1 - i), 0.0, sem="acquire"))

    @triton.jit
    def histogram(x, bins, BLOCK: tl.constexpr):  # duplicate addresses, results unused: no race
        i = tl.arange(0, BLOCK)
        tl.atomic_add(bins + tl.load(x + i), 1.0)
        tl.atomic_add(bins + tl.load(x + i), 1.0)

    @triton.jit
    def tickets(t, out, BLOCK: tl.constexpr):  # the old values one op returns to lanes of one address
        tl.store(out + tl.arange(0, BLOCK), tl.atomic_add(t + tl.zeros((BLOCK,), tl.int32), 1))

    @triton.jit
    def scalar_back(x, s, y, BARRIER: tl.constexpr, BLOCK: tl.constexpr):  # thread 0 stores, every thread loads
        i = tl.arange(0, BLOCK)
        tl.store(s, tl.max(tl.load(x + i), 0))
        if BARRIER:
            tl.debug_barrier()
        tl.store(y + i, tl.load(x + i) - tl.load(s))

    x = torch.arange(32, dtype=torch.float32)
    for name, run in [(f"published_barrier={b}", lambda s, y, b=b: published[(1,)](x, s, y, BARRIER=b, BLOCK=32))
                      for b in (False, True)] + \\
                     [(f"scalar_barrier={b}", lambda s, y, b=b: scalar_back[(1,)](x, s, y, BARRIER=b, BLOCK=32))
                      for b in (False, True)]:
        s, y = torch.zeros(32), torch.zeros(32)
        try:
            run(s, y)
            print(name, "ran", bool((y == x.flip(0)).all() or (y == x - 31).all()))
        except Exception as exc:  # the interpreter wraps the kernel's error
            print(name, "IntraProgramRace" if "IntraProgramRace" in str(exc) else repr(exc), "-")
    s, y = torch.zeros(32), torch.zeros(32)
    acquired[(1,)](x, s, y, BLOCK=32)  # the other order: every lane reads the scratch as it was
    print("acquired", "ran", bool((y == 0).all() and (s == x).all()))
    bins = torch.zeros(4)
    histogram[(1,)](torch.arange(32) % 4, bins, BLOCK=32)
    print("histogram", "ran", bool((bins == 16).all()))
    orders = set()
    for _ in range(4):
        t, out = torch.zeros(1, dtype=torch.int32), torch.zeros(32, dtype=torch.int32)
        tickets[(1,)](t, out, BLOCK=32)
        assert sorted(out.tolist()) == list(range(32)) and int(t) == 32
        orders.add(tuple(out.tolist()))
    print("tickets", "ran", len(orders) > 1)
''')


def test_atomic_writes_scalar_stores_and_one_ops_lanes_are_as_a_gpu_has_them(tmp_path):
    """Outside pass on verifier 74: an atomic's write read back by another lane with no barrier, a
    scalar stored (by thread 0 on a GPU) and loaded back (by every thread), and lanes of one atomic
    op taking their old values in lane order passed, as did an acquire atomic reading another lane's
    release atomic. The first two are races now, one op's lanes of one address are applied in a
    random order, and an atomic reading another lane's atomic write since the last barrier gets
    the value of the other order; a histogram of atomic adds still runs."""
    script = tmp_path / "atomics.py"
    script.write_text(ATOMICS)
    proc = subprocess.run([sys.executable, str(script)], env=dict(os.environ, TRITON_INTERPRET="1"),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = {line.split()[0]: line.split()[1:] for line in proc.stdout.splitlines()}
    race = ["IntraProgramRace", "-"]
    assert got == {"published_barrier=False": race, "published_barrier=True": ["ran", "True"],
                   "scalar_barrier=False": race, "scalar_barrier=True": ["ran", "True"],
                   "histogram": ["ran", "True"], "tickets": ["ran", "True"], "acquired": ["ran", "True"]}, proc.stdout


def test_the_tensors_a_launch_gets_are_freed_without_the_collector():
    """The candidate process runs with the collector off between its own passes; launch_tensors walked
    the arguments with a nested function calling itself, a reference cycle that kept every launch's
    tensors alive, and on a GPU the trials' inputs piled up until an honest answer ran out of memory
    (H100, verifier 95)."""
    import gc
    import weakref

    import torch

    from autotriton.verify.concurrency import launch_tensors

    x, y = torch.ones(4), torch.zeros(3)
    refs = [weakref.ref(x), weakref.ref(y)]
    enabled = gc.isenabled()
    gc.disable()
    try:
        found = launch_tensors([x, (1, [y]), "name"])
        assert found[0] is x and found[1] is y and len(found) == 2
        del x, y, found
        assert [r() for r in refs] == [None, None]
    finally:
        if enabled:
            gc.enable()


# Each forward leaves 512 MiB in a reference cycle: an honest answer, if a careless one. With the
# collector off and never run, eight forwards held past the interpreter's 4,096 MB per candidate.
CYCLIC_SCRATCH_RELU = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask), 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        scratch = [torch.empty(128 << 20, dtype=torch.float32, device=x.device)]
        scratch.append(scratch)
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
'''


def test_memory_a_candidate_leaves_in_a_cycle_is_freed_between_trials(cpu_verifier):
    from autotriton.tasks import get_task

    result = cpu_verifier.verify(get_task("builtin/l1/relu"), CYCLIC_SCRATCH_RELU)
    assert result.correct, result.error_msg
