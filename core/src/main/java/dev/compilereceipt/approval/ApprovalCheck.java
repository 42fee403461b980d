package dev.compilereceipt.approval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.diff.FormatGap;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.diff.ReceiptDifference;
import dev.compilereceipt.json.JsonReading;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * The one judgement of a received receipt against an approved one, used by the JUnit check, the
 * AssertJ assert and {@code receipt check} alike: every difference of the {@link ReceiptDiff} judged
 * under {@link ApprovalRules}. Under {@link ApprovalRules#EXACT} every difference fails. Otherwise
 * counts stay exact, and a count of a {@link CountFamily} that moved the better way is an
 * improvement (passing and reported, or failing in ratchet mode); a time ({@link TimeFamily}) is held
 * to its band and fails beyond it whichever way it moved; the ledger is not judged on its own (its
 * rows repeat the phase figures, which are), nor are the hash of the trace (which differs whenever a
 * time does) and the comparison's break-even call count (derived from its times); a ledger row
 * that moved while no phase figure did is a change.
 *
 * <p>Example:
 * <pre>{@code
 * Judgement judgement = ApprovalCheck.judge(ReceiptDiff.between(receipt, Receipt.of(trace)), ApprovalRules.EXACT.withinMargins());
 * judgement.passed();       // true when only times moved, each within 25% + 50 ms
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class ApprovalCheck {

    private static final ObjectMapper MAPPER = JsonReading.trees();

    private ApprovalCheck() {
    }

    /** Judges the received receipt against the approved one (both as JSON), ignoring what {@code ignored} covers. */
    public static Judgement judge(JsonNode approved, JsonNode received, List<String> ignored, ApprovalRules rules) {
        return judge(ReceiptDiff.between(approved, received).ignoring(ignored), rules);
    }

    /** Judges each difference of {@code diff} (already without what it ignores). */
    public static Judgement judge(ReceiptDiff diff, ApprovalRules rules) {
        List<Finding> findings = new ArrayList<>();
        for (FormatGap.Change change : diff.formatGap().map(FormatGap::changes).orElse(List.of())) {
            ReceiptDifference d = change.difference();
            findings.add(new Finding(d.path(), d.before(), d.after(), Finding.Direction.CHANGE, Optional.empty(), OptionalDouble.empty(), true));
        }
        int within = 0;
        List<ReceiptDifference> ledger = new ArrayList<>();
        boolean figureMoved = false;
        for (ReceiptDifference d : diff.differences()) {
            List<String> path = d.path();
            if (rules.exact()) {
                Finding.Direction direction = CountFamily.of(path).map(family -> direction(family, d)).orElse(Finding.Direction.CHANGE);
                findings.add(new Finding(path, d.before(), d.after(), direction, Optional.empty(), OptionalDouble.empty(), true));
                continue;
            }
            if (path.get(0).equals("ledger")) {
                if (TimeFamily.of(path).isEmpty()) {
                    ledger.add(d);
                }
                continue;
            }
            if (path.equals(List.of("trace_sha256")) || path.get(path.size() - 1).startsWith("break_even")) {
                continue;
            }
            figureMoved = true;
            Optional<TimeFamily> time = TimeFamily.of(path);
            if (time.isPresent()) {
                OptionalDouble a = number(d.before());
                OptionalDouble r = number(d.after());
                if (a.isEmpty() || r.isEmpty()) {
                    findings.add(new Finding(path, d.before(), d.after(), Finding.Direction.CHANGE, Optional.empty(), OptionalDouble.empty(), true));
                    continue;
                }
                Finding.Band band = band(d.pathText(), a.getAsDouble(), rules, time.get());
                double received = r.getAsDouble();
                if (received >= band.low() && received <= band.high()) {
                    within++;
                    continue;
                }
                OptionalDouble factor = a.getAsDouble() == 0 ? OptionalDouble.empty() : OptionalDouble.of(received / a.getAsDouble());
                findings.add(new Finding(path, d.before(), d.after(),
                        received > band.high() ? Finding.Direction.REGRESSION : Finding.Direction.IMPROVEMENT, Optional.of(band), factor, true));
                continue;
            }
            Finding.Direction direction = CountFamily.of(path).map(family -> direction(family, d)).orElse(Finding.Direction.CHANGE);
            boolean fails = direction != Finding.Direction.IMPROVEMENT || rules.ratchet();
            findings.add(new Finding(path, d.before(), d.after(), direction, Optional.empty(), OptionalDouble.empty(), fails));
        }
        if (!figureMoved) {
            for (ReceiptDifference d : ledger) {
                findings.add(new Finding(d.path(), d.before(), d.after(), Finding.Direction.CHANGE, Optional.empty(), OptionalDouble.empty(), true));
            }
        }
        return new Judgement(findings, within, rules);
    }

    /** The band of a time: its measured min..max widened by the margin, else the approved value ± the margin. */
    static Finding.Band band(String figure, double approved, ApprovalRules rules, TimeFamily family) {
        Margin margin = rules.margin(family);
        Optional<TimeBands.Stats> measured = rules.bands().flatMap(b -> b.of(figure));
        if (measured.isPresent()) {
            TimeBands.Stats s = measured.get();
            return new Finding.Band(s.min() - margin.around(s.min()), s.max() + margin.around(s.max()),
                    "measured " + Margin.number(s.min()) + ".." + Margin.number(s.max()) + " over " + rules.bands().get().runs()
                            + " runs, ± " + margin.text());
        }
        return new Finding.Band(approved - margin.around(approved), approved + margin.around(approved),
                Margin.number(approved) + " ± " + margin.text());
    }

    private static Finding.Direction direction(CountFamily family, ReceiptDifference d) {
        OptionalDouble before = magnitude(d.before());
        OptionalDouble after = magnitude(d.after());
        if (before.isEmpty() || after.isEmpty() || before.getAsDouble() == after.getAsDouble()) {
            return Finding.Direction.CHANGE;
        }
        boolean fewer = after.getAsDouble() < before.getAsDouble();
        return fewer == family.fewerIsBetter() ? Finding.Direction.IMPROVEMENT : Finding.Direction.REGRESSION;
    }

    /** A count as a number: the number itself, a list's length, an element present as one, absent as none, hit 1 and miss 0. */
    private static OptionalDouble magnitude(Optional<String> value) {
        if (value.isEmpty()) {
            return OptionalDouble.of(0);
        }
        JsonNode node = parse(value.get());
        if (node.isNumber()) {
            return OptionalDouble.of(node.asDouble());
        }
        if (node.isArray()) {
            return OptionalDouble.of(node.size());
        }
        if (node.isObject()) {
            return OptionalDouble.of(1);
        }
        if (node.isTextual() && (node.asText().equals("hit") || node.asText().equals("miss"))) {
            return OptionalDouble.of(node.asText().equals("hit") ? 1 : 0);
        }
        return OptionalDouble.empty();
    }

    private static OptionalDouble number(Optional<String> value) {
        if (value.isEmpty()) {
            return OptionalDouble.empty();
        }
        JsonNode node = parse(value.get());
        return node.isNumber() ? OptionalDouble.of(node.asDouble()) : OptionalDouble.empty();
    }

    private static JsonNode parse(String value) {
        try {
            return MAPPER.readTree(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("canonical JSON that does not read back: " + value, e);
        }
    }
}
