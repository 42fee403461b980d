package dev.compilereceipt.cli;

import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.view.text.ReceiptSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code receipt audit TRACE}: the receipt as a readable summary, canonical JSON or CSV files. */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = "Compute the receipt of a trace and print it.")
final class AuditCommand implements Callable<Integer> {

    @Mixin
    TraceOptions options;

    @Option(names = "--json", description = "Print the canonical receipt JSON (RFC 8785) instead of the summary.")
    boolean json;

    @Option(names = "--kinds", description = "Print only the break sites of each run, grouped by kind (device-sync, "
            + "data-copy, python-side-effect, user-inserted, unsupported-call, frame-skip, unknown).")
    boolean kinds;

    @Option(names = "--causes", description = "Print only the recompile causes of each run: one line per cause, then at most "
            + "three guard failures as evidence and the kind's hint.")
    boolean causes;

    @Option(names = "--csv", paramLabel = "DIR", description = "Also write ledger.csv and receipt.csv into DIR.")
    Path csvDir;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (causes && (json || kinds)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--causes prints only the recompile causes: it cannot be combined with " + (json ? "--json" : "--kinds"));
        }
        Receipt receipt = Receipt.of(options.read());
        if (csvDir != null) {
            if (Files.exists(csvDir) && !Files.isDirectory(csvDir)) {
                throw new OutputFile.Refused(csvDir, "it is a file, not a folder");
            }
            Map<Path, String> pair = new LinkedHashMap<>();
            pair.put(csvDir.resolve("ledger.csv"), ReceiptExport.ledgerCsv(receipt.ledger()));
            pair.put(csvDir.resolve("receipt.csv"), ReceiptExport.receiptCsv(receipt));
            OutputFile.write(pair, options.trace);
        }
        if (json) {
            spec.commandLine().getOut().println(ReceiptExport.canonicalJson(receipt));
        } else if (causes) {
            spec.commandLine().getOut().print(ReceiptSummary.causes(receipt));
        } else if (kinds) {
            spec.commandLine().getOut().print(ReceiptSummary.kinds(receipt));
        } else {
            spec.commandLine().getOut().print(ReceiptSummary.render(receipt));
        }
        return 0;
    }
}
