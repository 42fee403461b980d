package dev.compilereceipt.assertj.internal;

import static dev.compilereceipt.assertj.internal.FigureText.count;

import dev.compilereceipt.trace.BreakKind;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.receipt.RunFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.assertj.core.presentation.Representation;

/**
 * A distinct break site of a run in scope, as the kind checks see it: its kind (and a skipped
 * frame's cause), where the user's code is, and the evidence line of the failure table. A run's
 * call sites come first; a TORCH_TRACE log without per-call markers adds its compile log's sites.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public record SiteInScope(String run, String site, BreakKind kind, Optional<BreakKind> cause, Optional<String> userCode, String figures,
                   String reason) {

    public static List<SiteInScope> of(List<RunFigures> runs) {
        List<SiteInScope> sites = new ArrayList<>();
        for (RunFigures run : runs) {
            for (BreakSite site : run.breakSites()) {
                sites.add(new SiteInScope(run.label(), site.site(), site.kind(), site.causeKind(), site.userCode(),
                        "crossed by " + count(site.calls(), "call"), site.reason()));
            }
            for (CompileLog.Site site : run.compileLog().map(CompileLog::breakSites).orElse(List.of())) {
                if (run.breakSite(site.site()).isEmpty()) {
                    sites.add(new SiteInScope(run.label(), site.site(), site.kind(), site.causeKind(), site.userCode(),
                            "reported by " + count(site.compiles(), "compile"), site.reason()));
                }
            }
        }
        return sites;
    }

    /** {@code device-sync} or {@code frame-skip (cause device-sync)}. */
    public String kindText() {
        return kindText(kind, cause);
    }

    public static String kindText(BreakKind kind, Optional<BreakKind> cause) {
        return kind.label() + cause.map(c -> " (cause " + c.label() + ")").orElse("");
    }

    /** The line of the failure table: run, site, kind (written by {@code representation}), user frame where it is not the site, figures, reason. */
    public String evidence(Representation representation) {
        String frame = userCode.filter(code -> !code.equals(site)).map(code -> "  user frame " + code)
                .orElse(userCode.isEmpty() ? "  user frame unknown" : "");
        String kinds = representation.toStringOf(kind) + cause.map(c -> " (cause " + representation.toStringOf(c) + ")").orElse("");
        return run + " " + site + "  " + kinds + frame + "  " + figures + "  " + reason;
    }

    /** The line of the IDE diff: run, site and kind. */
    public String kindLine() {
        return run + " " + site + ": " + kindText();
    }

    /** The line of the IDE diff of {@code hasNoBreaksUnder}: run, site and where the user's code is. */
    public String userCodeLine() {
        return run + " " + site + ": user code " + userCode.orElse("unknown");
    }
}
