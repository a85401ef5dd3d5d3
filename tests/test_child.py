"""autotriton.child: the one runner behind the fork-server client, the confined run and the
harvest worker."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from autotriton.child import Child


def _child(code: str, tmp_path, **kw) -> Child:
    return Child([sys.executable, "-c", code], cwd=str(tmp_path), **kw)


def test_json_lines_both_ways_and_what_is_not_one(tmp_path):
    child = _child("import sys, json\n"
                   "for line in sys.stdin:\n"
                   "    print(json.dumps({'echo': json.loads(line)}), flush=True)\n"
                   "    print('not json', flush=True)\n", tmp_path)
    try:
        child.send({"n": 1})
        assert child.receive(time.monotonic() + 30) == {"echo": {"n": 1}}
        assert child.receive(time.monotonic() + 30) == "malformed"
        assert child.receive(time.monotonic() + 0.3) == "timeout"  # nothing more until we send
        child.send({"n": 2}, close=True)
        assert child.receive(time.monotonic() + 30) == {"echo": {"n": 2}}
        assert child.receive(time.monotonic() + 30) == "malformed"
        assert child.receive(time.monotonic() + 30) == "exited"
    finally:
        child.close()
    child.close()  # twice is fine


def test_kill_takes_what_the_child_started(tmp_path):
    child = _child("import subprocess, sys, time\n"
                   "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)'])\n"
                   "print('{\"grandchild\": %d}' % p.pid, flush=True)\n"
                   "time.sleep(120)\n", tmp_path, stdin=subprocess.DEVNULL)
    grandchild = child.receive(time.monotonic() + 30)["grandchild"]
    child.close()
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{grandchild}") and "Z" not in open(f"/proc/{grandchild}/stat").read().split()[2]:
        assert time.monotonic() < deadline, "the grandchild outlived the kill"
        time.sleep(0.1)


def test_wait_reads_while_it_waits_and_stops_at_the_deadline_or_the_cap(tmp_path):
    # 1 MiB of output is more than a pipe holds: a child that writes it must not block.
    loud = _child("import sys; sys.stdout.write('x' * (1 << 20) + '\\n{\"done\": true}\\n')", tmp_path,
                  stdin=subprocess.DEVNULL)
    assert loud.wait(time.monotonic() + 60) == "exited"
    assert loud.output().endswith(b'{"done": true}\n') and loud.returncode == 0
    loud.close()
    slow = _child("import time; time.sleep(60)", tmp_path, stdin=subprocess.DEVNULL)
    start = time.monotonic()
    assert slow.wait(time.monotonic() + 0.5) == "timeout" and time.monotonic() - start < 5
    assert slow.wait(time.monotonic() + 30, over_cap=lambda: True) == "over_cap"
    slow.close()
    assert slow.returncode is not None and not slow.alive()
