package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.BreakMessage;
import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.read.StringPool;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the messages of a TORCH_LOGS text say about the compiles of one run, as a {@link CompileLog}.
 * Each message is read when it is complete, in the order the messages completed:
 * <ul>
 *   <li>{@code Recompiling function} of compile id {@code F/V}: a recompile, with its guard failures;</li>
 *   <li>the recompile-limit warning of {@code F/V} right after that compile's own recompile message:
 *       that compile made no variant, it is a fallback (its guard failures stay); with no such
 *       message, a fallback whose one known guard failure is the warning's {@code last reason};</li>
 *   <li>a graph break of {@code F/V}: a break at its site, reported by that compile, which made a
 *       variant (a recompile when {@code V > 0}) unless the text says {@code Skipping the function};
 *       the compile is the latest of that id of the same writer, or a new one when the text had
 *       none (a first compile, seen only because it broke);</li>
 *   <li>{@code WON'T CONVERT}: a fallback of the frame it names. PyTorch logs it after the compile
 *       ended, without a compile id, so the fallback is {@code function@file:line} and a recompile
 *       message before it (if the failed compile was a recompile) stays a recompile.</li>
 * </ul>
 * A compile id is the trace id's {@code F/V} (an attempt {@code _A} is the same compile); ids start
 * again at {@code 0/0} after {@code torch._dynamo.reset()}, so one id may stand for several
 * compiles, and the compile of each message is looked up per writer (rank and pid). A message
 * without a compile id (the bare format) is matched by the frame it names; a recompile without one
 * takes {@link RecompileText#inferredGraph()}.
 *
 * <p>{@link CompileLog#compiles()} and {@link CompileLog#graphs()} hold only the compiles the text
 * names (recompiles, broken compiles, and the older variants the guard failures name): a first
 * compile that went well leaves no line, so the trace declares {@code compiles} not measured and
 * the receipt writes both as {@code null}. Counts are bounded by {@link Limits}: compiles,
 * recompile reasons and distinct break sites per run.
 */
final class TextCompileLog {

    /** How Dynamo names the frame that resumes after a graph break. */
    private static final String RESUME_FRAME = "torch_dynamo_resume_in_";

    private final Limits limits;
    private final StringPool pool;
    private final List<Compile> compiles = new ArrayList<>();
    private final Map<WriterGraph, Compile> latest = new HashMap<>();
    private final Map<String, Compile> lastOfWriter = new HashMap<>();
    private final Map<String, Site> sites = new TreeMap<>();
    /** The same sites by hash, to find one: a break's site is mostly the very string met before, which a tree compares char by char. */
    private final Map<String, Site> siteIndex = new HashMap<>();
    private int guards;
    private final BreakMessages breaks;

    TextCompileLog(Limits limits, StringPool pool) {
        this.limits = limits;
        this.pool = pool;
        this.breaks = new BreakMessages(pool);
    }

    /** Reads a complete message; false when it is torn (its first line is then listed as bad). */
    boolean read(TextMessage message) {
        return switch (message.kind) {
            case BREAK -> Optional.of(breaks.of(message.lines, message.chars()))
                    .filter(brk -> brk.site().isPresent() && brk.statesReason()).map(brk -> {
                graphBreak(message, brk);
                return true;
            }).orElse(false);
            case RECOMPILE -> message.recompile.read(pool).map(recompile -> {
                recompile(message, recompile);
                return true;
            }).orElse(false);
            case LIMIT -> FallbackText.limit(message.lines, pool).map(limit -> {
                limit(message, limit);
                return true;
            }).orElse(false);
            case WONT_CONVERT -> FallbackText.wontConvert(message.lines, pool).map(frame -> {
                Optional<Compile> compile = message.graph.flatMap(graph -> lastCompile(message.process, graph));
                if (compile.isPresent()) {
                    compile.get().fellBack();
                } else {
                    add(new Compile(message.process, message.graph, message.graph.map(GraphId::toString).orElse(frame.frame()),
                            frame.frame(), false, false, false, List.of()));
                }
                return true;
            }).orElse(false);
        };
    }

    private void recompile(TextMessage message, RecompileText text) {
        Optional<GraphId> graph = message.graph.isPresent() ? message.graph : text.inferredGraph();
        String frame = text.function() + "@" + text.location();
        add(new Compile(message.process, graph, pool.intern(graph.map(GraphId::toString).orElse(frame)), frame, true, true, true,
                text.guards()));
    }

    private void limit(TextMessage message, FallbackText limit) {
        Compile last = lastOfWriter.get(message.process);
        boolean sameCompile = last != null && last.fromRecompile && last.variant
                && (message.graph.isPresent() ? last.graph.equals(message.graph) : last.frame.equals(limit.frame()));
        if (sameCompile) {
            last.fellBack();
            return;
        }
        String id = message.graph.map(GraphId::toString).orElse(limit.frame());
        add(new Compile(message.process, message.graph, pool.intern(id), limit.frame(), false, false, false,
                limit.lastReason().map(List::of).orElse(List.of())));
    }

    private void graphBreak(TextMessage message, BreakMessage brk) {
        String at = brk.site().orElseThrow();
        Site site = siteIndex.get(at);
        if (site == null) {
            if (sites.size() == limits.maxBreakSites()) {
                throw PassedLimit.over("the text reports more than " + limits.maxBreakSites() + " distinct break sites",
                        limits.maxBreakSites(), "max_break_sites", "withMaxBreakSites");
            }
            site = new Site(brk.reason(), brk.detail());
            sites.put(at, site);
            siteIndex.put(at, site);
        }
        site.compiles++;
        site.detail = site.detail.orUserFrameOf(brk.detail());
        if (message.graph.isEmpty()) {
            if (brk.skipsFrame()) {
                add(new Compile(message.process, Optional.empty(), pool.intern("?@" + at), "", false, false, false, List.of()));
            }
            return;
        }
        GraphId graph = message.graph.get();
        Optional<Compile> compile = Optional.ofNullable(latest.get(key(message.process, graph)));
        if (compile.isEmpty()) {
            add(new Compile(message.process, message.graph, pool.intern(graph.toString()), "", false, !brk.skipsFrame(),
                    !brk.skipsFrame() && graph.isRecompile(), List.of()));
        } else if (brk.skipsFrame()) {
            compile.get().fellBack();
        }
    }

    /** The writer's last compile, when it is of {@code graph}: the compile a message logged right after it belongs to. */
    private Optional<Compile> lastCompile(String process, GraphId graph) {
        Compile last = lastOfWriter.get(process);
        return last != null && last.graph.equals(Optional.of(graph)) ? Optional.of(last) : Optional.empty();
    }

    private void add(Compile compile) {
        if (compiles.size() == limits.maxCompiles()) {
            throw PassedLimit.over("the text has more than " + limits.maxCompiles() + " compiles", limits.maxCompiles(),
                    "max_compiles", "withMaxCompiles");
        }
        if ((long) guards + compile.guards.size() > limits.maxRecompileReasons()) {
            throw PassedLimit.over("the text has more than " + limits.maxRecompileReasons() + " recompile reasons",
                    limits.maxRecompileReasons(), "max_recompile_reasons", "withMaxRecompileReasons");
        }
        pool.chargeReasons(compile.guards);
        guards += compile.guards.size();
        compiles.add(compile);
        lastOfWriter.put(compile.process, compile);
        compile.graph.ifPresent(graph -> latest.put(key(compile.process, graph), compile));
    }

    private static WriterGraph key(String process, GraphId graph) {
        return new WriterGraph(process, graph);
    }

    /**
     * A compile id of one writer: not a string made of them, for every break read. Its equality is written out: a
     * record's own goes through a method handle, which C1 (the launcher's compiler) leaves slow.
     */
    private static final class WriterGraph {

        private final String process;
        private final long frame;
        private final long variant;

        WriterGraph(String process, GraphId graph) {
            this.process = process;
            this.frame = graph.frame();
            this.variant = graph.variant();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof WriterGraph that && frame == that.frame && variant == that.variant
                    && process.equals(that.process);
        }

        @Override
        public int hashCode() {
            return (process.hashCode() * 31 + Long.hashCode(frame)) * 31 + Long.hashCode(variant);
        }
    }

    /**
     * The recompiled variants ({@code N/k}, {@code k > 0}) the text shows without a recompile line for
     * them: seen only in another logger's prefix (a graph break of {@code 0/1}), so their causes were
     * not read (the {@code recompiles} logger was off).
     */
    List<String> recompilesWithoutReason() {
        return compiles.stream().filter(compile -> compile.graph.filter(GraphId::isRecompile).isPresent() && !compile.fromRecompile
                && compile.guards.isEmpty()).map(compile -> compile.id).distinct().toList();
    }

    /**
     * The resume frames ({@code torch_dynamo_resume_in_*}) the text names while it holds no graph-break
     * line: a resume frame is made by a break, so the compiles broke where no break was read (the
     * {@code graph_breaks} logger was off), each with the compiles it was seen in:
     * {@code torch_dynamo_resume_in_f_at_31 (1/1)}.
     */
    List<String> resumeFramesWithoutBreak() {
        if (!sites.isEmpty()) {
            return List.of();
        }
        Map<String, Set<String>> ids = new java.util.LinkedHashMap<>();
        for (Compile compile : compiles) {
            if (compile.frame.startsWith(RESUME_FRAME)) {
                String frame = compile.frame.substring(0, compile.frame.indexOf('@') < 0 ? compile.frame.length() : compile.frame.indexOf('@'));
                ids.computeIfAbsent(frame, f -> new LinkedHashSet<>()).add(compile.id);
            }
        }
        List<String> frames = new ArrayList<>();
        ids.forEach((frame, of) -> frames.add(frame + " (" + String.join(", ", of) + ")"));
        return frames;
    }

    CompileLog build() {
        List<String> made = new ArrayList<>();
        List<String> recompiles = new ArrayList<>();
        List<String> fallbacks = new ArrayList<>();
        Set<String> graphs = new LinkedHashSet<>();
        Set<String> fallbackGraphs = new LinkedHashSet<>();
        List<CompileLog.RecompileReason> reasons = new ArrayList<>();
        Map<String, CodeFrame> frames = new LinkedHashMap<>();
        for (Compile compile : compiles) {
            compile.codeFrame().ifPresent(frame -> frames.put(compile.id, frame));
            for (String guard : compile.guards) {
                RecompileText.failedVariant(guard).ifPresent(older -> graphs.add(older.toString()));
                reasons.add(new CompileLog.RecompileReason(compile.id, guard));
            }
            if (compile.variant) {
                made.add(compile.id);
                graphs.add(compile.id);
                if (compile.recompile) {
                    recompiles.add(compile.id);
                }
            } else {
                fallbacks.add(compile.id);
                fallbackGraphs.add(compile.id);
            }
        }
        List<CompileLog.Site> breakSites = new ArrayList<>();
        sites.forEach((site, seen) -> breakSites.add(new CompileLog.Site(site, seen.reason, seen.compiles, seen.detail)));
        return new CompileLog(made, recompiles, fallbacks, List.copyOf(graphs), List.copyOf(fallbackGraphs), breakSites,
                reasons, OptionalDouble.empty(), CompileLog.ArtifactCache.NONE, List.of(), List.of(), List.of(), frames);
    }

    /** One compile the text names: by a recompile message, a break, or a fallback. */
    private static final class Compile {
        final String process;
        final Optional<GraphId> graph;
        final String id;
        final String frame;
        final boolean fromRecompile;
        boolean variant;
        boolean recompile;
        final List<String> guards;

        Compile(String process, Optional<GraphId> graph, String id, String frame, boolean fromRecompile, boolean variant,
                boolean recompile, List<String> guards) {
            this.process = process;
            this.graph = graph;
            this.id = id;
            this.frame = frame;
            this.fromRecompile = fromRecompile;
            this.variant = variant;
            this.recompile = recompile;
            this.guards = List.copyOf(guards);
        }

        /** The frame its message names ({@code f@/rtl/scenarios.py:64}); empty for a break's compile, whose message names none. */
        Optional<CodeFrame> codeFrame() {
            int at = frame.indexOf('@');
            return at <= 0 ? Optional.empty() : CodeFrame.at(frame.substring(0, at), frame.substring(at + 1));
        }

        void fellBack() {
            variant = false;
            recompile = false;
        }
    }

    /** A break site: the first reason and detail given for it (with the first user frame given), and how many compiles reported it. */
    private static final class Site {
        final String reason;
        BreakDetail detail;
        int compiles;

        Site(String reason, BreakDetail detail) {
            this.reason = reason;
            this.detail = detail;
        }
    }
}
