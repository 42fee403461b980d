package dev.compilereceipt.read.compiletrace;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.ReadOutcome;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing of the trace readers with Jazzer. In the ordinary build each method runs
 * in regression mode over its committed inputs in
 * {@code src/test/resources/dev/compilereceipt/TraceReaderFuzzTestInputs/<method>/}: the real
 * fixtures, hand-made edge cases and every input that once found a defect. To fuzz for real
 * (one method per JVM), see {@code docs/hostile-input.md}:
 *
 * <pre>JAZZER_FUZZ=1 mvn -pl extension test -Dtest=TraceReaderFuzzTest#compileTrace -Dsurefire.failIfNoSpecifiedTests=false
 * JAZZER_FUZZ=1 mvn -pl extension test -Dtest=TraceReaderFuzzTest#torchTrace -Dsurefire.failIfNoSpecifiedTests=false</pre>
 *
 * Each input must end in a {@link TraceRefusedException} or a trace whose receipt is sound
 * ({@link ReadOutcome}); anything else is a finding.
 */
class TraceReaderFuzzTest {

    @FuzzTest(maxDuration = "5m")
    void compileTrace(byte[] input) {
        ReadOutcome.compileTrace(input);
    }

    /**
     * The TORCH_TRACE reader itself, not {@link Traces#read}: the content sniffing in front of it
     * would send most mutated inputs to the JSON reader, and the reader must stand on its own (a
     * folder hands it files by their first line only).
     */
    @FuzzTest(maxDuration = "5m")
    void torchTrace(byte[] input) {
        ReadOutcome.torchTrace(input);
    }
}
