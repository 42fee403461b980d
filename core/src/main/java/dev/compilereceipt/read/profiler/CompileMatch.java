package dev.compilereceipt.read.profiler;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.GraphId;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which compile of the TORCH_TRACE log each compile span of the profile is. A profile names no
 * compile id; its compile spans ({@code _compile.compile_inner}, by their end) are the log's
 * compiles in the log's order, a run of consecutive ones as a profile covers one stretch of the
 * process. The run is the one where every compile that made a variant with a graph is followed on
 * its thread by the region of that graph (Dynamo runs what it compiled at once); a profile that fits
 * no run, or more than one, is refused: a fallback's compile span says nothing of its id.
 *
 * <p>A recompile-limit fallback writes no compile span (2.6 and 2.14 check the limit before
 * {@code compile_inner}): it is placed only between two matched spans of one call, else it is
 * {@linkplain #unplaced() unplaced}.
 */
final class CompileMatch {

    private final Map<ProfileSpan, CompileLog.CompileEvents> bySpan = new IdentityHashMap<>();
    private final Map<ProfileSpan, ProfileSpan> compileOfRegion = new IdentityHashMap<>();
    private final Map<ProfileSpan, List<CompileLog.CompileEvents>> spanlessAfter = new IdentityHashMap<>();
    private boolean unplaced;
    private boolean compileSpansMissing;

    private CompileMatch() {
    }

    /** The compile spans of {@code spans} (by start, the longer first) matched to {@code log}; calls say where a spanless fallback may go. */
    static CompileMatch of(Path file, List<ProfileSpan> spans, List<ProfileSpan> calls, CompileLog log) {
        CompileMatch match = new CompileMatch();
        List<ProfileSpan> compiles = new ArrayList<>(ProfileCalls.outermostOf(spans.stream()
                .filter(s -> s.kind() == ProfileSpan.Kind.COMPILE).toList()));
        compiles.sort(Comparator.comparingDouble(ProfileSpan::end));
        List<CompileLog.CompileEvents> all = log.compileEvents();
        List<Integer> spanned = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (!isSpanless(all.get(i))) {
                spanned.add(i);
            }
        }
        List<ProfileSpan> regions = spans.stream().filter(s -> s.kind() == ProfileSpan.Kind.REGION).toList();
        List<Optional<ProfileSpan>> next = compiles.stream().map(c -> regions.stream()
                .filter(r -> r.thread().equals(c.thread()) && r.start() >= c.end()).findFirst()).toList();
        List<Integer> fits = new ArrayList<>();
        for (int k = 0; k + compiles.size() <= spanned.size(); k++) {
            if (fits(k, compiles, next, spanned, all, log)) {
                fits.add(k);
            }
        }
        if (compiles.isEmpty()) {
            match.unplaced = all.stream().anyMatch(CompileMatch::isSpanless);
            match.compileSpansMissing = !all.isEmpty();
            return match;
        }
        if (fits.size() != 1) {
            String first = next.get(0).flatMap(ProfileSpan::graph).map(g -> " (the first before region " + g + ")").orElse("");
            throw new Refusal(file, "/" + ProfileEvents.EVENTS, 0, 0, "the " + compiles.size() + " compile spans of the"
                    + " profile" + first + " fit " + (fits.isEmpty() ? "no run" : fits.size() + " runs") + " of"
                    + " consecutive compiles of its TORCH_TRACE log (" + log.compileEvents().stream()
                    .map(c -> c.graph().toString()).toList() + ")" + (fits.isEmpty() ? ": are the two of the same process?"
                    : ": a compile span names no compile id, so which compiles these are is not known"));
        }
        int k = fits.get(0);
        for (int i = 0; i < compiles.size(); i++) {
            ProfileSpan span = compiles.get(i);
            CompileLog.CompileEvents compile = all.get(spanned.get(k + i));
            match.bySpan.put(span, compile);
            if (compile.madeVariant()) {
                GraphId graph = compile.graph();
                regions.stream().filter(r -> r.thread().equals(span.thread()) && r.start() >= span.end()
                        && r.graph().orElseThrow().equals(graph)).findFirst().ifPresent(r -> match.compileOfRegion.put(r, span));
            }
        }
        match.placeSpanless(all, spanned, k, compiles, calls);
        return match;
    }

    private static boolean fits(int k, List<ProfileSpan> compiles, List<Optional<ProfileSpan>> next, List<Integer> spanned,
                                List<CompileLog.CompileEvents> all, CompileLog log) {
        for (int i = 0; i < compiles.size(); i++) {
            CompileLog.CompileEvents compile = all.get(spanned.get(k + i));
            if (compile.madeVariant() && !log.graphless().contains(compile.graph().toString())
                    && !next.get(i).flatMap(ProfileSpan::graph).equals(Optional.of(compile.graph()))) {
                return false;
            }
        }
        return true;
    }

    private void placeSpanless(List<CompileLog.CompileEvents> all, List<Integer> spanned, int k, List<ProfileSpan> compiles,
                               List<ProfileSpan> calls) {
        int firstAt = spanned.get(k);
        int lastAt = spanned.get(k + compiles.size() - 1);
        for (int at = 0; at < all.size(); at++) {
            if (!isSpanless(all.get(at))) {
                continue;
            }
            int i = 0;
            while (i < compiles.size() && spanned.get(k + i) < at) {
                i++;
            }
            if (at < firstAt || at > lastAt) {
                unplaced = true;
                continue;
            }
            ProfileSpan before = compiles.get(i - 1);
            ProfileSpan after = compiles.get(i);
            Optional<ProfileSpan> call = calls.stream().filter(c -> c.holds(before) && c.holds(after)).findFirst();
            if (call.isEmpty()) {
                unplaced = true;
                continue;
            }
            spanlessAfter.computeIfAbsent(before, b -> new ArrayList<>()).add(all.get(at));
        }
    }

    private static boolean isSpanless(CompileLog.CompileEvents compile) {
        return !compile.madeVariant() && compile.outcome() instanceof dev.compilereceipt.trace.Event.Fallback fallback
                && fallback.reason().equals(CompileLog.RECOMPILE_LIMIT);
    }

    /** The compile of the log a compile span is; empty for a span of no call's window (never, once matched). */
    Optional<CompileLog.CompileEvents> compileOf(ProfileSpan span) {
        return Optional.ofNullable(bySpan.get(span));
    }

    /** The compile span that made the variant {@code region} runs, where this region is the first run of it. */
    Optional<ProfileSpan> compileSpanOf(ProfileSpan region) {
        return Optional.ofNullable(compileOfRegion.get(region));
    }

    /** The spanless fallbacks that happened after compile span {@code span} and before the next, in its call. */
    List<CompileLog.CompileEvents> spanlessAfter(ProfileSpan span) {
        return spanlessAfter.getOrDefault(span, List.of());
    }

    /**
     * Whether the log compiles and the profile holds no compile span at all: a compile may then lie in any gap
     * between regions, so no gap is eager time for certain (the profile may also start after the compiles).
     */
    boolean compileSpansMissing() {
        return compileSpansMissing;
    }

    /** Whether a spanless fallback of the log could not be placed in a call (nor known to be outside the profile). */
    boolean unplaced() {
        return unplaced;
    }
}
