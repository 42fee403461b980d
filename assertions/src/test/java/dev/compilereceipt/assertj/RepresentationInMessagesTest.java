package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static dev.compilereceipt.trace.Phase.CHANGED;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.Traces;
import dev.compilereceipt.assertj.error.Milliseconds;
import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.BreakKind;
import java.util.Locale;
import org.assertj.core.presentation.Representation;
import org.assertj.core.presentation.StandardRepresentation;
import org.junit.jupiter.api.Test;

/**
 * The representation a user sets with {@code withRepresentation} (or {@code Assertions.useRepresentation})
 * writes the figures of a failure message, in the message text and inside its evidence table (here a
 * {@link Milliseconds} to two decimals, or a kind by its Java name), and goes along to the asserts a
 * navigation returns ({@code run}, {@code breakSite}, {@code row}), as AssertJ's navigations take it; the
 * same failure under the standard representation reads as it always has.
 */
class RepresentationInMessagesTest {

    /** Milliseconds to two decimals: {@code 2155.343} reads {@code 2155.34}; every other value as AssertJ writes it. */
    private static final Representation HUNDREDTHS = new StandardRepresentation() {
        @Override
        public String toStringOf(Object object) {
            return object instanceof Milliseconds ms ? String.format(Locale.ROOT, "%.2f", ms.value()) : super.toStringOf(object);
        }
    };

    /** A break kind or cache outcome by its Java name ({@code FRAME_SKIP}, {@code EAGER}); every other value as AssertJ writes it. */
    private static final Representation CONSTANT_NAMES = new StandardRepresentation() {
        @Override
        public String toStringOf(Object object) {
            return object instanceof BreakKind || object instanceof CallCache ? ((Enum<?>) object).name() : super.toStringOf(object);
        }
    };

    private final Receipt printBridge = Fixtures.printBridge();
    private final Receipt intSpec = Fixtures.intSpec();
    private final Receipt decision = Receipt.of(Traces.read(Fixtures.dir().resolve("decision/trace.json")));

    private static final String VARIANTS = """

            Expecting
              print-bridge receipt (runs baseline, candidate)
            to have no new graph variants in changed
            but 2 calls compiled 3 new variants:
              baseline: 1 recompile in changed because `L['x'].size()[0]` (a tensor size) took a new value (16)
                b12 -> 0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
              baseline: 1 recompile in changed because `L['y'].size()[0]` (a tensor size) took a new value (16)
                b12 -> 1/1  1/0: tensor 'L['y']' size mismatch at index 0. expected 8, actual 16
              candidate: 1 recompile in changed because `L['x'].size()[0]` (a tensor size) took a new value (16)
                c12 -> 0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes
              run        call  phase    family  graphs   cache    compile ms
              baseline   b12   changed  n16     0/1 1/1  compile  %s
              candidate  c12   changed  n16     0/1      compile  %s""";

    @Test
    void aLedgerTableWritesCompileTimesAsTheRepresentationDoes() {
        assertThatThrownBy(() -> assertThat(printBridge).withRepresentation(HUNDREDTHS).hasNoNewGraphVariantsIn(CHANGED))
                .hasMessage(lines(VARIANTS.formatted("2155.34", "1076.58")));
        assertThatThrownBy(() -> assertThat(printBridge).hasNoNewGraphVariantsIn(CHANGED))
                .hasMessage(lines(VARIANTS.formatted("2155.343", "1076.581")));
    }

    @Test
    void aMedianAndItsLimitAreWrittenAsTheRepresentationDoes() {
        assertThatThrownBy(() -> assertThat(intSpec).withRepresentation(HUNDREDTHS).candidateMedianIsAtMost(CHANGED, 1.0))
                .hasMessage(lines("""

                        Expecting
                          int-spec receipt (runs baseline, candidate)
                        to have a candidate median of at most 1 x the baseline median in changed
                          1 x 0.05 ms = 0.05 ms
                        but it was 0.11 ms (ratio 2.0342)"""));
        assertThatThrownBy(() -> assertThat(intSpec).candidateMedianIsAtMost(CHANGED, 1.0))
                .hasMessage(lines("""

                        Expecting
                          int-spec receipt (runs baseline, candidate)
                        to have a candidate median of at most 1 x the baseline median in changed
                          1 x 0.0527 ms = 0.0527 ms
                        but it was 0.1072 ms (ratio 2.0342)"""));
    }

    @Test
    void aTradesArithmeticIsWrittenAsTheRepresentationDoes() {
        assertThatThrownBy(() -> assertThat(decision).trade().withRepresentation(HUNDREDTHS).paysBackWithin(1_000))
                .hasMessage(lines("""

                        Expecting
                          trade of the comparison of the autotune-trade receipt
                        to pay back its extra cold cost within 1,000 steady calls
                        but it pays back after 18,963 calls:
                          extra_cold_ms    = candidate cold_ms - baseline cold_ms = 1057.00 - 545.00 = 512.00 ms
                          steady_saving_ms = baseline steady median - candidate steady median = 0.37 - 0.34 = 0.03 ms
                          break_even_calls = ceil(extra_cold_ms / steady_saving_ms) = ceil(512.00 / 0.03) = 18963"""));
        assertThatThrownBy(() -> assertThat(decision).trade().paysBackWithin(1_000))
                .hasMessage(lines("""

                        Expecting
                          trade of the comparison of the autotune-trade receipt
                        to pay back its extra cold cost within 1,000 steady calls
                        but it pays back after 18,963 calls:
                          extra_cold_ms    = candidate cold_ms - baseline cold_ms = 1057 - 545 = 512 ms
                          steady_saving_ms = baseline steady median - candidate steady median = 0.3708 - 0.3438 = 0.027 ms
                          break_even_calls = ceil(extra_cold_ms / steady_saving_ms) = ceil(512 / 0.027) = 18963"""));
    }

    @Test
    void aPhasesTimeItsLimitAndItsCallsAreWrittenAsTheRepresentationDoes() {
        assertThatThrownBy(() -> assertThat(printBridge).withRepresentation(HUNDREDTHS).hasCompileTimeAtMost(CHANGED, 2000))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have compile time in changed of at most 2000.00 ms
                        but run baseline compiled for 2155.34 ms:
                          run       call  phase    family  graphs   cache    compile ms
                          baseline  b12   changed  n16     0/1 1/1  compile  2155.34"""));
        assertThatThrownBy(() -> assertThat(printBridge).hasCompileTimeAtMost(CHANGED, 2000))
                .hasMessage(lines("""

                        Expecting
                          print-bridge receipt (runs baseline, candidate)
                        to have compile time in changed of at most 2000 ms
                        but run baseline compiled for 2155.343 ms:
                          run       call  phase    family  graphs   cache    compile ms
                          baseline  b12   changed  n16     0/1 1/1  compile  2155.343"""));
    }

    @Test
    void kindsAndCacheOutcomesAreWrittenAsTheRepresentationDoes() {
        Receipt loop = Receipt.of(Traces.read(Fixtures.dir().resolve("break-kinds/2.14-break-in-loop/torch_trace.log")));
        String layers = "/capture/tests/mymodel/layers.py";
        String kind = """

                Expecting
                  break site %s:32 of run baseline of the 2.14-break-in-loop receipt
                to have kind %s
                but its kind was %s, from its reason \
                Unsupported Tensor.item() call with capture_scalar_outputs=False (GB0124)""";
        assertThatThrownBy(() -> assertThat(loop).withRepresentation(CONSTANT_NAMES).run("baseline").breakSite("layers.py:32")
                .hasKind(BreakKind.DEVICE_SYNC))
                .hasMessage(lines(kind.formatted(layers, "DEVICE_SYNC", "FRAME_SKIP (cause DEVICE_SYNC)")));
        assertThatThrownBy(() -> assertThat(loop).run("baseline").breakSite("layers.py:32").hasKind(BreakKind.DEVICE_SYNC))
                .hasMessage(lines(kind.formatted(layers, "device-sync", "frame-skip (cause device-sync)")));

        String cache = """

                Expecting
                  call b12 of run baseline (steady, family base)
                to have cache outcome %s
                but it was %s""";
        assertThatThrownBy(() -> assertThat(intSpec.ledger()).withRepresentation(CONSTANT_NAMES).row("baseline", "b12").hasCache(CallCache.HIT))
                .hasMessage(lines(cache.formatted("HIT", "EAGER")));
        assertThatThrownBy(() -> assertThat(intSpec.ledger()).row("baseline", "b12").hasCache(CallCache.HIT))
                .hasMessage(lines(cache.formatted("hit", "eager")));
    }

    @Test
    void aRepresentationSetForEveryAssertWritesTheFiguresToo() {
        assertThatThrownBy(() -> assertThat(printBridge).run("baseline").breakSite("scenarios.py:31").hasEagerTimeAtMost(8))
                .hasMessageEndingWith(lines("to have an eager-island time of at most 8 ms\nbut it was 8.4208 ms"));
        org.assertj.core.api.Assertions.useRepresentation(HUNDREDTHS);
        try {
            assertThatThrownBy(() -> assertThat(printBridge).run("baseline").breakSite("scenarios.py:31").hasEagerTimeAtMost(8))
                    .hasMessageEndingWith(lines("to have an eager-island time of at most 8.00 ms\nbut it was 8.42 ms"));
        } finally {
            org.assertj.core.api.Assertions.useDefaultRepresentation();
        }
    }
}
