#!/usr/bin/env python3
"""Writes a TORCH_TRACE log of FRAMES compiled functions that each recompile once, in the 2.14 shape.

    bench/make-recompile-log.py OUT FRAMES [CHANGED_FRAME]

Each frame F (file /rt/model_F.py) compiles 0 then, after a guard failure, recompiles: per compile a
dynamo_start and a compilation_metrics record (cache_size 1 on the recompile), and before the
recompile a recompile_reasons artifact whose payload, with its MD5 in has_payload as PyTorch writes
it, is the one guard that failed (2.14 writes a lone reason as bare text). So the log holds FRAMES
recompiles with FRAMES distinct guards, and a receipt of as many guard misses and compile-log rows.
With CHANGED_FRAME, that frame's guard reads `n == 8` instead of `n == 7`: two logs written with and
without it differ by one guard and nothing else, the shape of issue #30's quadratic diff (24,000
recompiles, about 20 MB: `bench/make-recompile-log.py a.log 24000` and `... b.log 24000 12000`).
"""
import hashlib
import json
import sys

PREFIX = 'V1201 06:04:58.{:06d} 25139 {}] '


def record(out, seq, source, envelope, payload=None):
    if payload is not None:
        envelope = dict(envelope, has_payload=hashlib.md5(payload.encode()).hexdigest())
    out.write(PREFIX.format(seq % 1000000, source) + json.dumps(envelope) + '\n')
    if payload is not None:
        for line in payload.split('\n'):
            out.write('\t' + line + '\n')


def ids(frame, variant):
    return {'frame_id': frame, 'frame_compile_id': variant, 'attempt': 0}


def compile_records(out, seq, frame, variant, changed):
    file = f'/rt/model_{frame}.py'
    if variant > 0:
        guard = 8 if changed else 7
        reason = (f'{frame}/0: n == {guard}  # return (x * n).sum(-1)  # model_{frame}.py:12 in forward\n'
                  f'User stack trace:\n  File "{file}", line 12, in forward')
        record(out, seq, 'torch/_dynamo/guards.py:5625',
               dict({'artifact': {'name': 'recompile_reasons', 'encoding': 'json'}}, **ids(frame, variant)), reason)
    record(out, seq, 'torch/_dynamo/convert_frame.py:304',
           dict({'dynamo_start': {'stack': [{'line': 11, 'name': 'forward', 'filename': 1}]}}, **ids(frame, variant)))
    metrics = {
        'compile_id': f'{frame}/{variant}', 'frame_key': str(frame + 1), 'co_name': 'forward',
        'co_filename': file, 'co_firstlineno': 11, 'cache_size': variant, 'accumulated_cache_size': variant,
        'entire_frame_compile_time_s': 0.25 + variant * 0.125, 'restart_reasons': [], 'fail_type': None,
        'fail_reason': None, 'has_guarded_code': True,
    }
    record(out, seq, 'torch/_dynamo/utils.py:2022', dict({'compilation_metrics': metrics}, **ids(frame, variant)))


def main():
    out_path, frames = sys.argv[1], int(sys.argv[2])
    changed = int(sys.argv[3]) if len(sys.argv) > 3 else -1
    with open(out_path, 'w', encoding='utf-8', buffering=1 << 20) as out:
        record(out, 0, 'torch/_logging/_internal.py:1377', {'artifact': {'name': 'torch_version', 'encoding': 'json'}},
               json.dumps({'pytorch_version': '2.14.1+debian', 'commit': 'Unknown', 'oss': True}))
        record(out, 1, 'torch/_logging/structured.py:28', {'str': ['/rt/capture.py', 1]})
        for frame in range(frames):
            for variant in (0, 1):
                compile_records(out, 2 + 2 * frame + variant, frame, variant, frame == changed)
        size = out.tell()
    print(f'generated {out_path}: {size / 1e6:.1f} MB, {frames} frames, {frames} recompiles'
          + (f', frame {changed} guard n == 8' if changed >= 0 else ''))


if __name__ == '__main__':
    main()
