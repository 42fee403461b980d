package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Variants and FX graphs kept apart, and the release named, on real logs: the 2.14 logging-call
 * capture (fixtures/break-kinds/2.14-logging-call) compiles logged_scale (0/0), _log_shape (1/0),
 * _log_shape's resume after the logger.info break (2/0) and logged_scale's resume (3/0); only 0/0
 * and 3/0 produce a graph (three dynamo_output_graph records: 0/0 attempt 1, 3/0, and the
 * candidate's 0/0), and PyTorch's counters say unique_graphs 2 for the baseline, 1 for the candidate.
 */
class GraphsAndReleaseTest {

    @Test
    void aVariantWithoutAGraphIsCountedAsACompileAndNotAsAGraph() {
        Trace trace = Fixtures.trace("break-kinds/2.14-logging-call/torch_trace.log");
        CompileLog baseline = trace.runs().get(0).compileLog().orElseThrow();
        assertThat(baseline.compiles()).containsExactly("0/0", "1/0", "2/0", "3/0");
        assertThat(baseline.graphless()).containsExactly("1/0", "2/0");
        assertThat(baseline.graphsCompiled()).isEqualTo(2);
        assertThat(trace.runs().get(1).compileLog().orElseThrow().graphsCompiled()).isEqualTo(1);
        PhaseFigures warmup = Receipt.of(trace).run("baseline").phases().get(Phase.WARMUP);
        assertThat(warmup.compiles()).isEqualTo(4);
        assertThat(warmup.graphsCompiled()).isEqualTo(OptionalInt.of(2));
    }

    @Test
    void theReleaseIsTheTorchVersionArtifactsOn214AndAbsentOn26() {
        assertThat(Fixtures.trace("break-kinds/2.14-logging-call/torch_trace.log").fixture().torch()).contains("2.14.1+debian");
        // 2.6 writes no torch_version artifact and no pytorch_version metric
        assertThat(Fixtures.trace("break-kinds/2.6-logging-call/torch_trace.log").fixture().torch()).isEmpty();
        assertThat(Fixtures.trace("print-bridge/trace.json").fixture().torch()).contains("2.6.0+debian");
    }

    @Test
    void aLogCutByAnOlderFreezeDoesNotMeasureGraphs() {
        // frozen before freeze kept dynamo_output_graph: variants, and no record of which made a graph
        Trace trace = Fixtures.trace("break-kinds/2.6-time-builtin/torch_trace.log");
        assertThat(trace.measured(Measure.GRAPHS_COMPILED)).isFalse();
        assertThat(Receipt.of(trace).run("baseline").phases().get(Phase.WARMUP).graphsCompiled()).isEmpty();
        assertThat(Fixtures.trace("break-kinds/2.14-logging-call/torch_logs.txt").measured(Measure.GRAPHS_COMPILED)).isFalse();
        assertThat(Fixtures.trace("print-bridge/trace.json").measured(Measure.GRAPHS_COMPILED)).isFalse();
    }

    @Test
    void aVersionThatIsNotWrittenAsAReleaseNamesNone() {
        assertThat(TorchVersion.of("{\"pytorch_version\": \"2.14.1+debian\", \"oss\": true}".getBytes(StandardCharsets.UTF_8)))
                .contains("2.14.1+debian");
        assertThat(TorchVersion.of("{\"pytorch_version\": \"\\u001b]0;owned\\u0007\"}".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(TorchVersion.of("{\"commit\": \"abc\"}".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(TorchVersion.of("[\"2.14.1\"]".getBytes(StandardCharsets.UTF_8))).isEmpty();
    }
}
