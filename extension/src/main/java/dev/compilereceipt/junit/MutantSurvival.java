package dev.compilereceipt.junit;

import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.diff.ReceiptDifference;
import dev.compilereceipt.diff.ReceiptDifference.PhaseFigure;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The message of a mutant that a test let through: which mistake, what it changed in the
 * receipt (before → after), and an assertion that would have caught it.
 */
final class MutantSurvival {

    private static final int SHOWN_CHANGES = 8;

    private MutantSurvival() {
    }

    static String message(Mutant mutant, Receipt truth, List<ReceiptDifference> changes) {
        StringBuilder text = new StringBuilder();
        text.append("mutant ").append(mutant.id()).append(" survived: the test passed although ").append(mutant.mistake())
                .append(" (oracle code ").append(mutant.oracleCode()).append(").\n");
        text.append("It changed the receipt of ").append(truth.fixture().name()).append(" (before → after):\n");
        List<ReceiptDifference> phaseFiguresFirst = new ArrayList<>(changes);
        phaseFiguresFirst.sort(Comparator.comparing(change -> change.phaseFigure().isEmpty()));
        phaseFiguresFirst.stream().limit(SHOWN_CHANGES).forEach(change -> text.append("  ").append(change).append('\n'));
        if (changes.size() > SHOWN_CHANGES) {
            text.append("  ... and ").append(changes.size() - SHOWN_CHANGES).append(" more\n");
        }
        example(mutant, changes).ifPresent(example -> text.append("An assertion that would catch it (with ")
                .append(importsOf(example)).append("):\n  ").append(example).append('\n'));
        return text.toString();
    }

    /** The static imports the assertion compiles with: CompileAssertions' assertThat and the phase it names. */
    static String importsOf(String example) {
        String phase = example.substring(example.indexOf(".phase(") + ".phase(".length(), example.indexOf(')', example.indexOf(".phase(")));
        return "import static dev.compilereceipt.assertj.CompileAssertions.assertThat; import static dev.compilereceipt.trace.Phase."
                + phase + ";";
    }

    /**
     * An assertion, in CompileAssertions' terms alone, on the first phase figure the mutant changed:
     * a count pinned to its true value, or for a time a check that names none.
     */
    static Optional<String> example(Mutant mutant, List<ReceiptDifference> changes) {
        String telling = switch (mutant) {
            case DROP_WARMUP -> "calls";
            case CONFLATE_BREAKS_AND_RECOMPILES, COUNT_CACHE_HITS_AS_COMPILES -> "compiles";
            case AVERAGE_UNEQUAL_CALLS -> "wall_ms.mean";
            case HIDE_EAGER_ISLANDS -> "eager_island_ms";
        };
        List<ReceiptDifference> ordered = new ArrayList<>(changes);
        ordered.sort(Comparator.comparing(change -> !change.phaseFigure().map(PhaseFigure::figure).orElse("").equals(telling)));
        for (ReceiptDifference change : ordered) {
            Optional<PhaseFigure> figure = change.phaseFigure();
            if (figure.isEmpty() || change.before().isEmpty()) {
                continue;
            }
            String before = change.before().get();
            String run = figure.get().run();
            String phase = figure.get().phase().name();
            String at = "assertThat(receipt).run(\"" + run + "\").phase(" + phase + ")";
            switch (figure.get().figure()) {
                case "calls":
                    return Optional.of(at + ".hasCalls(" + before + ");");
                case "compiles":
                    return Optional.of(at + ".hasCompiles(" + before + ");");
                case "cache_hits":
                    return Optional.of(at + ".hasCacheHits(" + before + ");");
                case "breaks":
                    return Optional.of(at + ".hasBreaks(" + before + ");");
                // A time differs on the next capture: these two check what the mutant breaks, and name no time.
                case "eager_island_ms":
                    return Optional.of(at + ".hasEagerTimeAtItsBreaks();");
                case "wall_ms.mean":
                    return Optional.of(at + ".hasMeanOfItsCalls();");
                default:
                    break;
            }
        }
        return Optional.empty();
    }
}
