"""Ready signals for the tests that interrupt a child process.

A test that sends SIGINT must send it while the child is searching, not
after a fixed sleep that a loaded machine may not honour: it waits until the
child has spent some CPU time of its own after it said "ready" (read from
Linux's /proc), with a generous deadline.
"""

import os
import time


def cpu_seconds(pid):
    """The CPU time (user + system) process `pid` has used, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        # The command name (field 2) may hold spaces: split after its ')'.
        fields = f.read().rsplit(")", 1)[1].split()
    # utime and stime are fields 14 and 15 of the line, 12 and 13 after ')'.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until_it_has_worked(pid, seconds=0.3, deadline=60.0):
    """Returns once process `pid` has used `seconds` more CPU time than when
    called; fails the test after `deadline` seconds of waiting."""
    start = cpu_seconds(pid)
    give_up = time.monotonic() + deadline
    while cpu_seconds(pid) - start < seconds:
        assert time.monotonic() < give_up, f"process {pid} did no work in {deadline} s"
        time.sleep(0.005)
