"""Recording at scale: rate and peak memory per op while recording the W1 loop.

Each size runs in a fresh interpreter: after importing numtape and a small warm-up recording,
the resident set is the baseline; the peak resident set while recording (ru_maxrss) minus
that baseline, divided by the ops recorded, is the recording's memory per op (the finished
tape and its arenas included, since they are alive at the peak).

    python benchmarks/recording_scale.py            # 1e5, 1e6 and 1e7 ops
    python benchmarks/recording_scale.py 2000000    # one size
"""
import json
import os
import subprocess
import sys

CHILD = r"""
import gc, json, resource, sys, time
import numpy as np
import numtape as nt
sys.path.insert(0, sys.argv[2])
import workloads as wl
nt.MakeTape(wl.w1_loop, np.zeros(1000))
gc.collect()
base = int(open("/proc/self/statm").read().split()[1]) * 4096
n = int(sys.argv[1]) // 6 + 1
t = time.perf_counter()
F = nt.MakeTape(wl.w1_loop, np.zeros(n))
dt = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps(dict(ops=F.n_ops, seconds=dt, peak_bytes=peak - base,
                      tape_bytes=F.nbytes + 16 * F.arena_size)))
"""


def measure(ops):
    here = os.path.dirname(os.path.abspath(__file__))
    out = subprocess.run([sys.executable, "-c", CHILD, str(ops), here], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv):
    sizes = [int(float(a)) for a in argv] or [100_000, 1_000_000, 10_000_000]
    print(f"{'ops':>12} {'ops/s':>12} {'peak B/op':>10} {'tape B/op':>10}")
    for ops in sizes:
        r = measure(ops)
        print(f"{r['ops']:>12,} {r['ops'] / r['seconds']:>12,.0f} "
              f"{r['peak_bytes'] / r['ops']:>10.1f} {r['tape_bytes'] / r['ops']:>10.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
