package dev.compilereceipt.benchmarks;

import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.Traces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The TORCH_TRACE import of a large log once the JIT has compiled it: {@link Traces#read} of
 * {@code log} (built by {@code bench/make-big-log.py}), each read timed once, after two that warm
 * the JVM. Beside the whole-process figures of {@code bench/torch-trace-import.sh} it shows how much
 * of those is the JVM's start and the JIT's warm-up:
 * {@code bench/jmh.sh WarmImport -p log=/tmp/compile-receipt-bench/torch_trace_2.6_1024mb.log}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(1)
public class WarmImportBenchmark {

    @Param("")
    public String log;

    @Setup
    public void check() {
        if (log.isEmpty() || !Files.isRegularFile(Path.of(log))) {
            throw new IllegalStateException("name a log: -p log=PATH (bench/make-big-log.py OUT 1024 LOG... writes one)");
        }
    }

    @Benchmark
    public Trace read() {
        return Traces.read(Path.of(log));
    }
}
