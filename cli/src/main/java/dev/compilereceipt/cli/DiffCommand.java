package dev.compilereceipt.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.Traces;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.json.CanonicalJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * receipt JSON ({@code compile-receipt/1}, such as an approved receipt) or any trace the reader
 * takes. Exit 0 when no figure differs, 1 when one does, 2 for a refused input.
 */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = "Compare two receipts (or the receipts of two traces) figure by figure; exit 0 when equal, 1 when not.")
final class DiffCommand implements Callable<Integer> {

    /** A receipt JSON is a few hundred kilobytes at most; a larger JSON file is read as a trace. */
    private static final long MAX_RECEIPT_BYTES = 64L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(index = "0", paramLabel = "OLD", description = "The receipt before: a receipt JSON or a trace of any source.")
    Path before;

    @Parameters(index = "1", paramLabel = "NEW", description = "The receipt after: a receipt JSON or a trace of any source.")
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
    public Integer call() throws IOException {
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

    private static JsonNode receipt(Path side) throws IOException {
        if (Files.isRegularFile(side) && Files.size(side) <= MAX_RECEIPT_BYTES && startsWithBrace(side)) {
            try {
                JsonNode tree = JSON.readTree(Files.readString(side, StandardCharsets.UTF_8));
                if (tree != null && Receipt.FORMAT.equals(tree.path("format").asText(null))) {
                    return tree;
                }
            } catch (JsonProcessingException | java.nio.charset.MalformedInputException notAReceipt) {
                // not a receipt: the trace readers say what it is and what is wrong with it
            }
        }
        if (!Files.exists(side)) {
            throw new TraceRefusedException(side, "", 0, 0, "no such file");
        }
        return ReceiptExport.json(Receipt.of(Traces.read(side)));
    }

    private static boolean startsWithBrace(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            int c;
            do {
                c = in.read();
            } while (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0xEF || c == 0xBB || c == 0xBF);
            return c == '{';
        }
    }
}
