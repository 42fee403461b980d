#!/usr/bin/env python3
"""The messages of a TORCH_LOGS text, as a plain Python script reads them.

    bench/torch_logs.py TEXT        # prints {"break_sites": ..., "recompiles": ..., ...} as JSON

Written the way a user would: every line matched against one regular expression for PyTorch's glog
prefix, a message's lines gathered by their prefix (process, timestamp, source line, compile id,
artifact), each message read when the next one of its process starts. It prints what
bench/torch-logs-text.sh compares with `receipt audit --json` (runs.baseline.compile_log): the
break sites with how many compiles reported each, the recompiles, the number of guard failures and
the fallbacks. Prefixed messages only (TORCH_LOGS_FORMAT="" is not read).
"""
import json
import re
import sys

PREFIX = re.compile(r'^(?:\[rank\d+\]:)?(?P<key>[VIWEFC]\d{4} [\d:.]+ +(?P<pid>\d+) .*?:\d+\]'
                    r'(?: \[(?P<id>[^\]]*)\])?(?: \[__(?P<artifact>\w+)\])?) ?(?P<text>.*)$')
TRACE_ID = re.compile(r'^(?:!\d+/)?(\d+/\d+)(?:_\d+)?$')
FAILED = re.compile(r'^\s*- (?:!\d+/)?\d+/\d+: ')
SITE = re.compile(r' in user code at (\S+:\d+)')
WONT = re.compile(r"WON'T CONVERT (\S+) (.+) line (\d+)\s*$")
SKIPS = 'Skipping the function and falling back to eager'


def kind(text, artifact):
    if artifact == 'graph_breaks' and text.startswith('Graph break') and ' in user code at ' in text:
        return 'break'
    if artifact and artifact.startswith('recompiles') and text.startswith('Recompiling function '):
        return 'recompile'
    if artifact is None and text.startswith('torch._dynamo hit config.'):
        return 'limit'
    if artifact is None and text.startswith("WON'T CONVERT "):
        return 'wont_convert'
    return None


class Reader:
    def __init__(self):
        self.sites = {}
        self.compiles = []      # [id, variant, recompile, guards]
        self.latest = {}
        self.last_of = {}

    def add(self, pid, gid, compile):
        self.compiles.append(compile)
        self.last_of[pid] = (gid, compile)
        if gid is not None:
            self.latest[(pid, gid)] = compile

    def message(self, pid, kind, gid, lines):
        if kind == 'break':
            site = SITE.search(lines[0]).group(1)
            self.sites[site] = self.sites.get(site, 0) + 1
            skips = any(SKIPS in line for line in lines)
            if gid is None:
                return
            compile = self.latest.get((pid, gid))
            if compile is None:
                recompile = not skips and not gid.endswith('/0')
                self.add(pid, gid, [gid, not skips, recompile, 0])
            elif skips:
                compile[1] = compile[2] = False
        elif kind == 'recompile':
            guards = sum(1 for line in lines[1:] if FAILED.match(line))
            self.add(pid, gid, [gid, True, True, guards])
        elif kind == 'limit':
            last = self.last_of.get(pid)
            if last is not None and last[0] == gid and last[1][2]:
                last[1][1] = last[1][2] = False
            else:
                self.add(pid, gid, [gid, False, False, 0])
        elif kind == 'wont_convert':
            m = WONT.match(lines[0])
            if m:
                frame = '%s@%s:%s' % m.groups()
                self.compiles.append([frame, False, False, 0])

    def result(self):
        return {
            'break_sites': self.sites,
            'recompiles': [c[0] for c in self.compiles if c[1] and c[2]],
            'recompile_reasons': sum(c[3] for c in self.compiles),
            'fallbacks': [c[0] for c in self.compiles if not c[1]],
        }


def main():
    reader = Reader()
    open_messages = {}      # pid -> (key, kind, gid, lines)
    with open(sys.argv[1], 'r', encoding='utf-8', errors='replace', newline='\n') as f:
        for line in f:
            m = PREFIX.match(line.rstrip('\r\n'))
            if not m:
                continue
            pid, key, text, artifact = m.group('pid'), m.group('key'), m.group('text'), m.group('artifact')
            if artifact is not None and artifact not in ('graph_breaks', 'recompiles', 'recompiles_verbose'):
                continue
            k = kind(text, artifact)
            current = open_messages.get(pid)
            if k is not None:
                if current is not None:
                    reader.message(pid, current[1], current[2], current[3])
                tid = TRACE_ID.match(m.group('id') or '')
                open_messages[pid] = (key, k, tid.group(1) if tid else None, [text])
            elif current is not None and current[0] == key:
                current[3].append(text)
            elif artifact is not None and current is not None:
                reader.message(pid, current[1], current[2], current[3])
                del open_messages[pid]
    for pid, current in open_messages.items():
        reader.message(pid, current[1], current[2], current[3])
    json.dump(reader.result(), sys.stdout, sort_keys=True)
    print()


if __name__ == '__main__':
    main()
