package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveRecompileCauses.shouldHaveRecompileCauses;
import dev.compilereceipt.assertj.internal.CauseLines;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.receipt.RecompileKind;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.VisibleText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Predicate;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The checks on why a receipt recompiled: its recompile causes ({@link RecompileCause}), by the
 * guarded name and by kind, and the assert of one cause. Part of {@link AbstractReceiptAssert},
 * whose scope (all runs, or the one chosen) they share.
 *
 * @param <SELF> the assert's own type, so that checks chain
 * @param <ACTUAL> the receipt type
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractRecompileCauseChecks<SELF extends AbstractRecompileCauseChecks<SELF, ACTUAL>, ACTUAL extends Receipt>
        extends AbstractBreakSiteChecks<SELF, ACTUAL> {

    protected AbstractRecompileCauseChecks(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    /**
     * Checks that no recompile in scope was caused by a guard on {@code subject}: the guarded name as
     * PyTorch writes it ({@code L['n']}, {@code L['x'].size()[0]}) or plainly ({@code n}, {@code x.size()[0]}),
     * the same on 2.6 and 2.14. Every source that records guard failures measures it, calls or not.
     */
    public SELF hasNoRecompilesCausedBy(String subject) {
        checkCauses("have no recompiles caused by `" + subject + "`", "{are} about it", cause -> cause.isAbout(subject));
        return myself;
    }

    /** Checks that every recompile cause in scope is of one of these kinds ({@link RecompileKind}); with none, that nothing recompiled on a guard. */
    public SELF hasRecompileCausesOnlyOfKinds(RecompileKind... kinds) {
        Set<RecompileKind> allowed = EnumSet.noneOf(RecompileKind.class);
        allowed.addAll(Arrays.asList(kinds));
        String names = allowed.isEmpty() ? "(none)" : String.join(", ", allowed.stream().map(RecompileKind::id).toList());
        checkCauses("recompile only on guards of kinds " + names, "{are} of other kinds", cause -> !allowed.contains(cause.kind()));
        return myself;
    }

    /** The recompile cause of the one run in scope whose subject is {@code subject}; fails when none is. */
    public RecompileCauseAssert recompileCause(String subject) {
        RunFigures run = onlyRun("recompileCause(" + subject + ")");
        List<String> subjects = run.recompileCauses().stream().map(RecompileCause::subject).toList();
        RecompileCause found = run.recompileCauses(subject).stream().findFirst().orElseThrow(() -> diffFailure(
                shouldContain(subject(), "a recompile cause on `" + subject + "`", subjects.isEmpty()
                        ? "it has no recompile causes" : "its causes are on " + subjects), sortedLines(subjects), subject));
        return navigate(RecompileCauseAssert.class, RecompileCause.class, found, RecompileCauseAssert::new, "run " + run.label());
    }

    private void checkCauses(String asked, String what, Predicate<RecompileCause> offends) {
        List<String> lines = new ArrayList<>();
        List<String> all = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        int offending = 0;
        for (RunFigures run : scope()) {
            Set<RecompileKind> hinted = EnumSet.noneOf(RecompileKind.class);
            for (RecompileCause cause : run.recompileCauses()) {
                String line = run.label() + ": " + cause.subject() + " (" + cause.kind().id() + ")";
                all.add(line);
                if (offends.test(cause)) {
                    offending++;
                    lines.addAll(CauseLines.of(run.label(), cause, hinted.add(cause.kind())));
                } else {
                    kept.add(line);
                }
            }
        }
        if (offending > 0) {
            throw diffFailure(shouldHaveRecompileCauses(subject(), asked, offending, what, lines.stream().map(VisibleText::of).toList()),
                    sortedLines(all), sortedLines(kept));
        }
    }
}
