package dev.compilereceipt.trace;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.BreakKindFigures;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Break kinds on real text of both releases. fixtures/break-kinds/ holds the capture helper's
 * break-kinds and break-in-loop scenarios (capture/tests/mymodel/layers.py): line 14 calls
 * {@code .item()}, 16 {@code print}, 18 {@code torch._dynamo.graph_break()}, 19 builds a
 * {@code torch.distributions.Normal(validate_args=True)}, which breaks inside PyTorch; line 32
 * calls {@code .item()} inside a {@code for} loop.
 */
class BreakKindTest {

    private static final String LAYERS = "/capture/tests/mymodel/layers.py";

    @ParameterizedTest
    @ValueSource(strings = {"2.6", "2.14"})
    void everyKindOfTheBlockFromTheTorchTraceLog(String release) {
        RunFigures baseline = Receipt.of(Fixtures.trace("break-kinds/" + release + "-break-kinds/torch_trace.log")).run("baseline");
        // 2.6: "Unsupported: Tensor.item", "builtin: print", "skip function graph_break in file ...decorators.py",
        // "skip function is_dependent in file .../constraints.py" at distribution.py:62;
        // 2.14: GB0124, GB0059 (builtin operator `print`), GB0025, GB0007 (a skipped function) at distribution.py:68.
        String normalLine = release.equals("2.6") ? "62" : "68";
        assertThat(baseline.breakSites()).extracting(BreakSite::site, BreakSite::kind, BreakSite::causeKind, s -> s.detail().userFrame())
                .containsExactly(
                        tuple(LAYERS + ":14", BreakKind.DEVICE_SYNC, Optional.empty(), Optional.of(LAYERS + ":14")),
                        tuple(LAYERS + ":16", BreakKind.PYTHON_SIDE_EFFECT, Optional.empty(), Optional.of(LAYERS + ":16")),
                        tuple(LAYERS + ":18", BreakKind.USER_INSERTED, Optional.empty(), Optional.of(LAYERS + ":18")),
                        tuple("/usr/lib/python3/dist-packages/torch/distributions/distribution.py:" + normalLine,
                                BreakKind.UNSUPPORTED_CALL, Optional.empty(), Optional.of(LAYERS + ":19")));
        CompileLog log = baseline.compileLog().orElseThrow();
        assertThat(log.breakSites()).extracting(CompileLog.Site::kind).containsExactly(
                BreakKind.DEVICE_SYNC, BreakKind.PYTHON_SIDE_EFFECT, BreakKind.USER_INSERTED, BreakKind.UNSUPPORTED_CALL);
        assertThat(log.breakSites()).extracting(s -> s.detail().gbId().orElse("none")).containsExactly(release.equals("2.6")
                ? new String[] {"none", "none", "none", "none"} : new String[] {"GB0124", "GB0059", "GB0025", "GB0007"});
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.6", "2.14"})
    void theBreakInALoopSkipsTheFrameWithADeviceSyncCause(String release) {
        RunFigures baseline = Receipt.of(Fixtures.trace("break-kinds/" + release + "-break-in-loop/torch_trace.log")).run("baseline");
        // 2.6 says no more than has_guarded_code false for compile 0/0; 2.14 says "Skipping the function
        // and falling back to eager" with GB0124 (the cause) before GB7000 (graph break in loop).
        CompileLog log = baseline.compileLog().orElseThrow();
        assertThat(log.fallbacks()).containsExactly("0/0");
        assertThat(log.breakSites()).extracting(CompileLog.Site::site, CompileLog.Site::kind, CompileLog.Site::causeKind)
                .containsExactly(tuple(LAYERS + ":32", BreakKind.FRAME_SKIP, Optional.of(BreakKind.DEVICE_SYNC)));
        assertThat(baseline.breakSites()).extracting(BreakSite::kind).containsExactly(BreakKind.FRAME_SKIP);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.6", "2.14"})
    void theTorchLogsTextGivesTheSameKindsAndUserFrames(String release) {
        RunFigures baseline = Receipt.of(Fixtures.trace("break-kinds/" + release + "-break-kinds/torch_logs.txt")).run("baseline");
        assertThat(baseline.compileLog().orElseThrow().breakSites())
                .extracting(CompileLog.Site::kind, s -> s.detail().userFrame())
                .containsExactly(
                        tuple(BreakKind.DEVICE_SYNC, Optional.of(LAYERS + ":14")),
                        tuple(BreakKind.PYTHON_SIDE_EFFECT, Optional.of(LAYERS + ":16")),
                        tuple(BreakKind.USER_INSERTED, Optional.of(LAYERS + ":18")),
                        tuple(BreakKind.UNSUPPORTED_CALL, Optional.of(LAYERS + ":19")));
    }

    @Test
    void theTorchLogsTextOf26DoesNotSayTheFrameWasSkipped() {
        // 2.6 logs the break ("Unsupported: Tensor.item") and nothing of the skip; 2.14 says "Skipping the function".
        CompileLog old = Receipt.of(Fixtures.trace("break-kinds/2.6-break-in-loop/torch_logs.txt")).run("baseline").compileLog().orElseThrow();
        assertThat(old.breakSites()).extracting(CompileLog.Site::kind).containsExactly(BreakKind.DEVICE_SYNC);
        CompileLog recent = Receipt.of(Fixtures.trace("break-kinds/2.14-break-in-loop/torch_logs.txt")).run("baseline").compileLog().orElseThrow();
        assertThat(recent.breakSites()).extracting(CompileLog.Site::kind, CompileLog.Site::causeKind)
                .containsExactly(tuple(BreakKind.FRAME_SKIP, Optional.of(BreakKind.DEVICE_SYNC)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.6", "2.14"})
    void theBoundedTraceCarriesTheUserFrameAndGroupsByKind(String release) {
        Receipt receipt = Receipt.of(Fixtures.trace("break-kinds/" + release + "-break-kinds/trace.json"));
        // warmup b01 and steady b02, b03 each cross the four sites once; the eager call b00 crosses none.
        List<BreakKindFigures> kinds = receipt.breakKinds("baseline");
        assertThat(kinds).extracting(BreakKindFigures::kind, k -> k.sites().size(), BreakKindFigures::calls, BreakKindFigures::crossings)
                .containsExactly(
                        tuple(BreakKind.DEVICE_SYNC, 1, 3, 3),
                        tuple(BreakKind.PYTHON_SIDE_EFFECT, 1, 3, 3),
                        tuple(BreakKind.USER_INSERTED, 1, 3, 3),
                        tuple(BreakKind.UNSUPPORTED_CALL, 1, 3, 3));
        assertThat(kinds.get(0).crossingsPerCall()).isEqualTo(OptionalDouble.of(1.0));
        assertThat(receipt.run("baseline").breakSites().get(3).userCode()).contains("/capture/tests/mymodel/layers.py:19");
        assertThat(receipt.breakKinds("candidate")).isEmpty();
    }

    @Test
    void printBridgeIsAPythonSideEffectOnBothReleases() {
        // 2.6: "Unsupported: builtin: print [...]"; 2.14: GB0059, "builtin operator `print`".
        assertThat(Receipt.of(Fixtures.trace("print-bridge/torch_trace.log")).run("baseline").breakSites())
                .extracting(BreakSite::kind).containsExactly(BreakKind.PYTHON_SIDE_EFFECT);
        assertThat(Receipt.of(Fixtures.trace("torch-2.14/print-bridge/torch_trace.log")).run("baseline").breakSites())
                .extracting(BreakSite::kind).containsExactly(BreakKind.PYTHON_SIDE_EFFECT);
        assertThat(Receipt.of(Fixtures.trace("print-bridge/trace.json")).run("baseline").breakSites())
                .extracting(BreakSite::kind).containsExactly(BreakKind.PYTHON_SIDE_EFFECT);
    }

    @Test
    void tlparsesOlderLogMarksTheUserInsertedBreakOnlyInRestartReasons() {
        // comp_metrics.log: restart_reasons "'skip function graph_break in file .../torch/_dynamo/decorators.py'".
        CompileLog log = Receipt.of(Fixtures.trace("tlparse/comp_metrics.log")).runs().get(0).compileLog().orElseThrow();
        assertThat(log.breakSites()).extracting(CompileLog.Site::kind).containsOnly(BreakKind.USER_INSERTED);
    }

    @Test
    void freeTextAndRegistryRules() {
        BreakDetail none = BreakDetail.NONE;
        assertThat(BreakKind.of("Unsupported: Tensor.item", none)).isEqualTo(BreakKind.DEVICE_SYNC);
        assertThat(BreakKind.of("Unsupported: generic_jump TensorVariable()", none)).isEqualTo(BreakKind.DEVICE_SYNC);
        assertThat(BreakKind.of("Unsupported: Tensor.numpy", none)).isEqualTo(BreakKind.DATA_COPY);
        assertThat(BreakKind.of("Unsupported call_function target flex_attention", none)).isEqualTo(BreakKind.UNSUPPORTED_CALL);
        // ambiguous text is unknown, never a guess
        assertThat(BreakKind.of("Unsupported: something new", none)).isEqualTo(BreakKind.UNKNOWN);
        // the registry's id decides over the text; a generic id takes the kind of what was called
        // GB0105 as the 2.14 registry words it (a .numpy() breaks only with trace_numpy=False, so no capture has it)
        assertThat(BreakKind.of("Tensor.numpy() with trace_numpy=False",
                detail("GB0105", "`Tensor.numpy()` was called, but the `trace_numpy` configuration was manually disabled.")))
                .isEqualTo(BreakKind.DATA_COPY);
        assertThat(BreakKind.of("Failed to trace builtin operator", detail("GB0059", "builtin operator `len` with ...")))
                .isEqualTo(BreakKind.UNSUPPORTED_CALL);
        assertThat(BreakKind.of("Attempted to call function marked as skipped",
                detail("GB0007", "the function `info` in file `/usr/lib/python3.13/logging/__init__.py`")))
                .isEqualTo(BreakKind.PYTHON_SIDE_EFFECT);
        // an id newer than the table falls back to the text
        assertThat(BreakKind.of("Unsupported Tensor.item() call", detail("GB9999", "x"))).isEqualTo(BreakKind.DEVICE_SYNC);
        // a skipped frame wins; its cause is kept, unknown when GB7000 is all the message gives
        assertThat(BreakKind.causeOf("graph break in loop", detail("GB7000", "x").skippingFrame())).contains(BreakKind.UNKNOWN);
        assertThat(BreakKind.causeOf("Unsupported: Tensor.item", none)).isEmpty();
        assertThat(BreakKindRules.tableSize()).isEqualTo(561);
        assertThat(BreakKind.ofLabel("frame-skip")).contains(BreakKind.FRAME_SKIP);
        assertThat(BreakKind.ofLabel("frame skip")).isEmpty();
    }

    @Test
    void userFramesAndPathsUnderAFolder() {
        List<String> lines = List.of("User code traceback:", "  File \"/m/mymodel/layers.py\", line 19, in block",
                "    d = Normal(...)", "  File \"/usr/lib/python3/dist-packages/torch/distributions/distribution.py\", line 68, in __init__",
                "", "  File \"/not/the/traceback.py\", line 1, in f");
        assertThat(UserFrame.of(lines)).contains("/m/mymodel/layers.py:19");
        assertThat(UserFrame.of(List.of("Reason: no traceback"))).isEmpty();
        assertThat(UserFrame.isPyTorch("C:\\venv\\Lib\\site-packages\\torch\\nn\\modules\\module.py")).isTrue();
        assertThat(UserFrame.isPyTorch("/home/me/torchish/model.py")).isFalse();
        assertThat(BreakSite.isUnder("/src/mymodel/layers.py:19", "mymodel/")).isTrue();
        assertThat(BreakSite.isUnder("/src/mymodel/layers.py:19", "mymodel")).isTrue();
        assertThat(BreakSite.isUnder("/src/mymodel/layers.py:19", "mymodel/layers.py")).isTrue();
        assertThat(BreakSite.isUnder("/src/notmymodel/layers.py:19", "mymodel/")).isFalse();
        assertThat(BreakSite.isUnder("/src/mymodel2/layers.py:19", "mymodel")).isFalse();
        assertThat(BreakSite.isUnder("/src/mymodel/layers.py:19", "/src/")).isTrue();
        assertThat(BreakSite.isUnder("/other/src/mymodel/layers.py:19", "/src/")).isFalse();
        assertThat(BreakSite.isUnder("mymodel\\layers.py:19", "mymodel/")).isTrue();
    }

    private static BreakDetail detail(String gbId, String explanation) {
        return new BreakDetail(Optional.of(gbId), Optional.of(explanation), List.of());
    }
}
