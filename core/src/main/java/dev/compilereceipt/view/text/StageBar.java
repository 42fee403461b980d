package dev.compilereceipt.view.text;

import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Millis;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Each compile of a compile log as a bar of characters, one letter a stage ({@code D} Dynamo,
 * {@code A} AOTAutograd, {@code I} Inductor, {@code C} codegen, {@code o} any other, {@code .}
 * unattributed), on one scale for the whole log: the longest compile is {@value #WIDTH} characters.
 * A stage's length is where its end falls on the scale less where its start falls, so the bar of a
 * compile is its share of the longest and the stages add up to it. Then the compile's time and its
 * cache outcomes: {@code warm} when it loaded from every cache it looked up, {@code cold} with the
 * caches it missed.
 *
 * <p>Example: {@code StageBar.of(receipt.run("baseline").compileLog().orElseThrow(), 4121.808, "  ", true)} gives for
 * print-bridge's 2.14 log the line "0/0  DDAAAAAAICCC...C  4121.808 ms  fx_graph miss, aotautograd miss: cold".
 */
@API(status = API.Status.INTERNAL)
public final class StageBar {

    static final int WIDTH = 40;
    private static final Map<String, Character> LETTERS = Map.of(CompileStages.DYNAMO, 'D', CompileStages.AOT_AUTOGRAD, 'A',
            CompileStages.INDUCTOR, 'I', CompileStages.CODEGEN, 'C');
    private static final List<String> ORDER = List.of(CompileStages.DYNAMO, CompileStages.AOT_AUTOGRAD,
            CompileStages.INDUCTOR, CompileStages.CODEGEN);
    public static final String KEY = "D dynamo, A aot_autograd, I inductor, C codegen, o other, . unattributed";

    private StageBar() {
    }

    /** The lines of every timed compile of {@code log}, each indented by {@code indent}; empty when none is timed. */
    public static String of(CompileLog log, double longest, String indent, boolean cachesMeasured) {
        if (longest <= 0) {
            return "";
        }
        int idWidth = log.compileTimes().stream().mapToInt(time -> time.graph().length()).max().orElse(3);
        StringBuilder out = new StringBuilder();
        for (CompileLog.CompileTime time : log.compileTimes()) {
            if (time.compileMs().isEmpty()) {
                continue;
            }
            double ms = time.compileMs().getAsDouble();
            out.append(indent).append(String.format(Locale.ROOT, "%-" + idWidth + "s  ", time.graph()))
                    .append(String.format(Locale.ROOT, "%-" + WIDTH + "s", bar(time.stages(), ms, longest)))
                    .append("  ").append(Millis.text(ms)).append(" ms");
            if (cachesMeasured) {
                out.append(cache(time.cache()));
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** The longest timed compile of these logs: the scale's {@value #WIDTH} characters. */
    public static double longest(List<CompileLog> logs) {
        return logs.stream().flatMap(log -> log.compileTimes().stream()).filter(time -> time.compileMs().isPresent())
                .mapToDouble(time -> time.compileMs().getAsDouble()).max().orElse(0);
    }

    /** The stage letters of one compile of {@code ms} on the scale where {@code longest} is {@value #WIDTH} characters. */
    static String bar(CompileStages stages, double ms, double longest) {
        List<Character> letters = new ArrayList<>();
        List<Double> lengths = new ArrayList<>();
        for (String stage : ORDER) {
            if (stages.ms().containsKey(stage)) {
                letters.add(LETTERS.get(stage));
                lengths.add(stages.ms().get(stage));
            }
        }
        stages.ms().forEach((stage, value) -> {
            if (!ORDER.contains(stage)) {
                letters.add('o');
                lengths.add(value);
            }
        });
        letters.add('.');
        lengths.add(Math.max(0, stages.unattributedMs(ms)));
        StringBuilder bar = new StringBuilder();
        double end = 0;
        for (int i = 0; i < letters.size(); i++) {
            int from = (int) Math.round(end / longest * WIDTH);
            end += lengths.get(i);
            int to = (int) Math.round(end / longest * WIDTH);
            bar.append(String.valueOf(letters.get(i)).repeat(Math.max(0, to - from)));
        }
        return bar.toString();
    }

    private static String cache(CompileLog.ArtifactCache cache) {
        List<String> outcomes = new ArrayList<>();
        cache.fxGraph().outcome().ifPresent(outcome -> outcomes.add(CompileLog.FX_GRAPH + " " + outcome));
        cache.aotAutograd().outcome().ifPresent(outcome -> outcomes.add(CompileLog.AOTAUTOGRAD + " " + outcome));
        if (outcomes.isEmpty()) {
            return "";
        }
        return "  " + String.join(", ", outcomes) + ": " + (cache.missed().isEmpty() ? "warm" : "cold");
    }
}
