package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.GuardMiss;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The two PyTorch 2.14.1 logs of {@code fixtures/torch-2.14/}, every compile-log figure worked out
 * by hand from the file (line numbers are the file's). What 2.14 writes differently from 2.6: a lone
 * recompile reason as bare text under {@code "encoding": "json"}, structured graph-break messages,
 * 39 KB {@code compilation_metrics} lines, and a recompile limit logged with metrics.
 */
class TorchTrace214Test {

    private static final String SIZE_X = "0/0: tensor 'x' size mismatch at index 0. expected 8, actual 16";
    private static final String SIZE_Y = "1/0: tensor 'y' size mismatch at index 0. expected 8, actual 16";
    private static final BreakDetail PRINT = new BreakDetail(Optional.of("GB0059"),
            Optional.of("Dynamo does not know how to trace builtin operator `print` with argument types ['str'] (has_kwargs True)"),
            List.of("Avoid calling builtin `print` with argument types ['str']. Consider using an equivalent alternative function/method to `print`.",
                    "If you are attempting to call a logging function (e.g. `print`), you can try adding it to `torch._dynamo.config.reorderable_logging_functions`.",
                    "Please report an issue to PyTorch."),
            // "User code traceback:" ends in File "/rt/scenarios.py", line 31, in f (frames above it: capture.py, scenarios.py:190)
            Optional.of("/rt/scenarios.py:31"), false);

    @Test
    void printBridgeBaselineReadsTheBareTextReasonsAndTheStructuredBreak() {
        Trace trace = Fixtures.trace("torch-2.14/print-bridge/torch_trace.log");
        assertThat(trace.badLines()).contains(List.of());
        CompileLog log = trace.run("baseline").orElseThrow().compileLog().orElseThrow();
        // compilation_metrics at L3398 (0/0), L6617 (1/0), L9983 (0/1, cache_size 1), L13258 (1/1, cache_size 1).
        assertThat(log.compiles()).containsExactly("0/0", "1/0", "0/1", "1/1");
        assertThat(log.recompiles()).containsExactly("0/1", "1/1");
        assertThat(log.fallbacks()).isEmpty();
        // dynamo_graph_break_reason at L77 (0/0) and L6777 (0/1), the same payload: type on L81, link gb0059 on L89,
        // hints L83-L85 (the copies at L138-L141 after PyTorch's own traceback are not counted again).
        assertThat(log.breakSites()).containsExactly(
                new CompileLog.Site("/rt/scenarios.py:31", "Failed to trace builtin operator", 2, PRINT));
        // recompile_reasons at L6716 and L10048, each one line of bare text.
        assertThat(log.recompileReasons()).containsExactly(
                new CompileLog.RecompileReason("0/1", SIZE_X), new CompileLog.RecompileReason("1/1", SIZE_Y));
        // 4.740027 + 1.91807 + 1.105193 + 0.812882 s = 8576.172 ms.
        assertThat(log.compileMs()).hasValue(8576.172);
        assertThat(log.artifactCache().fxGraph()).isEqualTo(new CompileLog.CacheCounts(0, 4, 0));
        assertThat(log.artifactCache().aotAutograd()).isEqualTo(new CompileLog.CacheCounts(0, 4, 0));
    }

    @Test
    void printBridgeReceiptNamesTheBreakByItsTypeAndTheGuardMissOfTheRecompile() {
        Receipt receipt = Receipt.of(Fixtures.trace("torch-2.14/print-bridge/torch_trace.log"));
        RunFigures baseline = receipt.run("baseline");
        assertThat(baseline.breakSites()).singleElement().satisfies(site -> {
            assertThat(site.site()).isEqualTo("/rt/scenarios.py:31");
            assertThat(site.reason()).isEqualTo("Failed to trace builtin operator");
            assertThat(site.detail()).isEqualTo(PRINT);
        });
        // b12 (changed, n16) recompiled 0/1 and 1/1 on the size change.
        assertThat(baseline.guardMisses()).containsExactly(
                new GuardMiss("b12", new GraphId(0, 1), SIZE_X), new GuardMiss("b12", new GraphId(1, 1), SIZE_Y));
        assertThat(ReceiptExport.canonicalJson(receipt)).contains("\"gb_id\":\"GB0059\"");
        CompileLog candidate = receipt.run("candidate").compileLog().orElseThrow();
        // L16461 (0/0) and L19722 (0/1): 1.079748 + 0.775164 s.
        assertThat(candidate.compiles()).containsExactly("0/0", "0/1");
        assertThat(candidate.recompiles()).containsExactly("0/1");
        assertThat(candidate.compileMs()).hasValue(1854.912);
        assertThat(candidate.breakSites()).isEmpty();
        assertThat(candidate.recompileReasons()).containsExactly(new CompileLog.RecompileReason("0/1", SIZE_X));
    }

    @Test
    void intSpecKeepsTheMultiLineLoneReasonWholeAndTheLimitAsAFallback() {
        Trace trace = Fixtures.trace("torch-2.14/int-spec/torch_trace.log");
        assertThat(trace.badLines()).contains(List.of());
        CompileLog log = trace.run("baseline").orElseThrow().compileLog().orElseThrow();
        assertThat(log.compiles()).containsExactly("0/0", "0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7");
        assertThat(log.recompiles()).containsExactly("0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7");
        // 0/8: recompile_reasons at L25473 and compilation_metrics at L25497 with has_guarded_code null, fail_type Unsupported.
        assertThat(log.fallbacks()).containsExactly("0/8");
        // 1 + 2 + ... + 8 = 36 reasons; the lone one of 0/1 (bare text over L3339-L3342) is one reason, not four.
        assertThat(log.recompileReasons()).hasSize(36);
        List<String> first = log.recompileReasons().stream().filter(r -> r.graph().equals("0/1"))
                .map(CompileLog.RecompileReason::guard).toList();
        assertThat(first).singleElement().satisfies(guard -> {
            assertThat(guard).startsWith("0/0: n == 1 ").contains("\nUser stack trace:\n  File \"/rt/scenarios.py\", line 65, in f\n")
                    .endsWith("(x * n.to(x.dtype)).sum(-1)");
        });
        // 2049.727 + 833.109 + 839.594 + 623.453 + 984.681 + 943.833 + 1193.195 + 1022.41 + 18.877 (0/8) = 8508.879 ms.
        assertThat(log.compileMs()).hasValue(8508.879);
        assertThat(log.artifactCache().fxGraph()).isEqualTo(new CompileLog.CacheCounts(0, 8, 0));
        Call b11 = trace.run("baseline").orElseThrow().calls().get(11);
        assertThat(b11.id()).isEqualTo("b11");
        assertThat(b11.events()).singleElement().isInstanceOfSatisfying(Event.Fallback.class, fallback -> {
            assertThat(fallback.graph()).isEqualTo(new GraphId(0, 8));
            // fail_reason is a structured message: its type, not its whole text.
            assertThat(fallback.reason()).isEqualTo("Unsupported: Dynamo recompile limit exceeded");
            assertThat(fallback.compileMs()).isEqualTo(18.877);
            assertThat(fallback.guardFailures()).hasSize(8);
        });
        CompileLog candidate = trace.run("candidate").orElseThrow().compileLog().orElseThrow();
        assertThat(candidate.compiles()).containsExactly("0/0");
        assertThat(candidate.compileMs()).hasValue(1107.338);
    }
}
