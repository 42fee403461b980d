#!/usr/bin/env python3
"""A large TORCH_LOGS text from real captures, for bench/torch-logs-text.sh.

    bench/make-big-text.py OUT SIZE_MB CAPTURE...

Writes every CAPTURE (a torch_logs.txt of fixtures/torch-logs/) once, then the first one again and again
until OUT holds SIZE_MB megabytes (10^6 bytes): a CI log of a long job, whose graph breaks are logged
again at every compile of the frames that break, among the profiler's USDT lines and the program's
output. The repeats leave out the first capture's recompile messages (its [__recompiles...] lines):
a text of a million recompiles would be a receipt of a million compiles, past the default limits and
not what a heap of 64 MiB holds; every kind of message is still in the text, from the captures written
whole at its start.
"""
import sys


def main():
    out, size_mb, captures = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    whole = [open(c, 'rb').read() for c in captures]
    repeat = b''.join(line for line in whole[0].splitlines(keepends=True) if b'[__recompiles' not in line)
    target = int(size_mb * 1_000_000)
    with open(out, 'wb') as f:
        written = 0
        for text in whole:
            f.write(text)
            written += len(text)
        block = repeat * max(1, (1 << 20) // len(repeat))
        while written + len(block) <= target:
            f.write(block)
            written += len(block)
        while written < target:
            f.write(repeat)
            written += len(repeat)
    print(out, written)


if __name__ == '__main__':
    main()
