package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.testsupport.ReadOutcome;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * Coverage-guided fuzzing of the TORCH_LOGS reader with Jazzer, as {@link dev.compilereceipt.read.compiletrace.TraceReaderFuzzTest} does
 * for the other readers: in the ordinary build over the committed inputs in
 * {@code src/test/resources/dev/compilereceipt/TorchLogsFuzzTestInputs/torchLogs/} (real texts and
 * the odd shapes), and for real with
 *
 * <pre>JAZZER_FUZZ=1 mvn -pl extension test -Dtest=TorchLogsFuzzTest -Dsurefire.failIfNoSpecifiedTests=false</pre>
 *
 * Each input must end in a {@link TraceRefusedException} or a trace whose receipt is sound
 * ({@link ReadOutcome}), read without a rank and with rank 0.
 */
class TorchLogsFuzzTest {

    private static final Path TEXT = Path.of("input.txt");

    @FuzzTest(maxDuration = "5m")
    void torchLogs(byte[] input) {
        ReadOutcome.refusedOrSound(() -> read(input, OptionalInt.empty()));
        ReadOutcome.refusedOrSound(() -> read(input, OptionalInt.of(0)));
    }

    private static Trace read(byte[] input, OptionalInt rank) {
        try {
            return TorchLogsReader.read(TEXT, new ByteArrayInputStream(input), Limits.DEFAULT, rank, TorchLogsReader.MAX_LINE);
        } catch (IOException e) {
            throw new UncheckedIOException("a byte array cannot fail to read", e);
        }
    }
}
