package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.Traces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * The break-kind checks on the 2.14 break-kinds capture (fixtures/break-kinds/2.14-break-kinds):
 * its baseline crosses layers.py:14 (.item(), GB0124), :16 (print, GB0059), :18
 * (torch._dynamo.graph_break(), GB0025) and torch/distributions/distribution.py:68 (a skipped
 * function, GB0007, called from layers.py:19) in b01, b02 and b03; its candidate breaks nowhere.
 */
class BreakKindChecksTest {

    private static final String LAYERS = "/capture/tests/mymodel/layers.py";
    private static final String NORMAL = "/usr/lib/python3/dist-packages/torch/distributions/distribution.py:68";
    private static final Receipt BLOCK = Receipt.of(Traces.read(Fixtures.dir().resolve("break-kinds/2.14-break-kinds/trace.json")));
    private static final Receipt LOOP = Receipt.of(Traces.read(Fixtures.dir().resolve("break-kinds/2.14-break-in-loop/torch_trace.log")));

    @Test
    void passWhereTheKindsAreAllowedOrAbsent() {
        assertThat(BLOCK).run("candidate").hasBreaksOnlyOfKinds().hasNoBreaksOfKind(BreakKind.values()).hasNoBreaksUnder("mymodel/");
        assertThat(BLOCK).hasNoBreaksOfKind(BreakKind.DATA_COPY, BreakKind.FRAME_SKIP)
                .hasBreaksOnlyOfKinds(BreakKind.DEVICE_SYNC, BreakKind.PYTHON_SIDE_EFFECT, BreakKind.USER_INSERTED, BreakKind.UNSUPPORTED_CALL)
                .hasNoBreaksUnder("othermodel/");
        assertThat(BLOCK).run("baseline").breakSite("layers.py:14").hasKind(BreakKind.DEVICE_SYNC);
        assertThat(BLOCK).run("baseline").breakSite("distribution.py:68").hasKind(BreakKind.UNSUPPORTED_CALL);
        assertThat(LOOP).run("baseline").breakSite("layers.py:32").hasKind(BreakKind.FRAME_SKIP);
    }

    @Test
    void noBreaksOfKindFailsWithTheSitesOfThatKind() {
        assertThatThrownBy(() -> assertThat(BLOCK).hasNoBreaksOfKind(BreakKind.DEVICE_SYNC))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    org.assertj.core.api.Assertions.assertThat(error.getActual().getValue()).isEqualTo(lines("""
                            baseline %1$s:14: device-sync
                            baseline %1$s:16: python-side-effect
                            baseline %1$s:18: user-inserted
                            baseline %2$s: unsupported-call""".formatted(LAYERS, NORMAL)));
                    org.assertj.core.api.Assertions.assertThat(error.getExpected().getValue()).isEqualTo(lines("""
                            baseline %1$s:16: python-side-effect
                            baseline %1$s:18: user-inserted
                            baseline %2$s: unsupported-call""".formatted(LAYERS, NORMAL)));
                })
                .hasMessage(lines("""

                        Expecting
                          break-kinds receipt (runs baseline, candidate)
                        to have no graph breaks of kind device-sync
                        but 1 site is of that kind:
                          baseline %s:14  device-sync  crossed by 3 calls  Unsupported Tensor.item() call with capture_scalar_outputs=False\
                        """.formatted(LAYERS)));
    }

    @Test
    void breaksOnlyOfKindsFailsWithEverySiteOfAnotherKind() {
        assertThatThrownBy(() -> assertThat(BLOCK).run("baseline").hasBreaksOnlyOfKinds(BreakKind.USER_INSERTED, BreakKind.DEVICE_SYNC))
                .hasMessage(lines("""

                        Expecting
                          run baseline of the break-kinds receipt
                        to break only in kinds device-sync, user-inserted
                        but 2 sites are of other kinds:
                          baseline %1$s:16  python-side-effect  crossed by 3 calls  Failed to trace builtin operator
                          baseline %2$s  unsupported-call  user frame %1$s:19  crossed by 3 calls  Attempted to call function marked as skipped\
                        """.formatted(LAYERS, NORMAL)));
        assertThatThrownBy(() -> assertThat(LOOP).run("baseline").hasBreaksOnlyOfKinds(BreakKind.DEVICE_SYNC))
                .hasMessageContaining("  frame-skip (cause device-sync)  crossed by 1 call  Unsupported Tensor.item() call");
    }

    @Test
    void noBreaksUnderMatchesTheUserFrameOnWholeSegments() {
        // all four are in mymodel/: three by their site, the torch/distributions one by its user frame layers.py:19
        assertThatThrownBy(() -> assertThat(BLOCK).hasNoBreaksUnder("mymodel/"))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    org.assertj.core.api.Assertions.assertThat(error.getActual().getValue()).isEqualTo(lines("""
                            baseline %1$s:14: user code %1$s:14
                            baseline %1$s:16: user code %1$s:16
                            baseline %1$s:18: user code %1$s:18
                            baseline %2$s: user code %1$s:19""".formatted(LAYERS, NORMAL)));
                    org.assertj.core.api.Assertions.assertThat(error.getExpected().getValue()).isEqualTo("(none)");
                })
                .hasMessageStartingWith(lines("""

                        Expecting
                          break-kinds receipt (runs baseline, candidate)
                        to have no graph breaks in the user's code under mymodel/
                        but 4 sites are there or inside PyTorch without a user frame:
                          baseline %1$s:14  device-sync  crossed by 3 calls  Unsupported Tensor.item() call""".formatted(LAYERS)));
        // "model/" is not a whole segment of "mymodel/"
        assertThat(BLOCK).hasNoBreaksUnder("model/");
        assertThatIllegalArgumentException().isThrownBy(() -> assertThat(BLOCK).hasNoBreaksUnder(" "));
    }

    @Test
    void aSiteInsidePyTorchWithoutAUserFrameIsNotGuessed(@TempDir Path dir) throws IOException {
        // the same capture's trace without its user_frame fields: distribution.py:68 names no user code
        Path trace = dir.resolve("trace.json");
        Files.writeString(trace, Files.readString(Fixtures.dir().resolve("break-kinds/2.14-break-kinds/trace.json"))
                .replaceAll(",?\\s*\"user_frame\":\\s*\"[^\"]*\"", ""));
        Receipt withoutFrames = Receipt.of(Traces.read(trace));
        assertThatThrownBy(() -> assertThat(withoutFrames).hasNoBreaksUnder("othermodel/"))
                .hasMessageEndingWith("  baseline %s  unsupported-call  user frame unknown  crossed by 3 calls  "
                        .formatted(NORMAL) + "Attempted to call function marked as skipped");
    }

    @Test
    void hasKindFailsWithTheKindItHasAndWhy() {
        assertThatThrownBy(() -> assertThat(LOOP).run("baseline").breakSite("layers.py:32").hasKind(BreakKind.DEVICE_SYNC))
                .isInstanceOfSatisfying(AssertionFailedError.class, error -> {
                    org.assertj.core.api.Assertions.assertThat(error.getActual().getValue()).isEqualTo("frame-skip (cause device-sync)");
                    org.assertj.core.api.Assertions.assertThat(error.getExpected().getValue()).isEqualTo("device-sync");
                })
                .hasMessage(lines("""

                        Expecting
                          break site %s:32 of run baseline of the 2.14-break-in-loop receipt
                        to have kind device-sync
                        but its kind was frame-skip (cause device-sync), from its reason \
                        Unsupported Tensor.item() call with capture_scalar_outputs=False (GB0124)""".formatted(LAYERS)));
    }
}
