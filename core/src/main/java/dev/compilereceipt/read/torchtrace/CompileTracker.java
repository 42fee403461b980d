package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.BreakMessage;
import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.read.StringPool;
import java.util.regex.Pattern;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Optional;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Follows the compiles of a log from their first record to their {@code compilation_metrics} and
 * hands each finished {@link LogCompile} to the current call (or run) and its compile log.
 *
 * <p>How compile ids are read: records of one {@code F/V} with a higher {@code attempt} are
 * restarts of the same compile (Dynamo restarts analysis after a graph break); the compile ends at
 * its {@code compilation_metrics}, whichever attempt logs it. A {@code dynamo_start} or
 * {@code recompile_reasons} for an id that has already finished begins a new compile (ids start
 * again at {@code 0/0} after {@code torch._dynamo.reset()}). An id with {@code recompile_reasons}
 * and neither {@code dynamo_start} nor metrics hit the recompile limit: it is a fallback, finished
 * when another compile starts or at the next marker or the end of the log. A compile that started
 * and never logged its metrics is a fallback too ("did not finish"). The breaks of a compile that
 * made no variant gave up their frame: Dynamo runs it eagerly ({@link BreakDetail#skipsFrame()};
 * 2.6 says no more than {@code has_guarded_code: false} for a break in a loop).
 */
final class CompileTracker {

    /**
     * A restart reason that is only an exception's type: Dynamo writes {@code str(type(e))} of a
     * {@code RestartAnalysis} raised without a reason ({@code TensorifyScalarRestartAnalysis},
     * {@code UnspecializeRestartAnalysis}, ...: convert_frame.py, 2.6 and 2.14). It restarts the
     * analysis of the same frame and is not a graph break; a break's restart carries its reason.
     */
    private static final Pattern RESTART_ANALYSIS = Pattern.compile("<class '[\\w.]+'>");


    /** The reason of a fallback whose frame Dynamo gave up after a graph break (2.8+ say so in the break text). */
    static final String SKIPPED = "frame skipped after a graph break: ";

    private final Map<GraphId, Open> open = new LinkedHashMap<>();
    /** The cache lookups of each compile id, until its compile finishes; a restart (attempt) keeps them. */
    private final Map<GraphId, CacheTally> lookups = new LinkedHashMap<>();
    /** Finished compiles, in the order they finished, until every break of theirs has its site. */
    private final Deque<Finished> settling = new ArrayDeque<>();
    private final BreakSiteResolver resolver = new BreakSiteResolver();
    private final StringPool pool;
    private CompileLogBuilder log;
    private Consumer<LogCompile> sink;

    CompileTracker(StringPool pool) {
        this.pool = pool;
    }

    /** Where finished compiles go from now on. */
    void target(CompileLogBuilder runLog, Consumer<LogCompile> compiles) {
        this.log = runLog;
        this.sink = compiles;
    }

    void started(GraphId id, long attempt) {
        Open compile = open.get(id);
        if (compile != null && compile.started && attempt <= compile.attempt) {
            finish(open.remove(id), LogCompile.UNFINISHED);
            compile = null;
        }
        if (compile == null) {
            finishLimitHits(id);
            compile = new Open(id);
            open.put(id, compile);
        }
        compile.started = true;
        compile.attempt = Math.max(compile.attempt, attempt);
    }

    void recompileReasons(GraphId id, List<String> guards) {
        Open compile = open.get(id);
        if (compile != null && !compile.guards.isEmpty()) {
            finish(open.remove(id), compile.started ? LogCompile.UNFINISHED : CompileLog.RECOMPILE_LIMIT);
            compile = null;
        }
        if (compile == null) {
            compile = new Open(id);
            open.put(id, compile);
        }
        compile.guards.addAll(guards);
    }

    /** A break from a {@code dynamo_graph_break_reason} artifact. */
    void graphBreak(GraphId id, BreakMessage message) {
        open.computeIfAbsent(id, Open::new).breaks.add(message);
    }

    /**
     * An {@code fx_graph_cache_*} or {@code aotautograd_cache_*} artifact of compile {@code id}; false, and
     * not counted, when that compile has an AOTAutograd outcome already, or its most FX graph outcomes ({@link CacheTally}).
     */
    boolean cacheArtifact(GraphId id, String name) {
        return lookups.computeIfAbsent(id, key -> new CacheTally()).artifact(name);
    }

    /**
     * An {@code autograd_cache_*} chromium event of compile {@code id} (2.6's only record of the AOTAutograd
     * cache); false, and not counted, when that compile has such an event already.
     */
    boolean chromiumAutogradLookup(GraphId id, String outcome) {
        return lookups.computeIfAbsent(id, key -> new CacheTally()).chromium(outcome);
    }

    private CompileLog.ArtifactCache lookupsOf(GraphId id) {
        CacheTally tally = lookups.remove(id);
        return tally == null ? CompileLog.ArtifactCache.NONE : tally.cache();
    }

    void metrics(GraphId id, CompileMetrics metrics) {
        Open compile = open.remove(id);
        if (compile == null) {
            compile = new Open(id);
        }
        String frame = metrics.coName().orElse("");
        String file = metrics.coFilename().orElse("");
        resolver.compiled(frame, file);
        List<LogBreak> breaks = new ArrayList<>();
        Optional<BreakMessage> skipped = compile.breaks.stream().filter(BreakMessage::skipsFrame).findFirst();
        boolean variant = metrics.madeVariant();
        if (!compile.breaks.isEmpty()) {
            for (BreakMessage note : compile.breaks) {
                BreakDetail detail = variant ? note.detail() : note.detail().skippingFrame();
                breaks.add(note.site().isPresent() ? LogBreak.at(note.site().get(), note.reason(), detail)
                        : LogBreak.pending(note.reason(), detail, frame, file));
            }
        } else {
            for (String text : metrics.restartReasons()) {
                if (RESTART_ANALYSIS.matcher(text).matches()) {
                    continue;
                }
                BreakMessage restart = BreakMessage.ofReason(text, pool);
                breaks.add(LogBreak.pending(restart.reason(), variant ? restart.detail() : restart.detail().skippingFrame(), frame, file));
                skipped = skipped.or(() -> restart.skipsFrame() ? Optional.of(restart) : Optional.empty());
            }
        }
        breaks.forEach(resolver::add);
        boolean recompile = variant && (metrics.cacheSize().orElse(0) > 0 || id.isRecompile());
        String reason = variant ? "" : skipped.map(brk -> SKIPPED + brk.reason()).orElseGet(() -> metrics.failType()
                .map(type -> type + metrics.failReason().map(r -> ": " + BreakMessage.ofReason(r, pool).reason()).orElse(""))
                .orElse("no variant was made: the frame runs eagerly"));
        enqueue(new Finished(new LogCompile(id, variant, recompile, reason, metrics.compileMs().orElse(0),
                metrics.compileMs().isPresent(), metrics.stages(), lookupsOf(id), compile.guards, List.of(), metrics.frame()), breaks));
    }

    /** Finishes every open compile and settles every pending break: at a marker and at the end of the log. */
    void flush() {
        for (Open compile : List.copyOf(open.values())) {
            finish(compile, compile.started ? LogCompile.UNFINISHED : CompileLog.RECOMPILE_LIMIT);
        }
        open.clear();
        resolver.settleAll();
        drain();
        // Lookups of a compile id that never finished here still happened: the run counts them.
        lookups.values().forEach(tally -> log.addLookups(tally.cache()));
        lookups.clear();
    }

    private void finishLimitHits(GraphId starting) {
        for (Iterator<Open> it = open.values().iterator(); it.hasNext(); ) {
            Open compile = it.next();
            if (!compile.started && !compile.guards.isEmpty() && !compile.id.equals(starting)) {
                it.remove();
                finish(compile, CompileLog.RECOMPILE_LIMIT);
            }
        }
    }

    private void finish(Open compile, String reason) {
        List<LogBreak> breaks = new ArrayList<>();
        for (BreakMessage note : compile.breaks) {
            breaks.add(note.site().isPresent() ? LogBreak.at(note.site().get(), note.reason(), note.detail())
                    : LogBreak.pending(note.reason(), note.detail(), "", ""));
        }
        breaks.forEach(resolver::add);
        enqueue(new Finished(new LogCompile(compile.id, false, false, reason, 0, true, CompileStages.NONE, lookupsOf(compile.id),
                compile.guards, List.of(), Optional.empty()), breaks));
    }

    private void enqueue(Finished compile) {
        settling.add(compile);
        drain();
    }

    /** Hands on, in order, each finished compile whose breaks all have their sites; the first unsettled one waits. */
    private void drain() {
        while (!settling.isEmpty() && settling.peek().breaks.stream().noneMatch(LogBreak::isPending)) {
            Finished done = settling.poll();
            LogCompile settled = done.compile.withBreaks(done.breaks.stream().map(LogBreak::settled).toList());
            log.add(settled);
            // After the run's reason limit is checked, so that a flood of reasons is refused at that limit.
            pool.chargeReasons(settled.guardFailures());
            sink.accept(settled);
        }
    }

    /**
     * One compile's cache records: its artifacts, and for the AOTAutograd cache its chromium events
     * too, outcome by outcome the larger count, since 2.14 writes each lookup as both and 2.6 as the event only.
     * A compile looks the AOTAutograd cache up once: a second outcome of one kind of record is refused (false). The
     * FX graph cache it may look up a few times: 2.14 loads each FX graph an AOTAutograd entry holds, one record per
     * graph and shape guard (two for one compile in the sid shape-change capture), so past {@value #FX_GRAPH_LOOKUPS}
     * a record is refused. Either way a log cannot make two compiles report thousands of hits.
     */
    private static final class CacheTally {
        /** The most FX graph cache outcomes one compile is counted for; real logs show one, or two on 2.14's AOTAutograd hits. */
        static final int FX_GRAPH_LOOKUPS = 8;
        private CompileLog.CacheCounts fxGraph = CompileLog.CacheCounts.NONE;
        private int fxGraphLookups;
        private CompileLog.CacheCounts aotArtifacts = CompileLog.CacheCounts.NONE;
        private CompileLog.CacheCounts aotEvents = CompileLog.CacheCounts.NONE;

        boolean artifact(String name) {
            CompileLog.CacheCounts one = CompileLog.CacheCounts.of(name.substring(name.lastIndexOf('_') + 1));
            if (name.startsWith("fx_graph_cache_")) {
                if (fxGraphLookups == FX_GRAPH_LOOKUPS) {
                    return false;
                }
                fxGraphLookups++;
                fxGraph = fxGraph.plus(one);
            } else {
                if (!aotArtifacts.isEmpty()) {
                    return false;
                }
                aotArtifacts = one;
            }
            return true;
        }

        boolean chromium(String outcome) {
            if (!aotEvents.isEmpty()) {
                return false;
            }
            aotEvents = CompileLog.CacheCounts.of(outcome);
            return true;
        }

        CompileLog.ArtifactCache cache() {
            return new CompileLog.ArtifactCache(fxGraph, aotArtifacts.max(aotEvents));
        }
    }

    /** A compile that has finished, with breaks that may still wait for their sites. */
    private record Finished(LogCompile compile, List<LogBreak> breaks) {
    }

    private static final class Open {
        final GraphId id;
        boolean started;
        long attempt;
        final List<String> guards = new ArrayList<>();
        final List<BreakMessage> breaks = new ArrayList<>();

        Open(GraphId id) {
            this.id = id;
        }
    }
}
