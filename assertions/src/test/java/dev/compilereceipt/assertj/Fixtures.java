package dev.compilereceipt.assertj;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.Traces;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The two real captures of the repository's {@code fixtures/}, and receipts derived from them by
 * hand: a run with a call left out, and traces whose source did not measure some figures (the
 * TORCH_TRACE reader is not used here: its traces are built directly as the contract describes).
 */
final class Fixtures {

    private Fixtures() {
    }

    static Path dir() {
        String configured = System.getProperty("compilereceipt.fixtures.dir");
        Path dir = configured != null ? Path.of(configured) : Path.of("..", "fixtures");
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("fixtures not found at " + dir.toAbsolutePath()
                    + "; set -Dcompilereceipt.fixtures.dir");
        }
        return dir;
    }

    static Trace printBridgeTrace() {
        return Traces.read(dir().resolve("print-bridge/trace.json"));
    }

    static Receipt printBridge() {
        return Receipt.of(printBridgeTrace());
    }

    static Receipt intSpec() {
        return Receipt.of(Traces.read(dir().resolve("int-spec/trace.json")));
    }

    /** print-bridge with candidate call {@code c11} (steady) left out: 8 baseline steady calls, 7 candidate. */
    static Receipt printBridgeWithoutC11() {
        Trace trace = printBridgeTrace();
        Run candidate = trace.run(Run.CANDIDATE).orElseThrow();
        List<Call> calls = candidate.calls().stream().filter(call -> !call.id().equals("c11")).toList();
        return Receipt.of(trace.withRuns(List.of(trace.run(Run.BASELINE).orElseThrow(), new Run(Run.CANDIDATE, calls))));
    }

    /** print-bridge as a source that did not measure {@code measures} would give it. */
    static Receipt printBridgeNotMeasuring(Measure... measures) {
        Trace trace = printBridgeTrace();
        return Receipt.of(new Trace(trace.source(), trace.fixture(), trace.runs(), trace.sha256(), trace.limits(),
                Set.of(measures), Optional.empty()));
    }

    /** A TORCH_TRACE log without per-call markers: compiles are known, calls and every runtime figure are not. */
    static Receipt printBridgeWithoutCalls() {
        return printBridgeNotMeasuring(Measure.CALLS, Measure.WALL_MS, Measure.REGION_MS, Measure.EAGER_ISLAND_MS,
                Measure.CACHE_HITS, Measure.BREAKS);
    }

    /** A marked TORCH_TRACE log: calls are known, runtime figures, hits and per-call breaks are not. */
    static Receipt printBridgeMarkedLog() {
        return printBridgeNotMeasuring(Measure.WALL_MS, Measure.REGION_MS, Measure.EAGER_ISLAND_MS,
                Measure.CACHE_HITS, Measure.BREAKS);
    }
}
