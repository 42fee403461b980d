#!/usr/bin/env python3
"""The compile log of a TORCH_TRACE log, as a plain json-lines script computes it.

    bench/compile_log.py LOG            # prints {"<run>": <compile_log>, ...} as JSON

Written from docs/torch-trace-import.md ("What is read", "Compile ids and attempts", "Bad records"),
the way a user would: each envelope read with json.loads, each payload joined and its MD5 checked with
hashlib, JSON payloads (chromium_event, "encoding": "json" artifacts) checked with json.loads, as the
Java reader checks them; the same compile log as `receipt audit --json` writes under
runs.<label>.compile_log (bench/torch-trace-import.sh checks that on the shared logs).
"""
import hashlib
import json
import re
import sys
from decimal import Decimal

PREFIX = re.compile(rb'^(?:\[[^\]]*\]:)?[VIWEFC]\d{4} \d\d:\d\d:\d\d\.\d{1,9} +\d+ .*?:\d+\] ')
RESUME = re.compile(r'torch_dynamo_resume_in_(.+)_at_([0-9]+)$')
SITE = re.compile(r'.+:[0-9]+$')
GB_LINK = re.compile(r'gb/gb([0-9]{4})\.html')
SKIP = 'Skipping the function and falling back to eager'
UNFINISHED = 'the compile did not finish'
LIMIT = 'recompile limit reached: the frame now runs eagerly'


def records(path):
    """(line number, envelope dict, payload bytes) of each good record; bad ones are skipped."""
    env, line_no, payload = None, 0, []
    with open(path, 'rb') as f:
        for n, raw in enumerate(f, 1):
            raw = raw.rstrip(b'\n').rstrip(b'\r')
            if raw.startswith(b'\t'):
                if env is not None:
                    payload.append(raw[1:])
                continue
            if not raw.strip(b' \t'):
                continue
            if env is not None:
                yield from good(line_no, env, payload)
            env, line_no, payload = None, n, []
            m = PREFIX.match(raw)
            if m:
                try:
                    env = json.loads(raw[m.end():])
                except ValueError:
                    env = None
                if not isinstance(env, dict):
                    env = None
    if env is not None:
        yield from good(line_no, env, payload)


def good(line_no, env, lines):
    data = b'\n'.join(lines)
    md5 = env.get('has_payload')
    if isinstance(md5, str) and hashlib.md5(data).hexdigest() != md5.lower():
        return
    kind = next((k for k in env if k not in ('frame_id', 'frame_compile_id', 'attempt', 'has_payload',
                                               'compiled_autograd_id', 'rank', 'compiled_autograd_attempt')), '')
    art = env.get('artifact') if kind == 'artifact' and isinstance(env.get('artifact'), dict) else {}
    if lines and (kind == 'chromium_event' or (art.get('encoding') == 'json' and art.get('name') != 'recompile_reasons')):
        try:
            json.loads(data)
        except ValueError:
            return
    yield line_no, kind, env, art, data


def break_message(text, artifact):
    lines = text.split('\n')
    site = None
    if artifact:
        at = lines[0].rfind(' at ')
        if at >= 0 and SITE.match(lines[0][at + 4:].strip()):
            site = lines[0][at + 4:].strip()
    expl = next((i for i in range(1 if artifact else 0, len(lines)) if lines[i].startswith('  Explanation:')), -1)
    if expl > 0:
        kind = ''
        for i in range(expl - 1, -1, -1):
            kind = lines[i].strip()
            if kind:
                break
        if kind.startswith('Graph Break Reason:'):
            kind = kind[len('Graph Break Reason:'):].strip()
        detail = {}
        link = next((m for m in map(GB_LINK.search, lines) if m), None)
        if link:
            detail['gb_id'] = 'GB' + link.group(1)
        explained = lines[expl][len('  Explanation:'):].strip()
        if explained:
            detail['explanation'] = explained
        hints = []
        for line in lines[expl + 1:]:
            if not line.startswith('  Hint:'):
                break
            hints.append(line[len('  Hint:'):].strip())
        if hints:
            detail['hints'] = hints
        return site, kind, SKIP in text, detail
    if not artifact:
        return None, text, SKIP in text, {}
    reason = lines[0].strip()
    for line in lines[1:]:
        line = line.strip()
        if line.startswith('Reason:') or line.startswith('Graph Break Reason:'):
            reason = line[line.index(':') + 1:].strip()
            break
    return site, reason, SKIP in text, {}


class Run:
    def __init__(self):
        self.compiles, self.recompiles, self.fallbacks = [], [], []
        self.graphs, self.fallback_graphs = {}, {}
        self.sites = {}          # site -> [reason, compiles]
        self.reasons = []
        self.ms, self.untimed = Decimal(0), False
        self.cache = {'fx_graph': [0, 0, 0], 'aotautograd': [0, 0, 0]}

    def add(self, graph, variant, recompile, ms, timed, guards, breaks):
        if variant:
            self.compiles.append(graph)
            self.graphs[graph] = True
            if recompile:
                self.recompiles.append(graph)
        else:
            self.fallbacks.append(graph)
            self.fallback_graphs[graph] = True
        self.reasons += [{'graph': graph, 'guard': g} for g in guards]
        self.ms += ms
        self.untimed |= not timed
        for site, reason, detail in breaks:
            self.sites.setdefault(site, [reason, 0, detail])[1] += 1

    def json(self):
        ms = None if self.untimed else float(round(self.ms, 4))
        return {'artifact_cache': {k: dict(zip(('hit', 'miss', 'bypass'), v)) for k, v in sorted(self.cache.items(), reverse=True)},
                'break_sites': [dict(compiles=c, reason=r, site=s, **d) for s, (r, c, d) in sorted(self.sites.items())],
                'compile_ms': ms, 'compiles': self.compiles, 'fallback_graphs': list(self.fallback_graphs),
                'fallbacks': self.fallbacks, 'graphs': list(self.graphs), 'recompile_reasons': self.reasons,
                'recompiles': self.recompiles}


class Tracker:
    """Open compiles by id; finished ones wait, in order, until their breaks have sites."""

    def __init__(self):
        self.open, self.settling, self.pending, self.last_site, self.run = {}, [], [], {}, None

    def new(self, gid):
        c = {'id': gid, 'started': False, 'attempt': 0, 'guards': [], 'breaks': []}
        self.open[gid] = c
        return c

    def started(self, gid, attempt):
        c = self.open.get(gid)
        if c and c['started'] and attempt <= c['attempt']:
            self.finish(self.open.pop(gid), UNFINISHED)
            c = None
        if c is None:
            for other in [o for o in self.open.values() if not o['started'] and o['guards'] and o['id'] != gid]:
                del self.open[other['id']]
                self.finish(other, LIMIT)
            c = self.new(gid)
        c['started'] = True
        c['attempt'] = max(c['attempt'], attempt)

    def recompile_reasons(self, gid, guards):
        c = self.open.get(gid)
        if c and c['guards']:
            self.finish(self.open.pop(gid), UNFINISHED if c['started'] else LIMIT)
            c = None
        (c or self.new(gid))['guards'] += guards

    def graph_break(self, gid, message):
        (self.open.get(gid) or self.new(gid))['breaks'].append(message)

    def metrics(self, gid, m):
        c = self.open.pop(gid, None) or {'id': gid, 'started': False, 'attempt': 0, 'guards': [], 'breaks': []}
        frame = m.get('co_name') if isinstance(m.get('co_name'), str) else ''
        file = m.get('co_filename') if isinstance(m.get('co_filename'), str) else ''
        self.compiled(frame, file)
        breaks = [[site, reason, frame, file, detail] for site, reason, _, detail in c['breaks']]
        skipped = next((b for b in c['breaks'] if b[2]), None)
        if not c['breaks']:
            for text in m.get('restart_reasons') or []:
                if isinstance(text, str):
                    restart = break_message(text, False)
                    breaks.append([None, restart[1], frame, file, restart[3]])
                    skipped = skipped or (restart if restart[2] else None)
        self.pending += [b for b in breaks if b[0] is None]
        guarded = m.get('has_guarded_code')
        fail_type = m.get('fail_type') if isinstance(m.get('fail_type'), str) else None
        variant = guarded if isinstance(guarded, bool) else fail_type is None
        cache_size = m.get('cache_size') if type(m.get('cache_size')) is int else 0
        recompile = variant and (cache_size > 0 or int(gid.split('/')[1]) > 0)
        ms = m.get('entire_frame_compile_time_s')
        ms = Decimal(str(ms)) * 1000 if isinstance(ms, (int, float)) and not isinstance(ms, bool) else None
        if ms is None:
            us = m.get('dynamo_cumulative_compile_time_us')
            ms = Decimal(str(us)) / 1000 if isinstance(us, (int, float)) and not isinstance(us, bool) else None
        self.enqueue(gid, variant, recompile, ms or Decimal(0), ms is not None, c['guards'], breaks)

    def compiled(self, frame, file):
        m = RESUME.match(frame)
        if not m:
            return
        site = f'{file}:{m.group(2)}'
        for b in self.pending:
            fm = RESUME.match(b[2])
            if b[3] == file and (fm.group(1) if fm else b[2]) == m.group(1):
                b[0] = site
                self.pending.remove(b)
                break
        self.last_site[(file, m.group(1))] = site

    def finish(self, c, reason):
        breaks = [[site, r, '', '', detail] for site, r, _, detail in c['breaks']]
        self.pending += [b for b in breaks if b[0] is None]
        self.enqueue(c['id'], False, False, Decimal(0), True, c['guards'], breaks)

    def enqueue(self, *compile):
        self.settling.append(compile)
        self.drain()

    def drain(self):
        while self.settling and all(b[0] is not None for b in self.settling[0][6]):
            gid, variant, recompile, ms, timed, guards, breaks = self.settling.pop(0)
            self.run.add(gid, variant, recompile, ms, timed, guards, [(b[0], b[1], b[4]) for b in breaks])

    def flush(self):
        for c in list(self.open.values()):
            self.finish(c, UNFINISHED if c['started'] else LIMIT)
        self.open.clear()
        for b in self.pending:
            fm = RESUME.match(b[2])
            b[0] = self.last_site.get((b[3], fm.group(1) if fm else b[2]), b[3] + ':0')
        self.pending.clear()
        self.drain()


def compile_log(path):
    runs, tracker, label = {}, Tracker(), None
    tracker.run = Run()
    for _, kind, env, art, data in records(path):
        fid, vid = env.get('frame_id'), env.get('frame_compile_id')
        if kind == 'compilation_metrics' and not isinstance(fid, int) and isinstance(env[kind], dict):
            cid = env[kind].get('compile_id')
            if isinstance(cid, str) and re.match(r'^\d+/\d+(_\d+)?$', cid):
                fid, vid = (int(x) for x in cid.split('_')[0].split('/'))
        gid = f'{fid}/{vid}' if type(fid) is int and type(vid) is int and fid >= 0 and vid >= 0 else None
        name = art.get('name')
        if name == 'compile_receipt_call':
            run = json.loads(data)['run']
            tracker.flush()
            if label is None:
                label = run
                runs[label] = tracker.run
            elif run != label:
                label = run
                tracker.run = runs[label] = Run()
        elif isinstance(name, str) and (name.startswith('fx_graph_cache_') or name.startswith('aotautograd_cache_')):
            counts = tracker.run.cache['fx_graph' if name.startswith('fx') else 'aotautograd']
            outcome = name[name.rfind('_') + 1:]
            if outcome in ('hit', 'miss', 'bypass'):
                counts[('hit', 'miss', 'bypass').index(outcome)] += 1
        elif name == 'recompile_reasons' and gid:
            text = data.decode('utf-8')
            if text.lstrip().startswith('['):
                guards = [g.strip() for g in json.loads(text) if isinstance(g, str)]
            else:
                guards = [text.strip()] if text.strip() else []
            tracker.recompile_reasons(gid, guards)
        elif name == 'dynamo_graph_break_reason' and gid:
            tracker.graph_break(gid, break_message(data[:64 << 10].decode('utf-8', 'replace'), True))
        elif kind == 'dynamo_start' and gid:
            attempt = env.get('attempt')
            tracker.started(gid, max(0, attempt) if type(attempt) is int else 0)
        elif kind == 'compilation_metrics' and gid and isinstance(env[kind], dict):
            tracker.metrics(gid, env[kind])
    tracker.flush()
    if label is None:
        runs['baseline'] = tracker.run
    return {run: log.json() for run, log in runs.items()}


if __name__ == '__main__':
    json.dump(compile_log(sys.argv[1]), sys.stdout, sort_keys=True)
    print()
