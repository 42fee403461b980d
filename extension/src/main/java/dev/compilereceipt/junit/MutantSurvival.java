package dev.compilereceipt.junit;

import dev.compilereceipt.Mutant;
import dev.compilereceipt.Receipt;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The message of a mutant that a test let through: which mistake, what it changed in the
 * receipt (before → after), and an assertion that would have caught it.
 */
final class MutantSurvival {

    private static final int SHOWN_CHANGES = 8;
    private static final Pattern PHASE_FIGURE = Pattern.compile("runs\\.(\\w+)\\.phases\\.(\\w+)\\.([a-z_.]+): (.+) → (.+)");

    private MutantSurvival() {
    }

    static String message(Mutant mutant, Receipt truth, List<String> changes) {
        StringBuilder text = new StringBuilder();
        text.append("mutant ").append(mutant.id()).append(" survived: the test passed although ").append(mutant.mistake())
                .append(" (oracle code ").append(mutant.oracleCode()).append(").\n");
        text.append("It changed the receipt of ").append(truth.fixture().name()).append(" (before → after):\n");
        List<String> phaseFiguresFirst = new java.util.ArrayList<>(changes);
        phaseFiguresFirst.sort(java.util.Comparator.comparing(change -> !PHASE_FIGURE.matcher(change).matches()));
        phaseFiguresFirst.stream().limit(SHOWN_CHANGES).forEach(change -> text.append("  ").append(change).append('\n'));
        if (changes.size() > SHOWN_CHANGES) {
            text.append("  ... and ").append(changes.size() - SHOWN_CHANGES).append(" more\n");
        }
        example(mutant, changes).ifPresent(example -> text.append("An assertion that would catch it:\n  ").append(example).append('\n'));
        return text.toString();
    }

    /** An assertion, in CompileAssertions' terms, pinning the first phase figure the mutant changed. */
    static Optional<String> example(Mutant mutant, List<String> changes) {
        String telling = switch (mutant) {
            case DROP_WARMUP -> "calls";
            case CONFLATE_BREAKS_AND_RECOMPILES, COUNT_CACHE_HITS_AS_COMPILES -> "compiles";
            case AVERAGE_UNEQUAL_CALLS -> "wall_ms.mean";
            case HIDE_EAGER_ISLANDS -> "eager_island_ms";
        };
        List<String> ordered = new java.util.ArrayList<>(changes);
        ordered.sort(java.util.Comparator.comparing(change -> !change.contains("." + telling + ": ")));
        for (String change : ordered) {
            Matcher m = PHASE_FIGURE.matcher(change);
            if (!m.matches()) {
                continue;
            }
            String run = m.group(1);
            String phase = m.group(2).toUpperCase(java.util.Locale.ROOT);
            String figure = m.group(3);
            String before = m.group(4);
            String at = "assertThat(receipt).run(\"" + run + "\").phase(" + phase + ")";
            switch (figure) {
                case "calls":
                    return Optional.of(at + ".hasCalls(" + before + ");");
                case "compiles":
                    return Optional.of(at + ".hasCompiles(" + before + ");");
                case "cache_hits":
                    return Optional.of(at + ".hasCacheHits(" + before + ");");
                case "breaks":
                    return Optional.of(at + ".hasBreaks(" + before + ");");
                case "eager_island_ms":
                    return Optional.of("assertThat(receipt.run(\"" + run + "\").phase(" + phase
                            + ").eagerIslandMs()).hasValue(" + before + ");");
                case "wall_ms.mean":
                    return Optional.of("assertThat(receipt.run(\"" + run + "\").phase(" + phase
                            + ").wallMs().orElseThrow().mean()).isEqualTo(" + before + ");");
                default:
                    break;
            }
        }
        return Optional.empty();
    }
}
