#!/usr/bin/env python3
"""Side by side with Knuth's SSXCC (and optionally DLX2): `dlx count -j 1`
against the peer on the same input file, whole processes, one thread, user CPU
time, median of RUNS interleaved runs. Checks first that both report the same
number of solutions, and prints both node counts.

    scripts/compare-knuth.py [FAMILY...]

Build both first:
    cargo build --release -p cli
    bash ../shared/peers/knuth/build.sh /tmp/peers     # needs ctangle and gcc

Environment: RUNS (default 5), OURS (default target/release/dlx), PEER
(default /tmp/peers/ssxcc), WORK (scratch directory for the inputs, default
/tmp/compare-knuth). The inputs are written by scripts/gen-exact-cover.py.
The ratio is ours / peer in throughput (peer's time / our time; above 1: we
are faster). User time comes from wait4's rusage (microseconds). Our node
count is below the peer's where the memo of subproblem counts hits (a node
met before counts once, its subtree not at all); it is the peer's otherwise.
If a program or a build tool is missing, the script says which and how to get
it.
"""
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RUNS = int(os.environ.get("RUNS", "5"))
OURS = os.environ.get("OURS", os.path.join(ROOT, "target/release/dlx"))
PEER = os.environ.get("PEER", "/tmp/peers/ssxcc")
WORK = os.environ.get("WORK", "/tmp/compare-knuth")
# The peers' build script, beside the checkout (../shared/peers) or beside
# the directory of worktrees.
PEER_BUILD = next((p for p in (os.path.join(up, "shared", "peers", "knuth", "build.sh")
                               for up in (os.path.dirname(ROOT),
                                          os.path.dirname(os.path.dirname(ROOT))))
                   if os.path.exists(p)), "../shared/peers/knuth/build.sh")

# name: (generator arguments, known count)
FAMILIES = {
    "pentominoes-6x10": (["pentominoes", "6", "10"], 9356),
    "langford-12": (["langford", "12"], 216288),
    "latin-5-colours": (["latin-colour", "5"], 161280),
    "latin-5": (["latin", "5"], 161280),
    "queens-12": (["queens", "12"], 14200),
    "scott-8x8": (["scott"], 520),
    "queens-14": (["queens", "14"], 365596),
    "pentominoes-5x12": (["pentominoes", "5", "12"], 4040),
}


def outputs(cmd, stdin_path):
    """Runs cmd once with stdin from stdin_path; returns (stdout, stderr)."""
    with open(stdin_path, "rb") as f:
        proc = subprocess.run(cmd, stdin=f, capture_output=True, check=True)
    return proc.stdout.decode(), proc.stderr.decode()


def timed(cmd, stdin_path):
    """User CPU seconds of one whole run, from wait4."""
    with open(stdin_path, "rb") as f:
        pid = os.fork()
        if pid == 0:
            os.dup2(f.fileno(), 0)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os.execv(cmd[0], cmd)
        _, status, usage = os.wait4(pid, 0)
    if status != 0:
        sys.exit(f"{cmd} failed with status {status}")
    return usage.ru_utime


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def main():
    names = sys.argv[1:] or list(FAMILIES)
    missing = []
    if not os.access(OURS, os.X_OK):
        missing.append(f"our dlx ({OURS}): cargo build --release -p cli")
    if not os.access(PEER, os.X_OK):
        how = f"bash {PEER_BUILD} {os.path.dirname(PEER) or '.'}"
        if shutil.which("ctangle") is None:
            how = ("apt-get install texlive-binaries (for ctangle, which the build needs), then "
                   + how)
        if shutil.which("gcc") is None:
            how = "install gcc (the build uses gcc -O3), " + how
        missing.append(f"the peer ({PEER}): {how}")
    if missing:
        sys.exit("missing:\n  " + "\n  ".join(missing))
    os.makedirs(WORK, exist_ok=True)
    load = open("/proc/loadavg").read().split()[:3]
    print(f"# {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} {platform.machine()}, "
          f"{os.cpu_count()} cores, load {' '.join(load)}, RUNS={RUNS}, peer {os.path.basename(PEER)}")
    print(f"{'problem':<18} {'solutions':>9} {'ours nodes':>11} {'peer nodes':>11} "
          f"{'ours s':>8} {'peer s':>8} {'ratio':>6}")
    for name in names:
        args, known = FAMILIES[name]
        path = os.path.join(WORK, name + ".dlx")
        with open(path, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "gen-exact-cover.py"), *args],
                           stdout=f, check=True)
        ours_cmd = [OURS, "count", "-j", "1", "--format", "json", "-"]
        out, _ = outputs(ours_cmd, path)
        ours = json.loads(out)
        _, err = outputs([PEER], path)
        m = re.search(r"Altogether (\d+) solutions?,.* (\d+) nodes", err)
        if not m:
            sys.exit(f"{name}: cannot read the peer's summary: {err!r}")
        peer_count, peer_nodes = int(m.group(1)), int(m.group(2))
        if not (int(ours["solutions"]) == peer_count == known):
            sys.exit(f"{name}: counts differ: ours {ours['solutions']}, peer {peer_count}, known {known}")
        t_ours, t_peer = [], []
        for _ in range(RUNS):
            t_ours.append(timed(ours_cmd, path))
            t_peer.append(timed([PEER], path))
        o, p = median(t_ours), median(t_peer)
        print(f"{name:<18} {known:>9} {ours['nodes']:>11} {peer_nodes:>11} "
              f"{o:>8.3f} {p:>8.3f} {p / o:>6.2f}")


if __name__ == "__main__":
    main()
