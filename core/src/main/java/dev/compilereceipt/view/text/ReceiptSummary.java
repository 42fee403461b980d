package dev.compilereceipt.view.text;

import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.receipt.FailureCode;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Coverage;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.receipt.ReceiptLimits;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.VisibleText;
import dev.compilereceipt.receipt.RecompileKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Set;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * A receipt as text a person reads in a terminal or a test report: per run a table of the phase
 * figures, then break sites, recompile causes, the comparison and the failures. Numbers use {@code .}
 * as the decimal mark whatever the locale; a figure not measured shows as {@code n/m}.
 *
 * <p>Example: {@code System.out.print(ReceiptSummary.render(receipt));}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ReceiptSummary {

    private ReceiptSummary() {
    }

    /** What the table's counts count: a call that crosses a break runs two regions, so its hits are two. */
    private static final String HITS = "  (compiles and hits count compiled regions: a call that crosses one break runs two)\n";

    /** Under the one run of a text without run markers: what it holds. */
    private static final String RUNS_MERGED = "  runs merged: the text has no compile_receipt_run markers, so this run holds every"
            + " run of its process (a capture's baseline and candidate add up)\n";

    /** The guard-check time of each phase that has one (a torch.profiler source), or nothing. */
    private static String guardChecks(RunFigures run) {
        List<String> phases = run.phases().values().stream().filter(figures -> figures.guardCheckMs().isPresent())
                .map(figures -> figures.phase().id() + " " + Millis.text(figures.guardCheckMs().get().total()) + " ms (median "
                        + Millis.text(figures.guardCheckMs().get().median()) + " a call)").toList();
        return phases.isEmpty() ? "" : "  guard checks: " + String.join(", ", phases) + "\n";
    }

    public static String render(Receipt receipt) {
        StringBuilder out = new StringBuilder();
        Fixture fixture = receipt.fixture();
        out.append("receipt of ").append(VisibleText.cut(fixture.name()));
        if (!fixture.fields().isEmpty()) {
            out.append(" (").append(fixture.sortedFields().entrySet().stream()
                    .map(e -> VisibleText.cut(e.getKey() + " " + e.getValue())).collect(Collectors.joining(", "))).append(')');
        }
        out.append('\n');
        if (!fixture.sources().isEmpty()) {
            out.append("read from      ").append(fixture.sources().stream()
                    .map(file -> VisibleText.of(file.role() + " " + file.path())).collect(Collectors.joining(", "))).append('\n');
        }
        out.append("trace_sha256   ").append(receipt.traceSha256()).append('\n');
        out.append("receipt_sha256 ").append(receipt.receiptSha256()).append('\n');
        // One scale for every compile of the receipt: the longest is the whole bar.
        double longest = StageBar.longest(receipt.runs().stream().flatMap(run -> run.compileLog().stream()).toList());
        for (RunFigures run : receipt.runs()) {
            out.append('\n').append("run ").append(run.label()).append('\n');
            if (receipt.limits().notEstablished().contains(ReceiptLimits.RUNS_MERGED)) {
                out.append(RUNS_MERGED);
            }
            out.append(run.hasPhases() ? table(run) + HITS + phaseStages(run) + guardChecks(run) : "  phases: none (the source has no per-call markers)\n");
            out.append("  graphs: ").append(run.variants().isEmpty() ? "none" : join(run.variants()));
            if (!run.fallbackGraphs().isEmpty()) {
                out.append("; fell back, no variant: ").append(join(run.fallbackGraphs()));
            }
            out.append('\n');
            out.append(BreakKindText.runSites(receipt, run));
            out.append("  cold start: ").append(ColdStartText.of(run.coldStart())).append('\n');
            // Why the warm start missed, one line per reason (docs/cache-keys.md).
            run.coldStart().keyChanges().ifPresent(changes -> dev.compilereceipt.trace.KeyComparison.lines(changes)
                    .forEach(line -> out.append("    why: ").append(dev.compilereceipt.trace.VisibleText.of(line)).append('\n')));
            out.append(recompileCauses(run, receipt.limits()));
            run.compileLog().ifPresent(log -> out.append(compileLog(log, receipt.limits(), longest, RecompileCountText.of(log,
                    run.recompileCauses(), receipt.limits().notEstablished().contains(ReceiptLimits.RUNS_MERGED)))));
        }
        if (!receipt.comparisons().isEmpty()) {
            out.append("\ncomparison (candidate / baseline, median wall ms)\n");
            for (Comparison c : receipt.comparisons()) {
                out.append(String.format(Locale.ROOT, "  %-8s", c.phase().id()));
                if (c.failure().isPresent()) {
                    out.append("not compared: ").append(c.failure().get().code()).append(" (baseline ").append(c.baselineCalls())
                            .append(" calls, candidate ").append(c.candidateCalls()).append(")\n");
                } else {
                    out.append(ms(c.baselineMedianMs())).append(" -> ").append(ms(c.candidateMedianMs()))
                            .append("  ratio ").append(ratio(c.ratio())).append('\n');
                }
            }
            receipt.trade().ifPresent(trade -> out.append("  trade: ").append(TradeText.of(trade)).append('\n')
                    .append("  warm start: ").append(trade.warmCaches().map(warm -> TradeText.warm(warm, trade.steadySavingMs()))
                            .orElse("n/m (no warm start of both runs)")).append('\n'));
        }
        receipt.badLines().ifPresent(lines -> out.append("\nbad lines skipped: ").append(lines.isEmpty() ? "none" : lines.toString()).append('\n'));
        if (!receipt.limits().notMeasured().isEmpty()) {
            out.append("\nnot measured by this trace: ").append(String.join(", ", receipt.limits().notMeasured())).append('\n');
        }
        out.append("\nfailures: ").append(receipt.failures().isEmpty() ? noFailures(receipt.limits()) : receipt.failures().stream().map(FailureCode::code).collect(Collectors.joining(", "))).append('\n');
        return out.toString();
    }

    /** No failure found: a measured none only where every compiled call's output was checked. */
    private static String noFailures(ReceiptLimits limits) {
        return limits.measured(Measure.OUTPUT_CHECKS) ? "none" : "none found; output checks n/m";
    }

    /** Only the break sites of each run and its compile log, grouped by kind: {@code receipt audit --kinds}. */
    public static String kinds(Receipt receipt) {
        StringBuilder out = new StringBuilder();
        for (RunFigures run : receipt.runs()) {
            out.append(out.length() == 0 ? "" : "\n").append("run ").append(run.label()).append('\n');
            out.append(BreakKindText.runSites(receipt, run));
            run.compileLog().ifPresent(log -> out.append("  compile log:\n").append(!receipt.limits().measured(Measure.BREAK_SITES)
                    ? "    breaks: n/m\n" : log.breakSites().isEmpty() ? "    breaks: none\n" : BreakKindText.logSites(log)));
        }
        return out.toString();
    }

    /**
     * Only the recompile causes of each run: {@code receipt audit --causes}. One line per cause, its
     * evidence under it (at most {@value RecompileCauseText#EVIDENCE} guard failures, first lines only, no
     * escapes of 2.14's multi-line reasons) and its kind's hint once per run.
     */
    public static String causes(Receipt receipt) {
        StringBuilder out = new StringBuilder();
        for (RunFigures run : receipt.runs()) {
            out.append(out.length() == 0 ? "" : "\n").append("run ").append(run.label()).append('\n')
                    .append(recompileCauses(run, receipt.limits()));
        }
        return out.toString();
    }

    /** One line per recompile cause with its evidence, instead of every guard failure: those are in the JSON. A kind's hint is shown once. */
    private static String recompileCauses(RunFigures run, ReceiptLimits limits) {
        if (!limits.measured(Measure.RECOMPILE_CAUSES)) {
            return "  recompile causes: n/m\n";
        }
        if (run.recompileCauses().isEmpty()) {
            return "  recompile causes: none\n";
        }
        int failures = run.recompileCauses().stream().mapToInt(cause -> cause.evidence().size()).sum();
        StringBuilder out = new StringBuilder("  recompile causes (").append(failures)
                .append(failures == 1 ? " guard failure):\n" : " guard failures):\n");
        Set<RecompileKind> hinted = EnumSet.noneOf(RecompileKind.class);
        run.recompileCauses().forEach(cause -> out.append(RecompileCauseText.block(cause, "    ", hinted.add(cause.kind()))));
        return out.toString();
    }

    private static String compileLog(CompileLog log, ReceiptLimits limits, double longest, String recompiles) {
        boolean compiles = limits.measured(Measure.COMPILES);
        StringBuilder out = new StringBuilder("  compile log:\n");
        out.append("    compiles ").append(compiles ? Integer.toString(log.compiles().size()) : "n/m").append(" (").append(recompiles)
                .append("), fallbacks ")
                .append(limits.coverage(Measure.FALLBACKS) == Coverage.LOWER_BOUND ? "≥ " : "").append(log.fallbacks().size())
                .append(", compile ms ")
                .append(ms(log.compileMs())).append('\n');
        out.append("    compile stages: ").append(!limits.measured(Measure.COMPILE_STAGES) || log.compileMs().isEmpty() ? "n/m"
                : StageText.of(log.stages(), log.compileMs().getAsDouble())).append('\n');
        String bars = limits.measured(Measure.COMPILE_STAGES) ? StageBar.of(log, longest, "      ",
                limits.measured(Measure.FX_GRAPH_CACHE) || limits.measured(Measure.AOTAUTOGRAD_CACHE)) : "";
        if (!bars.isEmpty()) {
            out.append("    per compile, on the receipt's one scale (").append(StageBar.KEY).append("):\n").append(bars);
        }
        out.append("    variants made: ").append(!compiles ? "n/m" : log.graphs().isEmpty() ? "none" : String.join(" ", log.graphs()))
                .append('\n');
        if (!log.fallbackGraphs().isEmpty()) {
            out.append("    fell back: ").append(String.join(" ", log.fallbackGraphs())).append('\n');
        }
        out.append("    FX graphs compiled: ");
        if (!compiles || !limits.measured(Measure.GRAPHS_COMPILED)) {
            out.append("n/m\n");
        } else {
            out.append(log.graphsCompiled()).append(" of ").append(log.compiles().size()).append(" variants")
                    .append(log.graphless().isEmpty() ? "" : "; graphless: " + String.join(" ", log.graphless())).append('\n');
        }
        out.append(limits.measured(Measure.BREAK_SITES) ? BreakKindText.logSites(log) : "    breaks: n/m\n");
        out.append("    recompile reasons: ").append(limits.measured(Measure.RECOMPILE_CAUSES) ? Integer.toString(log.recompileReasons().size()) : "n/m")
                .append('\n');
        if (!limits.measured(Measure.ARTIFACT_CACHE)) {
            return out.append("    on-disk caches: n/m\n").toString();
        }
        out.append("    on-disk caches: ")
                .append(cacheCounts(CompileLog.FX_GRAPH, log.artifactCache().fxGraph(), limits.measured(Measure.FX_GRAPH_CACHE)))
                .append(", ")
                .append(cacheCounts(CompileLog.AOTAUTOGRAD, log.artifactCache().aotAutograd(), limits.measured(Measure.AOTAUTOGRAD_CACHE)))
                .append('\n');
        return out.toString();
    }

    /** One cache's counts; {@code n/m} where the log holds no record of that cache, never its 0 (issue #43). */
    private static String cacheCounts(String cache, CompileLog.CacheCounts counts, boolean measured) {
        return measured ? cache + " hit " + counts.hit() + " miss " + counts.miss() + " bypass " + counts.bypass() : cache + " n/m";
    }

    /** The stages of each phase that compiled, where the source measures them. */
    private static String phaseStages(RunFigures run) {
        StringBuilder out = new StringBuilder();
        for (PhaseFigures f : run.phases().values()) {
            if (f.compileStages().isPresent() && f.compileMs() > 0) {
                out.append(String.format(Locale.ROOT, "  %-8s", f.phase().id())).append("compile stages: ")
                        .append(StageText.of(f.compileStages().get(), f.compileMs())).append('\n');
            }
        }
        return out.toString();
    }

    private static String table(RunFigures run) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"phase", "calls", "median ms", "p90 ms", "compiles", "hits", "fallbacks", "breaks",
                "eager ms", "compile ms", "new variants"});
        for (PhaseFigures f : run.phases().values()) {
            rows.add(new String[] {f.phase().id(), Integer.toString(f.calls()),
                    f.wallMs().map(w -> Millis.text(w.median())).orElse(f.calls() == 0 ? "-" : "n/m"),
                    f.wallMs().map(w -> Millis.text(w.p90())).orElse(f.calls() == 0 ? "-" : "n/m"),
                    Integer.toString(f.compiles()), count(f.cacheHits()), Integer.toString(f.fallbacks()),
                    count(f.breaks()), ms(f.eagerIslandMs()), Millis.text(f.compileMs()),
                    f.newGraphVariants().isEmpty() ? "-" : join(f.newGraphVariants())});
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            out.append(' ');
            for (int i = 0; i < row.length; i++) {
                out.append(' ');
                String cell = row[i];
                boolean left = i == 0 || i == row.length - 1;
                String pad = " ".repeat(widths[i] - cell.length());
                out.append(left ? cell + (i == row.length - 1 ? "" : pad) : pad + cell);
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String join(List<?> values) {
        return values.stream().map(Object::toString).collect(Collectors.joining(" "));
    }

    /** A millisecond figure as the summary writes it; {@code n/m} where it was not measured. */
    static String ms(OptionalDouble value) {
        return value.isPresent() ? Millis.text(value.getAsDouble()) : "n/m";
    }

    /** A ratio is not a time: it keeps the receipt's 6 significant digits. */
    private static String ratio(OptionalDouble value) {
        return value.isPresent() ? CanonicalJson.number(value.getAsDouble()) : "n/m";
    }

    private static String count(OptionalInt value) {
        return value.isPresent() ? Integer.toString(value.getAsInt()) : "n/m";
    }
}
