package dev.compilereceipt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.Receipts;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.json.CanonicalJson;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.trace.VisibleText;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code receipt diff OLD NEW}: every figure that differs between two receipts, most important
 * first (variants, fallbacks, breaks, other figures, times, the ledger, the inputs). Each side is a
 * receipt JSON (of any format this version knows, such as an approved receipt) or any trace the reader
 * takes, told by content ({@link Receipts}); {@code -} is standard input, for one side. Then, per run,
 * the cache key components that changed between the two ({@link KeyComparison#diffLines}): for each
 * compile of NEW that missed under a key that differs from its counterpart's in OLD, the components
 * by name with both values, grouped across compiles; "not measured" where a side lists no keys. Exit 0
 * when no figure differs, 1 when one does (the keys do not count), 2 for a refused input.
 */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = "Compare two receipts (or the receipts of two traces) figure by figure; exit 0 when equal, 1 when not.")
final class DiffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "OLD", description = "The receipt before: a receipt JSON or a trace of any source, recognised by content; - for standard input.")
    Path before;

    @Parameters(index = "1", paramLabel = "NEW", description = "The receipt after: a receipt JSON or a trace of any source, recognised by content; - for standard input.")
    Path after;

    @Option(names = "--json", description = "Print {equal, ignored, differences: [{group, path, before, after}]} as canonical JSON.")
    boolean json;

    @Option(names = "--compile-side", description = "Leave out every time (*_ms, the comparison's ratios): what compiled, fell back and broke only.")
    boolean compileSide;

    @Option(names = "--ignoring", paramLabel = "PATTERN", description = "Leave out these figures, such as runs.*.phases.*.wall_ms (repeatable).")
    List<String> ignoring = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (before.toString().equals(TraceOptions.STANDARD_INPUT) && after.toString().equals(TraceOptions.STANDARD_INPUT)) {
            throw new TraceRefusedException(before, "", 0, 0, "standard input can be read once: give - for one side only");
        }
        ReceiptDiff diff = ReceiptDiff.between(receipt(before), receipt(after)).ignoring(ignoring);
        if (compileSide) {
            diff = diff.compileSideOnly();
        }
        Map<String, List<String>> keys = cacheKeys();
        if (json) {
            ObjectNode node = diff.json().deepCopy();
            ObjectNode byRun = node.putObject("cache_keys");
            keys.forEach((run, lines) -> lines.forEach(byRun.putArray(run)::add));
            spec.commandLine().getOut().println(CanonicalJson.write(node));
        } else {
            StringBuilder text = new StringBuilder();
            if (keys.values().stream().allMatch(List.of(KeyComparison.NO_KEYS)::equals)) {
                // Said once, not once per run: a source without keys (a compile-trace/1 file, a receipt) has none for any run.
                text.append(" ").append(KeyComparison.NO_KEYS);
            } else {
                keys.forEach((run, lines) -> lines.forEach(line -> text.append("\n  run ").append(VisibleText.of(run)).append(": ").append(line)));
            }
            spec.commandLine().getOut().println("before: " + before + "\nafter:  " + after + "\n" + diff.text()
                    + "\ncache keys (before → after):" + text);
        }
        return diff.isEmpty() ? 0 : 1;
    }

    /**
     * Per run of NEW (by label, in NEW's order) what {@link KeyComparison#diffLines} says of the keys of OLD's run of that
     * label; not measured for a side whose source lists no keys or that is a receipt JSON (it holds the receipt, not the
     * keys), or is standard input, read once for the receipt. A side that is a trace is read a second time here.
     */
    private Map<String, List<String>> cacheKeys() {
        Optional<Trace> old = trace(before);
        Optional<Trace> now = trace(after);
        Map<String, List<String>> lines = new LinkedHashMap<>();
        if (now.isEmpty() || old.isEmpty()) {
            // The runs of the side that is a trace, if either is; a receipt JSON's runs are not read for this.
            now.or(() -> old).map(Trace::runs).orElse(List.of()).forEach(run -> lines.put(run.label(), List.of(KeyComparison.NO_KEYS)));
            lines.putIfAbsent("*", List.of(KeyComparison.NO_KEYS));
            if (lines.size() > 1) {
                lines.remove("*");
            }
            return lines;
        }
        for (Run run : now.get().runs()) {
            old.get().run(run.label()).ifPresent(counterpart -> lines.put(run.label(),
                    KeyComparison.diffLines(counterpart.compileLog(), run.compileLog())));
        }
        if (lines.isEmpty()) {
            lines.put("*", List.of(KeyComparison.NO_KEYS));
        }
        return lines;
    }

    private static Optional<Trace> trace(Path side) {
        if (side.toString().equals(TraceOptions.STANDARD_INPUT)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Traces.read(TraceRequest.of(side)));
        } catch (TraceRefusedException receiptJson) {
            // Read above as a receipt: a receipt JSON holds no cache keys.
            return Optional.empty();
        }
    }

    /** The receipt of one side, told by content and read once; {@code -} is standard input. */
    private static JsonNode receipt(Path side) {
        if (side.toString().equals(TraceOptions.STANDARD_INPUT)) {
            return Receipts.read(Path.of("(standard input)"), System.in, Limits.DEFAULT);
        }
        return Receipts.read(side, Limits.DEFAULT);
    }
}
