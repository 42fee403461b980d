package dev.compilereceipt.view.html;

import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Millis;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Each compile of a compile log as a stacked bar of its stages in the HTML view, every bar on the
 * report's one scale (the longest compile fills it), with its time and its cache outcomes: a compile
 * that loaded from every cache it looked up is marked {@code warm}, one that missed any {@code cold},
 * with the caches it missed.
 */
final class StageBars {

    static final String CSS = """
            span.stage-bar { display: inline-flex; width: 320px; height: 10px; margin-right: 8px; vertical-align: middle; }
            span.stage-bar span { height: 100%; }
            span.stage-dynamo { background: #4c78a8; } span.stage-aot_autograd { background: #f58518; }
            span.stage-inductor { background: #54a24b; } span.stage-codegen { background: #b279a2; }
            span.stage-other { background: #9d755d; } span.stage-unattributed { background: var(--line); }
            span.cache-cold { color: #9b1c1c; font-weight: 600; } span.cache-warm { color: #1c6b2e; font-weight: 600; }
            """;
    private static final List<String> ORDER = List.of(CompileStages.DYNAMO, CompileStages.AOT_AUTOGRAD, CompileStages.INDUCTOR,
            CompileStages.CODEGEN);

    private StageBars() {
    }

    static void write(Markup html, CompileLog log, double longest, boolean caches) {
        for (CompileLog.CompileTime time : log.compileTimes()) {
            if (time.compileMs().isEmpty() || longest <= 0) {
                continue;
            }
            double ms = time.compileMs().getAsDouble();
            String warm = !caches ? "null" : time.cache().warm().map(String::valueOf).orElse("null");
            html.open("div", "data-field", "compile_stages", "data-graph", time.graph(), "data-warm", warm)
                    .element("dt", "stages " + time.graph()).open("dd");
            html.open("span", "class", "stage-bar", "title", time.graph() + ": " + Millis.text(ms) + " ms");
            List<String[]> parts = new ArrayList<>();
            ORDER.stream().filter(time.stages().ms()::containsKey).forEach(stage -> parts.add(new String[] {stage, stage}));
            time.stages().ms().keySet().stream().filter(stage -> !ORDER.contains(stage)).forEach(stage -> parts.add(new String[] {stage, "other"}));
            for (String[] part : parts) {
                span(html, part[1], part[0], time.stages().ms().get(part[0]), longest);
            }
            span(html, "unattributed", "unattributed", Math.max(0, time.stages().unattributedMs(ms)), longest);
            html.close("span");
            html.element("span", Millis.text(ms) + " ms");
            if (caches && time.cache().warm().isPresent()) {
                boolean isWarm = time.cache().warm().get();
                List<String> outcomes = new ArrayList<>();
                time.cache().fxGraph().outcome().ifPresent(outcome -> outcomes.add(CompileLog.FX_GRAPH + " " + outcome));
                time.cache().aotAutograd().outcome().ifPresent(outcome -> outcomes.add(CompileLog.AOTAUTOGRAD + " " + outcome));
                html.element("span", " " + String.join(", ", outcomes) + ": " + (isWarm ? "warm" : "cold"),
                        "class", isWarm ? "cache-warm" : "cache-cold");
            }
            html.close("dd").close("div").newline();
        }
    }

    private static void span(Markup html, String kind, String stage, double ms, double longest) {
        html.element("span", "", "class", "stage-" + kind, "data-stage", stage, "title", stage + " " + Millis.text(ms) + " ms",
                "style", String.format(Locale.ROOT, "width: %.3f%%", ms / longest * 100));
    }
}
