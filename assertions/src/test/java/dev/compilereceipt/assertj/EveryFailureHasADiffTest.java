package dev.compilereceipt.assertj;

import static dev.compilereceipt.trace.Phase.CHANGED;
import static dev.compilereceipt.trace.Phase.STEADY;
import static dev.compilereceipt.trace.Phase.WARMUP;
import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.ReceiptExport;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;

/**
 * Every check, made to fail on a real fixture, throws opentest4j's {@code AssertionFailedError}
 * with an expected and an actual, so an IDE offers its diff for each of them; navigation that
 * finds nothing does the same.
 */
class EveryFailureHasADiffTest {

    private static final Receipt PRINT_BRIDGE = Fixtures.printBridge();
    private static final Receipt INT_SPEC = Fixtures.intSpec();
    private static final Receipt NO_CALLS = Fixtures.printBridgeWithoutCalls();
    private static final Receipt UNEQUAL = Fixtures.printBridgeWithoutC11();
    private static final Receipt NO_WALL = Fixtures.printBridgeNotMeasuring(Measure.WALL_MS);
    private static final Receipt DECISION = Receipt.of(dev.compilereceipt.Traces.read(Fixtures.dir().resolve("decision/trace.json")));
    private static final Receipt ONE_RUN = Receipt.of(Fixtures.printBridgeTrace()
            .withRuns(List.of(Fixtures.printBridgeTrace().runs().get(0))));

    @TempDir
    static Path approvals;

    /** A fixture path whose approved receipt is int-spec's, so print-bridge's receipt differs from it. */
    private static Path approvedAsIntSpec() throws java.io.IOException {
        Path fixture = approvals.resolve("print-bridge.json");
        Files.writeString(dev.compilereceipt.approval.ApprovedReceipt.approvedFile(fixture), ReceiptExport.canonicalJson(INT_SPEC));
        return fixture;
    }

    @TestFactory
    Iterable<DynamicTest> everyFailingCheckCarriesExpectedAndActual() {
        Map<String, ThrowingCallable> checks = new LinkedHashMap<>();
        checks.put("run(label) of no such run", () -> assertThat(PRINT_BRIDGE).run("nightly"));
        checks.put("hasNoNewGraphVariantsIn", () -> assertThat(PRINT_BRIDGE).hasNoNewGraphVariantsIn(CHANGED));
        checks.put("hasNoRecompilesIn", () -> assertThat(INT_SPEC).hasNoRecompilesIn(STEADY));
        checks.put("hasAtMostCompilesIn", () -> assertThat(PRINT_BRIDGE).hasAtMostCompilesIn(WARMUP, 0));
        checks.put("hasNoFallbacks", () -> assertThat(INT_SPEC).hasNoFallbacks());
        checks.put("hasNoEagerCallsIn", () -> assertThat(INT_SPEC).hasNoEagerCallsIn(STEADY));
        checks.put("hasAtMostBreaksPerCall", () -> assertThat(PRINT_BRIDGE).hasAtMostBreaksPerCall(STEADY, 0));
        checks.put("hasBreaksOnlyAt", () -> assertThat(PRINT_BRIDGE).hasBreaksOnlyAt("model.py:12"));
        checks.put("hasNoBreaksOfKind", () -> assertThat(PRINT_BRIDGE).hasNoBreaksOfKind(BreakKind.PYTHON_SIDE_EFFECT));
        checks.put("hasBreaksOnlyOfKinds", () -> assertThat(PRINT_BRIDGE).hasBreaksOnlyOfKinds(BreakKind.USER_INSERTED));
        checks.put("hasNoBreaksUnder", () -> assertThat(PRINT_BRIDGE).hasNoBreaksUnder("scenarios.py"));
        checks.put("break site: hasKind", () -> assertThat(PRINT_BRIDGE).run("baseline").breakSite("scenarios.py:31")
                .hasKind(BreakKind.DEVICE_SYNC));
        checks.put("hasEagerIslandTimeAtMost", () -> assertThat(PRINT_BRIDGE).hasEagerIslandTimeAtMost(STEADY, 0.1));
        checks.put("hasCompileTimeAtMost", () -> assertThat(PRINT_BRIDGE).hasCompileTimeAtMost(WARMUP, 1));
        checks.put("hasNoFailures", () -> assertThat(UNEQUAL).hasNoFailures());
        checks.put("hasEqualSamples", () -> assertThat(UNEQUAL).hasEqualSamples());
        checks.put("hasEqualSamples on one run", () -> assertThat(ONE_RUN).hasEqualSamples());
        checks.put("candidateMedianIsAtMost", () -> assertThat(PRINT_BRIDGE).candidateMedianIsAtMost(STEADY, 0.5));
        checks.put("candidateMedianIsAtMost, unequal samples", () -> assertThat(UNEQUAL).candidateMedianIsAtMost(STEADY, 2));
        checks.put("candidateHasFewerBreaksPerCallIn", () -> assertThat(INT_SPEC).candidateHasFewerBreaksPerCallIn(STEADY));
        checks.put("not measured: calls", () -> assertThat(NO_CALLS).hasNoNewGraphVariantsIn(STEADY));
        checks.put("not measured: wall time", () -> assertThat(NO_WALL).candidateMedianIsAtMost(STEADY, 2));
        checks.put("breakSite(site) never crossed", () -> assertThat(PRINT_BRIDGE).run("baseline").breakSite("model.py:12"));
        checks.put("comparison(phase) of one run", () -> assertThat(ONE_RUN).comparison(STEADY));
        checks.put("phase figures: hasCalls", () -> assertThat(PRINT_BRIDGE).run("baseline").phase(STEADY).hasCalls(9));
        checks.put("phase figures: hasNewGraphVariants", () -> assertThat(PRINT_BRIDGE).run("baseline").phase(CHANGED)
                .hasNewGraphVariants());
        checks.put("phase figures: hasMedianAtMost", () -> assertThat(PRINT_BRIDGE).run("baseline").phase(STEADY)
                .hasMedianAtMost(0.01));
        checks.put("break site: hasCalls", () -> assertThat(PRINT_BRIDGE).run("baseline").breakSite("scenarios.py:31").hasCalls(1));
        checks.put("break site: hasReasonContaining", () -> assertThat(PRINT_BRIDGE).run("baseline").breakSite("scenarios.py:31")
                .hasReasonContaining("Tensor.item"));
        checks.put("comparison: hasRatioAtMost", () -> assertThat(PRINT_BRIDGE).comparison(STEADY).hasRatioAtMost(0.1));
        checks.put("comparison: isCompared", () -> assertThat(UNEQUAL).comparison(STEADY).isCompared());
        checks.put("trade() of one run", () -> assertThat(ONE_RUN).trade());
        checks.put("trade: paysBackWithin", () -> assertThat(DECISION).trade().paysBackWithin(1_000));
        checks.put("trade: isCheaperOverWorkerLifetime without a lifetime", () -> assertThat(PRINT_BRIDGE).trade()
                .isCheaperOverWorkerLifetime());
        checks.put("ledger: hasCalls", () -> assertThat(PRINT_BRIDGE.ledger()).hasCalls("baseline", 1));
        checks.put("ledger: row(run, call) of no such call", () -> assertThat(PRINT_BRIDGE.ledger()).row("baseline", "b99"));
        checks.put("ledger row: hasCache", () -> assertThat(PRINT_BRIDGE.ledger()).row("baseline", "b04").hasCache(CallCache.COMPILE));
        checks.put("matchesApprovedReceipt", () -> assertThat(PRINT_BRIDGE).matchesApprovedReceipt(approvedAsIntSpec()));
        checks.put("ledger row: hasGraphs", () -> assertThat(PRINT_BRIDGE.ledger()).row("baseline", "b04").hasGraphs("9/9"));
        return checks.entrySet().stream().map(check -> DynamicTest.dynamicTest(check.getKey(), () -> {
            Throwable failure = catchThrowable(check.getValue());
            Assertions.assertThat(failure).as(check.getKey()).isInstanceOf(AssertionFailedError.class);
            AssertionFailedError diff = (AssertionFailedError) failure;
            Assertions.assertThat(diff.isExpectedDefined()).as(check.getKey() + ": expected defined").isTrue();
            Assertions.assertThat(diff.isActualDefined()).as(check.getKey() + ": actual defined").isTrue();
            Assertions.assertThat(diff.getActual().getStringRepresentation())
                    .as(check.getKey() + ": actual differs from expected")
                    .isNotEqualTo(diff.getExpected().getStringRepresentation());
        })).toList();
    }
}
