#!/usr/bin/env python3
"""Writes a TORCH_TRACE log of about SIZE bytes by repeating the records of real logs.

    bench/make-big-log.py OUT SIZE_MB LOG...

Each round writes every record of every LOG in order, compile_receipt_call markers left out (their
call ids would repeat), with frame ids moved by 1000 per round, so that each round's compiles are new
frames and no payload changes (MD5s still match). The result is what one long process with many
compiled functions would log, in the shape of the release that wrote LOG.
"""
import re
import sys

FRAME_ID = re.compile(rb'"frame_id": ([0-9]+)')
FRAMES_PER_ROUND = 1000


def records(path):
    out, current = [], None
    with open(path, 'rb') as f:
        for line in f:
            line = line.rstrip(b'\n').rstrip(b'\r') + b'\n'
            if line.startswith(b'\t') and current is not None:
                current.append(line)
                continue
            current = [line]
            if b'"compile_receipt_call"' not in line:
                out.append(current)
    return out


def main():
    out, size = sys.argv[1], int(sys.argv[2]) << 20
    recs = [r for log in sys.argv[3:] for r in records(log)]
    # Per record: the envelope split around its frame id, and the payload bytes, unchanged.
    parts = []
    for r in recs:
        m = FRAME_ID.search(r[0])
        head = (r[0][:m.start(1)], int(m.group(1)), r[0][m.end(1):]) if m else (r[0], None, b'')
        parts.append((head, b''.join(r[1:])))
    written, rnd = 0, 0
    with open(out, 'wb', buffering=1 << 20) as f:
        while written < size:
            offset = rnd * FRAMES_PER_ROUND
            chunk = []
            for (before, frame, after), payload in parts:
                chunk.append(before if frame is None else before + str(frame + offset).encode() + after)
                chunk.append(payload)
            data = b''.join(chunk)
            f.write(data)
            written += len(data)
            rnd += 1
    print(f'generated {out}: {written / 1e6:.1f} MB, {rnd} rounds of {len(recs)} records')


if __name__ == '__main__':
    main()
