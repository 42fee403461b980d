package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Issue #41: a recompile-cause check whose name matches none of the causes in scope asks nothing, so it
 * fails and lists the causes, where it passed on a typo. 2.6 shape-churn's baseline recompiles 3 times on
 * {@code L['x'].size()[0]}; its candidate ({@code dynamic=True}) never recompiles, so there the checks pass.
 */
class CauseChecksThatNameACauseTest {

    private final Receipt shapeChurn = Receipt.of(Traces.read(Fixtures.dir().resolve("torch-logs/2.6-shape-churn/trace.json")));

    private static String namesNoCause(String asked, String name) {
        return lines("""

                Expecting
                  shape-churn receipt (runs baseline, candidate)
                to %s
                but no recompile cause is on `%s`; the causes are on `L['x'].size()[0]`""".formatted(asked, name));
    }

    @Test
    void aSubjectMatchingNoCauseFailsAndListsTheCauses() {
        for (String name : new String[] {"x", "L['x']", "x.size(0)"}) {
            assertThatThrownBy(() -> assertThat(shapeChurn).hasNoRecompilesCausedBy(name))
                    .hasMessage(namesNoCause("have no recompiles caused by `" + name + "`", name));
        }
    }

    @Test
    void theFailureDiffsTheCausesAgainstTheName() {
        assertThatThrownBy(() -> assertThat(shapeChurn).hasNoRecompilesCausedBy("x.size(0)"))
                .isInstanceOfSatisfying(AssertionFailedError.class, e -> {
                    org.assertj.core.api.Assertions.assertThat(e.getActual().getStringRepresentation()).isEqualTo("L['x'].size()[0]");
                    org.assertj.core.api.Assertions.assertThat(e.getExpected().getStringRepresentation()).isEqualTo("x.size(0)");
                });
    }

    @Test
    void guardsOnANameMatchingNoCauseFailAndListTheCauses() {
        for (String name : new String[] {"y", "xs"}) {
            assertThatThrownBy(() -> assertThat(shapeChurn).hasNoRecompilesCausedByGuardsOn(name))
                    .hasMessage(namesNoCause("have no recompiles caused by guards on `" + name + "`", name));
        }
    }

    @Test
    void guardsOnALocalCoverItsSizes() {
        for (String name : new String[] {"x", "L['x']"}) {
            assertThatThrownBy(() -> assertThat(shapeChurn).hasNoRecompilesCausedByGuardsOn(name))
                    .hasMessage(lines("""

                            Expecting
                              shape-churn receipt (runs baseline, candidate)
                            to have no recompiles caused by guards on `%s`
                            but 1 recompile cause is on guards on it:
                              baseline: 3 recompiles in steady and changed because `L['x'].size()[0]` (a tensor size) took 3 new values (8, 16, 32)
                                b03 -> 0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 4, actual 8
                                b04 -> 0/2  0/1: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16
                                b05 -> 0/3  0/2: tensor 'L['x']' size mismatch at index 0. expected 16, actual 32
                                … 3 more guard failures in the receipt JSON
                                hint: torch._dynamo.mark_dynamic(x, dim) or torch.compile(dynamic=True) compiles one graph for many sizes""".formatted(name)));
        }
    }

    @Test
    void aRunWithoutRecompilesPassesBoth() {
        assertThat(shapeChurn).run("candidate").hasNoRecompilesCausedBy("x").hasNoRecompilesCausedBy("x.size(0)")
                .hasNoRecompilesCausedByGuardsOn("x").hasNoRecompilesCausedByGuardsOn("y");
    }
}
