package dev.compilereceipt.mutant;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What became of one mutant on one trace: {@code killed} when the oracle reported the mutant's own
 * code and the receipt hash changed, {@code survived} when it did not, {@code not-distinguishable}
 * when the trace lacks what the mistake would change (never counted as killed).
 *
 * <p>Example: {@code MutantVerdict.all(trace)} gives the five verdicts in the contract's order.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record MutantVerdict(
        Mutant mutant,
        Verdict verdict,
        Optional<String> code,
        String receiptSha256,
        boolean hashChanged,
        String reason) {

    /** The three outcomes, with the ids the CLI prints. */
    public enum Verdict {
        KILLED("killed"), SURVIVED("survived"), NOT_DISTINGUISHABLE("not-distinguishable");

        private final String id;

        Verdict(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    public static List<MutantVerdict> all(Trace trace) {
        Receipt truth = Receipt.of(trace);
        List<MutantVerdict> verdicts = new ArrayList<>();
        for (Mutant mutant : Mutant.values()) {
            verdicts.add(of(trace, truth, mutant));
        }
        return List.copyOf(verdicts);
    }

    public static MutantVerdict of(Trace trace, Receipt truth, Mutant mutant) {
        Receipt mutated = mutant.receiptOf(trace);
        List<OracleFinding> findings = Oracle.check(trace, mutated);
        Optional<OracleFinding> own = findings.stream().filter(f -> f.code().equals(mutant.oracleCode())).findFirst();
        Optional<String> code = own.or(() -> findings.stream().findFirst()).map(OracleFinding::code);
        boolean hashChanged = !mutated.receiptSha256().equals(truth.receiptSha256());
        Optional<String> lack = Discrimination.lack(trace, mutant);
        if (lack.isPresent()) {
            return new MutantVerdict(mutant, Verdict.NOT_DISTINGUISHABLE, code, mutated.receiptSha256(), hashChanged,
                    "not distinguishable: " + lack.get() + "; the mistake (" + mutant.mistake() + ") changes nothing the oracle can see");
        }
        if (own.isPresent() && hashChanged) {
            return new MutantVerdict(mutant, Verdict.KILLED, code, mutated.receiptSha256(), true,
                    "killed: " + own.get().sentence());
        }
        String why = !hashChanged ? "the receipt hash did not change" : "the oracle did not report " + mutant.oracleCode()
                + (findings.isEmpty() ? " (it found nothing)" : " (it found " + findings.stream().map(OracleFinding::code).distinct().toList() + ")");
        return new MutantVerdict(mutant, Verdict.SURVIVED, code, mutated.receiptSha256(), hashChanged, "survived: " + why);
    }
}
