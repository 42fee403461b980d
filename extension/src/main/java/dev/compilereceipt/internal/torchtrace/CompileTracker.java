package dev.compilereceipt.internal.torchtrace;

import dev.compilereceipt.GraphId;
import java.util.ArrayList;
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
 * and never logged its metrics is a fallback too ("did not finish").
 */
final class CompileTracker {

    private final Map<GraphId, Open> open = new LinkedHashMap<>();
    private final BreakSiteResolver resolver = new BreakSiteResolver();
    private CompileLogBuilder log;
    private Consumer<LogCompile> sink;

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
            finish(open.remove(id), compile.started ? LogCompile.UNFINISHED : LogCompile.RECOMPILE_LIMIT);
            compile = null;
        }
        if (compile == null) {
            compile = new Open(id);
            open.put(id, compile);
        }
        compile.guards.addAll(guards);
    }

    /** A break from a {@code dynamo_graph_break_reason} artifact; {@code site} is null when the text names none. */
    void graphBreak(GraphId id, String site, String reason) {
        open.computeIfAbsent(id, Open::new).breaks.add(new String[] {site, reason});
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
        if (!compile.breaks.isEmpty()) {
            for (String[] note : compile.breaks) {
                breaks.add(note[0] != null ? LogBreak.at(note[0], note[1], log) : LogBreak.pending(note[1], frame, file, log));
            }
        } else {
            for (String restart : metrics.restartReasons()) {
                breaks.add(LogBreak.pending(restart, frame, file, log));
            }
        }
        breaks.forEach(resolver::add);
        boolean variant = metrics.madeVariant();
        boolean recompile = variant && (metrics.cacheSize().orElse(0) > 0 || id.isRecompile());
        String reason = variant ? "" : metrics.failType()
                .map(type -> type + metrics.failReason().map(r -> ": " + r).orElse(""))
                .orElse("no variant was made: the frame runs eagerly");
        emit(new LogCompile(id, variant, recompile, reason, metrics.compileMs().orElse(0),
                metrics.compileMs().isPresent(), compile.guards, breaks));
    }

    /** Finishes every open compile and settles every pending break: at a marker and at the end of the log. */
    void flush() {
        for (Open compile : List.copyOf(open.values())) {
            finish(compile, compile.started ? LogCompile.UNFINISHED : LogCompile.RECOMPILE_LIMIT);
        }
        open.clear();
        resolver.settleAll();
    }

    private void finishLimitHits(GraphId starting) {
        for (Iterator<Open> it = open.values().iterator(); it.hasNext(); ) {
            Open compile = it.next();
            if (!compile.started && !compile.guards.isEmpty() && !compile.id.equals(starting)) {
                it.remove();
                finish(compile, LogCompile.RECOMPILE_LIMIT);
            }
        }
    }

    private void finish(Open compile, String reason) {
        List<LogBreak> breaks = new ArrayList<>();
        for (String[] note : compile.breaks) {
            breaks.add(note[0] != null ? LogBreak.at(note[0], note[1], log) : LogBreak.pending(note[1], "", "", log));
        }
        breaks.forEach(resolver::add);
        emit(new LogCompile(compile.id, false, false, reason, 0, true, compile.guards, breaks));
    }

    private void emit(LogCompile compile) {
        log.add(compile);
        sink.accept(compile);
    }

    private static final class Open {
        final GraphId id;
        boolean started;
        long attempt;
        final List<String> guards = new ArrayList<>();
        final List<String[]> breaks = new ArrayList<>();

        Open(GraphId id) {
            this.id = id;
        }
    }
}
