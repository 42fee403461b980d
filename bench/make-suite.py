#!/usr/bin/env python3
"""A user's Maven project of 50 test classes x 4 tests over 20 fixtures, for bench/suite-cost.sh.

    bench/make-suite.py OUT_DIR VARIANT       # VARIANT: extension | by-hand

Copies 20 fixtures of fixtures/ (7 compile-trace/1 traces, 7 TORCH_TRACE logs, 6 TORCH_LOGS texts) to
src/test/resources/fixtures/ and writes 50 classes, class N on fixture N mod 20, each of 4 tests checking
a figure of the receipt against the value `receipt audit --json` gives (runs, the first run's graphs, its
break sites, the bad lines). VARIANT extension: each test takes the receipt from @TraceFixture (the
extension reads each fixture once per test JVM); by-hand: the same checks on a receipt read in code in
each class's @BeforeAll (Traces.read of the resource, Receipt.of), without the extension. Also writes
FirstReadProbe (not a *Test, so only -Dtest= runs it), which times the first read of its JVM and a second one (run alone with -Dtest=).
"""
import json
import os
import shutil
import subprocess
import sys

FIXTURES = [
    'print-bridge/trace.json', 'int-spec/trace.json', 'torch-2.14/print-bridge/trace.json', 'torch-2.14/int-spec/trace.json',
    'decision/trace.json', 'break-kinds/2.6-break-kinds/trace.json', 'break-kinds/2.14-break-kinds/trace.json',
    'print-bridge/torch_trace.log', 'torch-2.14/print-bridge/torch_trace.log', 'torch-2.14/int-spec/torch_trace.log',
    'break-kinds/2.6-tolist/torch_trace.log', 'break-kinds/2.14-tolist/torch_trace.log', 'tlparse/comp_metrics.log',
    'tlparse/cache_hit_miss.log',
    'torch-logs/2.6-print-bridge/torch_logs.txt', 'torch-logs/2.6-int-spec/torch_logs.txt', 'torch-logs/2.6-fallback/torch_logs.txt',
    'torch-logs/2.14-print-bridge/torch_logs.txt', 'torch-logs/2.14-int-spec/torch_logs.txt', 'torch-logs/2.14-fallback/torch_logs.txt',
]
CLASSES, TESTS = 50, 4

POM = '''<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>suite-cost-{variant}</artifactId>
  <version>1.0.0-SNAPSHOT</version>
  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>17</maven.compiler.release>
  </properties>
  <dependencyManagement>
    <dependencies>
      <dependency><groupId>org.junit</groupId><artifactId>junit-bom</artifactId><version>5.14.4</version><type>pom</type><scope>import</scope></dependency>
      <dependency><groupId>dev.compilereceipt</groupId><artifactId>compile-receipt-bom</artifactId><version>0.1.0-SNAPSHOT</version><type>pom</type><scope>import</scope></dependency>
    </dependencies>
  </dependencyManagement>
  <dependencies>
    <dependency><groupId>dev.compilereceipt</groupId><artifactId>compile-receipt-extension</artifactId><scope>test</scope></dependency>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><scope>test</scope></dependency>
  </dependencies>
  <build>
    <pluginManagement>
      <plugins>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.14.0</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.5.3</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
      </plugins>
    </pluginManagement>
  </build>
</project>
'''

HEAD = '''package com.example.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.compilereceipt.Traces;
import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
'''


def expected(receipt_cmd, path):
    out = subprocess.run(receipt_cmd + ['audit', path, '--json'], capture_output=True, text=True, check=True).stdout
    r = json.loads(out)
    first = sorted(r['runs'])[0]
    run = r['runs'][first]
    return {'runs': len(r['runs']), 'first': first, 'graphs': len(run.get('graphs') or []),
            'breaks': len(run.get('break_sites') or []), 'bad': len(r['bad_lines']) if r.get('bad_lines') is not None else -1}


def checks(receipt, e):
    first = 'receipt.runs().stream().filter(r -> r.label().equals("%s")).findFirst().orElseThrow()' % e['first']
    return [
        'assertEquals(%d, %s.runs().size());' % (e['runs'], receipt),
        'assertEquals(%d, %s.graphs().size());' % (e['graphs'], first.replace('receipt', receipt, 1)),
        'assertEquals(%d, %s.breakSites().size());' % (e['breaks'], first.replace('receipt', receipt, 1)),
        'assertEquals(%d, %s.badLines().map(List::size).orElse(-1));' % (e['bad'], receipt),
    ]


def main():
    out, variant = sys.argv[1], sys.argv[2]
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    receipt_cmd = [os.path.join(here, 'receipt')]
    shutil.rmtree(out, ignore_errors=True)
    resources = os.path.join(out, 'src/test/resources/fixtures')
    java = os.path.join(out, 'src/test/java/com/example/suite')
    os.makedirs(resources)
    os.makedirs(java)
    with open(os.path.join(out, 'pom.xml'), 'w') as f:
        f.write(POM.replace('{variant}', variant))
    names, values = [], []
    for i, fixture in enumerate(FIXTURES):
        src = os.path.join(here, 'fixtures', fixture)
        name = 'f%02d-%s' % (i, fixture.replace('/', '-'))
        shutil.copy(src, os.path.join(resources, name))
        names.append('fixtures/' + name)
        values.append(expected(receipt_cmd, src))
    for c in range(CLASSES):
        n = c % len(FIXTURES)
        e = values[n]
        lines = [HEAD, 'class Suite%02dTest {' % c, '']
        if variant == 'by-hand':
            lines += ['    static Receipt receipt;', '',
                      '    @BeforeAll', '    static void read() throws Exception {',
                      '        try (var in = Suite%02dTest.class.getClassLoader().getResourceAsStream("%s")) {' % (c, names[n]),
                      '            receipt = Receipt.of(Traces.read(Path.of("%s"), in, Limits.DEFAULT));' % names[n],
                      '        }', '    }', '']
        for t, check in enumerate(checks('receipt', e)):
            if variant == 'by-hand':
                lines += ['    @Test', '    void check%d() {' % t, '        ' + check, '    }', '']
            else:
                lines += ['    @Test', '    void check%d(@TraceFixture("%s") Receipt receipt) {' % (t, names[n]), '        ' + check, '    }', '']
        lines += ['}', '']
        with open(os.path.join(java, 'Suite%02dTest.java' % c), 'w') as f:
            f.write('\n'.join(lines))
    with open(os.path.join(java, 'FirstReadProbe.java'), 'w') as f:
        f.write(HEAD + '''
class FirstReadProbe {

    @Test
    void firstAndSecondRead() throws Exception {
        long start = System.nanoTime();
        read("%s");
        long first = System.nanoTime();
        read("%s");
        long second = System.nanoTime();
        java.nio.file.Files.writeString(Path.of("target/first-read.txt"), (first - start) / 1000 + " " + (second - first) / 1000 + "\\n");
    }

    private static Receipt read(String name) throws Exception {
        try (var in = FirstReadProbe.class.getClassLoader().getResourceAsStream(name)) {
            return Receipt.of(Traces.read(Path.of(name), in, Limits.DEFAULT));
        }
    }
}
''' % (names[7], names[0]))
    print(out, variant, len(FIXTURES), 'fixtures', CLASSES * TESTS, 'tests')


if __name__ == '__main__':
    main()
