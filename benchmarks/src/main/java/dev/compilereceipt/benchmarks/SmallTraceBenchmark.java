package dev.compilereceipt.benchmarks;

import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.mutant.MutantVerdict;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The small-trace path, warm: reading a 64-call {@code compile-trace/1} trace (validated in full)
 * and computing its ledger, receipt and receipt hash; and the five mutants with the oracle on it
 * ({@link MutantVerdict#all}, what {@code @MutantTest} and {@code receipt mutants} run).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SmallTraceBenchmark {

    private static final Path NAME = Path.of("sixty-four-calls.json");

    private byte[] bytes;
    private Trace trace;

    @Setup
    public void read() throws IOException {
        bytes = SixtyFourCalls.trace();
        trace = Traces.read(TraceRequest.ofStream(NAME, new ByteArrayInputStream(bytes)));
        if (trace.runs().get(0).calls().size() != SixtyFourCalls.CALLS) {
            throw new IllegalStateException("the trace has " + trace.runs().get(0).calls().size() + " calls");
        }
    }

    @Benchmark
    public String readLedgerReceiptHash() {
        Trace read = Traces.read(TraceRequest.ofStream(NAME, new ByteArrayInputStream(bytes)));
        Ledger ledger = Ledger.of(read);
        return Receipt.of(read).receiptSha256() + ledger.rows().size();
    }

    @Benchmark
    public List<MutantVerdict> fiveMutantsAndTheOracle() {
        return MutantVerdict.all(trace);
    }
}
