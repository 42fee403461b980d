package dev.compilereceipt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.Receipts;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.trace.Limits;
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
 * takes, told by content ({@link Receipts}); {@code -} is standard input, for one side. Exit 0 when
 * no figure differs, 1 when one does, 2 for a refused input.
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
        if (json) {
            spec.commandLine().getOut().println(CanonicalJson.write(diff.json()));
        } else {
            spec.commandLine().getOut().println("before: " + before + "\nafter:  " + after + "\n" + diff.text());
        }
        return diff.isEmpty() ? 0 : 1;
    }

    /** The receipt of one side, told by content and read once; {@code -} is standard input. */
    private static JsonNode receipt(Path side) {
        if (side.toString().equals(TraceOptions.STANDARD_INPUT)) {
            return Receipts.read(Path.of("(standard input)"), System.in, Limits.DEFAULT);
        }
        return Receipts.read(side, Limits.DEFAULT);
    }
}
