#!/usr/bin/env python3
"""All ranks of a job read the plain Python way: every rank's compile log, ranks grouped by equal summaries.

    bench/ranks_python.py DIR [-j JOBS]     # prints {"ranks": N, "groups": [[rank...]...], "first_divergence": ...}

The alternative a user has without this project (tlparse's --all-ranks-html needs cargo, which this machine
cannot reach): for each rank log in DIR (dedicated_log_torch_trace_rank_<N>_<suffix>.log, the rank from the name),
bench/compile_log.py's reading of every record line and payload (json.loads of each envelope, the MD5 of each
payload, the compile log built from them), then a per-rank summary (the compile log without its times, which
differ between ranks of any real job) and ranks grouped by equal summaries, largest group first. The first
divergence is the first summary key, per run, where a smaller group differs from the largest one. One rank after
another, in one process, as tlparse reads them; -j JOBS reads JOBS ranks at once (multiprocessing).
"""
import json
import os
import re
import sys
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_log import compile_log  # noqa: E402

NAME = re.compile(r'^dedicated_log_torch_trace_rank_([0-9]+)_.+\.log$')


def summary(path):
    runs = compile_log(path)
    for log in runs.values():
        log.pop('compile_ms', None)
    return runs


def read(item):
    rank, path = item
    return rank, json.dumps(summary(path), sort_keys=True)


def first_divergence(ref, other):
    a, b = json.loads(ref), json.loads(other)
    for run in sorted(set(a) | set(b)):
        if run not in a or run not in b:
            return f'run {run}: only on some ranks'
        for key in sorted(set(a[run]) | set(b[run])):
            if a[run].get(key) != b[run].get(key):
                return f'run {run}: {key}: {json.dumps(a[run].get(key))[:120]} vs {json.dumps(b[run].get(key))[:120]}'
    return ''


def main():
    args = sys.argv[1:]
    jobs = 1
    if '-j' in args:
        i = args.index('-j')
        jobs = int(args[i + 1])
        del args[i:i + 2]
    folder = args[0]
    ranks = sorted((int(m.group(1)), os.path.join(folder, name))
                   for name in os.listdir(folder) for m in [NAME.match(name)] if m)
    if jobs > 1:
        with Pool(jobs) as pool:
            summaries = pool.map(read, ranks, chunksize=4)
    else:
        summaries = [read(r) for r in ranks]
    groups = {}
    for rank, s in summaries:
        groups.setdefault(s, []).append(rank)
    ordered = sorted(groups.items(), key=lambda g: (-len(g[1]), g[1][0]))
    divergence = [f'ranks {g[0] if len(g) == 1 else g}: {first_divergence(ordered[0][0], s)}' for s, g in ordered[1:]]
    json.dump({'ranks': len(ranks), 'groups': [g for _, g in ordered], 'first_divergence': divergence}, sys.stdout)
    print()


if __name__ == '__main__':
    main()
