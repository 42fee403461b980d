#!/usr/bin/env python3
"""Writes the TORCH_TRACE logs of an N-rank job, about SIZE_MB each, built from real logs, a few ranks diverging.

    bench/make-ranks.py [--diverge KINDS] OUT_DIR [N [SIZE_MB [LOG...]]]
                        # default: 1000 ranks, 10 MB, the 2.6 print-bridge and int-spec logs of ../shared/real-traces;
                        # KINDS: which ranks diverge, recompile,break,cache (the default) or none

Each rank is named as PyTorch names it (dedicated_log_torch_trace_rank_<N>_<suffix>.log, the suffix holding a `_`)
and written as bench/make-big-log.py writes one big log: rounds of every record of every LOG in order, the
compile_receipt_call markers left out, frame ids moved by 1000 per round, no payload changed (every MD5 still
matches). Every record header but the interned strings' gets the `"rank": N` that PyTorch writes once the process group is
up, right after the record's kind as torch._logging.trace_structured puts it. All ranks are the same job up to the last round,
where three ranks diverge the way distributed jobs do:

- an extra recompile: every other rank's last round stops the first LOG's first run before its last compile
  (a process that ended one compile earlier), this rank keeps it;
- a break: this rank runs the first LOG's first run (with its break) where the others run its second run (the
  first LOG needs two runs, as the captures' baseline and candidate);
- a cache outcome: this rank's last round reads its first FX graph cache outcome the other way, a hit where the
  others miss (or a miss where they hit: a log taken with a warm cache); the envelope's artifact name only, the
  payload and its MD5 stay those of the real record.

With N ranks they are ranks 1 (recompile), N//2 (break) and N-1 (cache); with N < 4 only as many as fit; with
--diverge only the kinds named. The
expected groups go to OUT_DIR.expect.json ({"ranks", "groups", "divergent": {rank: what}}), beside the folder
so that a reader of the folder sees rank logs only.
"""
import hashlib
import json
import os
import re
import sys

PREFIX = re.compile(rb'^(?:\[[^\]]*\]:)?[VIWEFC]\d{4} \d\d:\d\d:\d\d\.\d{1,9} +\d+ .*?:\d+\] ')
FRAMES_PER_ROUND = 1000
RANK = b'\x00RANK\x00'   # where each rank's number goes; never in a real log
HERE = os.path.dirname(os.path.abspath(__file__))
REAL = os.environ.get('REAL_TRACES', os.path.join(HERE, '..', '..', 'shared', 'real-traces'))


class Record:
    """One record: its prefix, its envelope (a dict, order kept) and its payload lines, unchanged."""

    def __init__(self, prefix, envelope, payload):
        self.prefix, self.envelope, self.payload = prefix, envelope, payload

    def compile_id(self):
        e = self.envelope
        return (e['frame_id'], e['frame_compile_id']) if 'frame_compile_id' in e else None

    def bytes(self, frame_offset, flip_cache=False):
        """The record with the rank placeholder after its kind and its frame id moved; a cache hit read as a miss, or back."""
        items = list(self.envelope.items())
        kind, value = items[0]
        if flip_cache:
            name = value['name']
            value = dict(value, name=name[:-4] + 'miss' if name.endswith('_hit') else name[:-4] + 'hit')
        if kind == 'str':   # the interned strings: logged without the trace context, so without a rank
            return self.prefix + json.dumps(self.envelope).encode() + b'\n' + b''.join(self.payload)
        head = json.dumps({kind: value})[:-1].encode() + b', "rank": ' + RANK
        rest = {k: (v + frame_offset if k == 'frame_id' else v) for k, v in items[1:]}
        tail = (b', ' + json.dumps(rest)[1:].encode()) if rest else b'}'
        return self.prefix + head + tail + b'\n' + b''.join(self.payload)


def records(path):
    out, current = [], None
    with open(path, 'rb') as f:
        for line in f:
            line = line.rstrip(b'\n').rstrip(b'\r') + b'\n'
            if line.startswith(b'\t') and current is not None:
                current.payload.append(line)
                continue
            m = PREFIX.match(line)
            current = Record(line[:m.end()], json.loads(line[m.end():]), [])
            if not (current.envelope.get('artifact') or {}).get('name') == 'compile_receipt_call':
                out.append(current)
    return out


def runs(recs):
    """The runs of one log: a run ends where compile id 0/0 starts again (torch._dynamo.reset())."""
    out, seen = [[]], False
    for r in recs:
        if 'dynamo_start' in r.envelope and r.compile_id() == (0, 0):
            if seen:
                out.append([])
            seen = True
        out[-1].append(r)
    return out


def before_last_compile(run):
    """The run stopped before its last compile: the records up to that compile's first one."""
    starts = [i for i, r in enumerate(run) if 'dynamo_start' in r.envelope]
    return run[:starts[-1]] if len(starts) > 1 else run


def main():
    args = sys.argv[1:]
    kinds = ['recompile', 'break', 'cache']
    if args[:1] == ['--diverge']:
        kinds = [] if args[1] == 'none' else args[1].split(',')
        args = args[2:]
    out_dir = args[0]
    n = int(args[1]) if len(args) > 1 else 1000
    size = (int(args[2]) if len(args) > 2 else 10) << 20
    logs = args[3:] or [os.path.join(REAL, 'print-bridge', 'torch_trace.log'),
                            os.path.join(REAL, 'int-spec', 'torch_trace.log')]
    per_log = [runs(records(log)) for log in logs]
    first = per_log[0]
    plain = [r for log in per_log for run in log for r in run]
    one_round = sum(len(r.bytes(0)) for r in plain)
    rounds = max(1, -(-size // one_round))

    def round_bytes(recs, rnd, flip_first_cache=False):
        chunk, flip = [], flip_first_cache
        for r in recs:
            name = (r.envelope.get('artifact') or {}).get('name', '')
            outcome = name.startswith('fx_graph_cache_') and name.endswith(('_hit', '_miss'))
            chunk.append(r.bytes(rnd * FRAMES_PER_ROUND, flip_cache=flip and outcome))
            flip = flip and not outcome
        return b''.join(chunk)

    # The last round of each kind of rank: the others stop the first run one compile early.
    cut_first = [before_last_compile(first[0])] + first[1:]
    others_last = cut_first + [run for log in per_log[1:] for run in log]
    recompile_last = [run for log in per_log for run in log]
    if 'break' in kinds and len(first) < 2:
        sys.exit(f'{logs[0]} has one run: a break on one rank needs two (--diverge without break)')
    break_last = ([cut_first[0], cut_first[0]] + first[2:] if len(first) > 1 else cut_first) \
        + [run for log in per_log[1:] for run in log]
    flat = lambda rs: [r for run in rs for r in run]
    common = b''.join(round_bytes(plain, i) for i in range(rounds - 1))
    last = {
        'alike': round_bytes(flat(others_last), rounds - 1),
        'recompile': round_bytes(flat(recompile_last), rounds - 1),
        'break': round_bytes(flat(break_last), rounds - 1),
        'cache': round_bytes(flat(others_last), rounds - 1, flip_first_cache=True),
    }
    divergent = {}
    for rank, what in ((1, 'recompile'), (n // 2, 'break'), (n - 1, 'cache')):
        if 0 < rank < n and rank not in divergent and what in kinds:
            divergent[rank] = what
    parts = {what: (common + data).split(RANK) for what, data in last.items()}
    os.makedirs(out_dir, exist_ok=True)
    total = 0
    for rank in range(n):
        what = divergent.get(rank, 'alike')
        suffix = hashlib.md5(str(rank).encode()).hexdigest()[:6] + '_' + hashlib.md5(str(-rank).encode()).hexdigest()[:2]
        path = os.path.join(out_dir, f'dedicated_log_torch_trace_rank_{rank}_{suffix}.log')
        data = str(rank).encode().join(parts[what])
        with open(path, 'wb') as f:
            f.write(data)
        total += len(data)
    groups = [[r for r in range(n) if r not in divergent]] + [[r] for r in sorted(divergent)]
    with open(out_dir.rstrip('/') + '.expect.json', 'w') as f:
        json.dump({'ranks': n, 'groups': groups, 'divergent': {str(r): w for r, w in sorted(divergent.items())}}, f)
        f.write('\n')
    print(f'generated {out_dir}: {n} ranks, {total / 1e6:.1f} MB, {rounds} rounds of {len(plain)} records each; '
          f'divergent: {json.dumps(divergent)}')


if __name__ == '__main__':
    main()
