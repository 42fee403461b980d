package dev.compilereceipt.assertj.internal;

import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.receipt.RecompileKind;
import dev.compilereceipt.view.text.RecompileCauseText;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The recompile causes behind offending calls, that a recompile check's message leads with: per
 * run, one line a cause, then at most three guard failures and the hint of its kind, as the
 * summary writes them ({@link RecompileCauseText}); every failure is in the receipt's JSON.
 *
 * <p>Example: int-spec's steady phase gives {@code baseline: 7 recompiles in steady because `L['n']`
 * (a Python int) took 7 new values (2…8); at 0/8 the recompile limit was hit and the frame fell back to eager}.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class CauseLines {

    private CauseLines() {
    }

    /** The causes with a guard failure in one of these calls, each block ending in a line break; empty text when there are none. */
    public static String of(Receipt receipt, List<LedgerRow> rows) {
        Set<String> runs = new LinkedHashSet<>();
        rows.forEach(row -> runs.add(row.run()));
        List<String> lines = new ArrayList<>();
        for (String run : runs) {
            Set<String> calls = new LinkedHashSet<>();
            rows.stream().filter(row -> row.run().equals(run)).forEach(row -> calls.add(row.call()));
            Set<RecompileKind> hinted = EnumSet.noneOf(RecompileKind.class);
            for (RecompileCause cause : receipt.run(run).recompileCauses()) {
                if (cause.evidence().stream().anyMatch(failure -> failure.call().map(calls::contains).orElse(false))) {
                    lines.addAll(of(run, cause, hinted.add(cause.kind())));
                }
            }
        }
        return lines.isEmpty() ? "" : FigureText.indented(lines) + FigureText.NL;
    }

    /** One cause of run {@code run} as lines: {@code baseline: 7 recompiles ...}, then its failures and (where {@code withHint}) hint. */
    public static List<String> of(String run, RecompileCause cause, boolean withHint) {
        List<String> block = RecompileCauseText.block(cause, "", withHint).lines().toList();
        List<String> lines = new ArrayList<>();
        lines.add(run + ": " + block.get(0));
        lines.addAll(block.subList(1, block.size()));
        return lines;
    }
}
