package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.error.ShouldBeMeasured.shouldBeMeasured;
import static dev.compilereceipt.assertj.error.ShouldContain.shouldContain;
import static dev.compilereceipt.assertj.error.ShouldHaveRecompileCauses.shouldHaveRecompileCauses;
import static dev.compilereceipt.assertj.error.ShouldHaveRecompileCauses.shouldNameARecompileCause;
import static dev.compilereceipt.assertj.internal.FigureFailures.diffFailure;
import static dev.compilereceipt.assertj.internal.FigureFailures.notMeasured;
import static dev.compilereceipt.assertj.internal.FigureText.sortedLines;

import dev.compilereceipt.receipt.GuardFailure;
import dev.compilereceipt.receipt.RecompileCause;
import dev.compilereceipt.receipt.RecompileKind;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.VisibleText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.apiguardian.api.API;
import org.assertj.core.api.AssertionInfo;

/**
 * The checks on why a receipt recompiled: its recompile causes ({@link RecompileCause}), by the
 * guarded name and by kind, over the runs in scope, and the lookup of one cause.
 *
 * <p>Example: {@code RecompileCauseChecks.hasNoRecompilesCausedBy(info, scope, "n")} throws the
 * failure {@code assertThat(receipt).hasNoRecompilesCausedBy("n")} reports.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class RecompileCauseChecks {

    private RecompileCauseChecks() {
    }

    /** No recompile in scope was caused by a guard on {@code subject}, named as PyTorch writes it or plainly. */
    public static void hasNoRecompilesCausedBy(AssertionInfo info, ReceiptScope scope, String subject) {
        String asked = "have no recompiles caused by `" + subject + "`";
        requireMeasured(info, scope, asked);
        requireNamedCause(info, scope, asked, subject, cause -> cause.isAbout(subject));
        checkCauses(info, scope, asked, "{are} about it", cause -> cause.isAbout(subject));
    }

    /**
     * No recompile in scope was caused by a guard on the local {@code name} or anything reached from it: a cause whose
     * plain subject is {@code name}, or starts with {@code name.} or {@code name[} ({@code x} covers {@code L['x']},
     * {@code L['x'].size()[0]}, {@code x.stride()[1]}; not {@code xs}).
     */
    public static void hasNoRecompilesCausedByGuardsOn(AssertionInfo info, ReceiptScope scope, String name) {
        String asked = "have no recompiles caused by guards on `" + name + "`";
        requireMeasured(info, scope, asked);
        String plain = GuardFailure.plainName(name.strip());
        Predicate<RecompileCause> on = cause -> reachesFrom(GuardFailure.plainName(cause.subject()), plain);
        requireNamedCause(info, scope, asked, name, on);
        checkCauses(info, scope, asked, "{are} on guards on it", on);
    }

    private static boolean reachesFrom(String subject, String name) {
        return subject.equals(name) || subject.startsWith(name + ".") || subject.startsWith(name + "[");
    }

    private static void requireMeasured(AssertionInfo info, ReceiptScope scope, String asked) {
        // a recompiled variant without its recompile line (a TORCH_LOGS text without the recompiles logger): no cause read is not no cause
        if (scope.receipt().limits().coverage(Measure.RECOMPILE_CAUSES) == Coverage.NOT_MEASURED) {
            throw notMeasured(info, shouldBeMeasured(scope.subject(), asked, Measure.RECOMPILE_CAUSES,
                    scope.receipt().limits().missingEvidence(Measure.RECOMPILE_CAUSES)), Measure.RECOMPILE_CAUSES);
        }
    }

    /**
     * A name matching none of the causes in scope asks nothing (a typo, a name PyTorch never guards on), so it fails
     * where causes exist; with no cause at all, nothing recompiled on a guard is itself the measured answer.
     */
    private static void requireNamedCause(AssertionInfo info, ReceiptScope scope, String asked, String name, Predicate<RecompileCause> named) {
        Set<String> subjects = new TreeSet<>();
        boolean matched = false;
        for (RunFigures run : scope.runs()) {
            for (RecompileCause cause : run.recompileCauses()) {
                subjects.add(cause.subject());
                matched |= named.test(cause);
            }
        }
        if (!subjects.isEmpty() && !matched) {
            throw diffFailure(info, shouldNameARecompileCause(scope.subject(), asked, name, List.copyOf(subjects)),
                    sortedLines(subjects), name);
        }
    }

    /** Checks that every recompile cause in scope is of one of these kinds ({@link RecompileKind}); with none, that nothing recompiled on a guard. */
    public static void hasRecompileCausesOnlyOfKinds(AssertionInfo info, ReceiptScope scope, RecompileKind... kinds) {
        Set<RecompileKind> allowed = EnumSet.noneOf(RecompileKind.class);
        allowed.addAll(Arrays.asList(kinds));
        String names = allowed.isEmpty() ? "(none)" : String.join(", ", allowed.stream().map(RecompileKind::id).toList());
        checkCauses(info, scope, "recompile only on guards of kinds " + names, "{are} of other kinds", cause -> !allowed.contains(cause.kind()));
    }


    private static void checkCauses(AssertionInfo info, ReceiptScope scope, String asked, String what, Predicate<RecompileCause> offends) {
        requireMeasured(info, scope, asked);
        List<String> lines = new ArrayList<>();
        List<String> all = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        int offending = 0;
        for (RunFigures run : scope.runs()) {
            Set<RecompileKind> hinted = EnumSet.noneOf(RecompileKind.class);
            for (RecompileCause cause : run.recompileCauses()) {
                String line = run.label() + ": " + cause.subject() + " (" + cause.kind().id() + ")"
                        + cause.frame().map(frame -> " in " + frame.described()).orElse("");
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
            throw diffFailure(info, shouldHaveRecompileCauses(scope.subject(), asked, offending, what, lines.stream().map(VisibleText::of).toList()),
                    sortedLines(all), sortedLines(kept));
        }
    }

    /** The recompile cause of the one run in scope whose subject is {@code subject}; fails when none is. */
    public static Piece<RecompileCause> cause(AssertionInfo info, ReceiptScope scope, String subject) {
        RunFigures run = scope.onlyRun("recompileCause(" + subject + ")");
        List<String> subjects = run.recompileCauses().stream().map(RecompileCause::subject).toList();
        RecompileCause found = run.recompileCauses(subject).stream().findFirst().orElseThrow(() -> diffFailure(info,
                shouldContain(scope.subject(), "a recompile cause on `" + subject + "`", subjects.isEmpty()
                        ? "it has no recompile causes" : "its causes are on " + subjects), sortedLines(subjects), subject));
        return new Piece<>(found, scope.runOfReceipt(run));
    }
}
