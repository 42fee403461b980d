package dev.compilereceipt.approval;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * How an approved receipt is compared: {@link #EXACT} (every figure, times too, as 0.2 did), or
 * counts exact and times within a band ({@link #withinMargins()}: the approved value plus or minus
 * its family's {@link Margin}; {@link #within(TimeBands)}: the min..max measured over repeated runs,
 * widened by the margin); per PyTorch release ({@link #perRelease}: {@link ReleaseFiles}); and in
 * ratchet mode ({@link #ratchet}), where an improved count fails like a regression so that it is
 * approved on purpose. The suite properties read by {@link #withParameters} are
 * {@value #PER_RELEASE}, {@value #RATCHET}, {@value #BANDS} ({@code true} for the margins, or the path
 * of a bands file) and {@value #MARGIN}{@code <family>} ({@code 25%+50}).
 *
 * <p>Example:
 * <pre>{@code
 * ApprovalRules rules = ApprovalRules.EXACT.withinMargins().withMargin(TimeFamily.COMPILE, Margin.parse("10%+100")).withRatchet(true);
 * rules.describe();  // "counts exact, times within compile 10%+100, start 25%+50, wall 25%+50, eager 25%+50, ratio 25%+0.1, ratchet"
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public record ApprovalRules(boolean exact, boolean perRelease, boolean ratchet, Optional<TimeBands> bands,
                            Map<TimeFamily, Margin> margins) {

    public static final String PER_RELEASE = "compilereceipt.approve.perRelease";
    public static final String RATCHET = "compilereceipt.approve.ratchet";
    public static final String BANDS = "compilereceipt.approve.bands";
    public static final String MARGIN = "compilereceipt.approve.margin.";

    /** Every figure exact, one approved file per fixture, an improvement passes: the rules of 0.2. */
    public static final ApprovalRules EXACT = new ApprovalRules(true, false, false, Optional.empty(), defaults());

    public ApprovalRules {
        Map<TimeFamily, Margin> all = defaults();
        all.putAll(margins);
        margins = java.util.Collections.unmodifiableMap(all);
    }

    private static Map<TimeFamily, Margin> defaults() {
        Map<TimeFamily, Margin> margins = new EnumMap<>(TimeFamily.class);
        for (TimeFamily family : TimeFamily.values()) {
            margins.put(family, family.defaultMargin());
        }
        return margins;
    }

    /** Counts exact, each time within its approved value ± its family's margin. */
    public ApprovalRules withinMargins() {
        return new ApprovalRules(false, perRelease, ratchet, bands, margins);
    }

    /** Counts exact, each time within its measured band (widened by its margin); a time the bands lack, within its margin. */
    public ApprovalRules within(TimeBands measured) {
        return new ApprovalRules(false, perRelease, ratchet, Optional.of(measured), margins);
    }

    public ApprovalRules withPerRelease(boolean on) {
        return new ApprovalRules(exact, on, ratchet, bands, margins);
    }

    public ApprovalRules withRatchet(boolean on) {
        return new ApprovalRules(exact, perRelease, on, bands, margins);
    }

    /** This family's times within {@code margin}; times are then compared within bands. */
    public ApprovalRules withMargin(TimeFamily family, Margin margin) {
        Map<TimeFamily, Margin> changed = new EnumMap<>(margins);
        changed.put(family, margin);
        return new ApprovalRules(false, perRelease, ratchet, bands, changed);
    }

    public Margin margin(TimeFamily family) {
        return margins.get(family);
    }

    /**
     * These rules with the suite's properties applied ({@code parameter} answers a key: a JUnit
     * configuration parameter or a system property); an {@link IllegalArgumentException} naming the
     * property for a value it does not take. A relative bands path is read from the working directory.
     */
    public ApprovalRules withParameters(Function<String, Optional<String>> parameter) {
        ApprovalRules rules = this;
        Optional<String> perRelease = parameter.apply(PER_RELEASE).map(String::strip).filter(s -> !s.isEmpty());
        if (perRelease.isPresent()) {
            rules = rules.withPerRelease(bool(PER_RELEASE, perRelease.get()));
        }
        Optional<String> ratchet = parameter.apply(RATCHET).map(String::strip).filter(s -> !s.isEmpty());
        if (ratchet.isPresent()) {
            rules = rules.withRatchet(bool(RATCHET, ratchet.get()));
        }
        Optional<String> bands = parameter.apply(BANDS).map(String::strip).filter(s -> !s.isEmpty());
        if (bands.isPresent()) {
            if (bands.get().equals("true") || bands.get().equals("margins")) {
                rules = rules.withinMargins();
            } else if (!bands.get().equals("false")) {
                rules = rules.within(TimeBands.read(Path.of(bands.get())));
            }
        }
        for (TimeFamily family : TimeFamily.values()) {
            Optional<String> margin = parameter.apply(MARGIN + family.id()).map(String::strip).filter(s -> !s.isEmpty());
            if (margin.isPresent()) {
                try {
                    rules = rules.withMargin(family, Margin.parse(margin.get()));
                } catch (IllegalArgumentException wrong) {
                    throw new IllegalArgumentException(MARGIN + family.id() + ": " + wrong.getMessage(), wrong);
                }
            }
        }
        return rules;
    }

    private static boolean bool(String key, String value) {
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException(key + " must be true or false; found \"" + value + "\"");
    }

    /** The rules in words, as failure messages say them: {@code counts exact, times within their margins, ratchet}. */
    public String describe() {
        StringBuilder out = new StringBuilder();
        if (exact) {
            out.append("every figure exact");
        } else {
            boolean defaults = margins.equals(defaults());
            out.append("counts exact, times within ").append(bands.isPresent() ? "bands measured over " + bands.get().runs() + " runs widened by " : "")
                    .append(defaults ? "25%+50 ms (ratios 25%+0.1)" : Stream.of(TimeFamily.values())
                            .map(f -> f.id() + " " + margins.get(f).text()).collect(Collectors.joining(", ")));
        }
        if (ratchet) {
            out.append(", ratchet");
        }
        if (perRelease) {
            out.append(", per release");
        }
        return out.toString();
    }
}
