package dev.compilereceipt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.Receipts;
import dev.compilereceipt.approval.TimeBands;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.trace.Limits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code receipt bands TRACE... -o BANDS.json}: the min, median and max of every time figure over
 * repeated captures of one run ({@link TimeBands}), for {@code receipt check --bands} and
 * {@code matchesApprovedReceipt().within(bands)}. A run whose counts differ from the first's is
 * named on standard error: a band holds times only, and the counts of the runs should agree.
 * Exit 0 when written, 2 on bad input (fewer than two runs, a refused trace).
 */
@Command(name = "bands", mixinStandardHelpOptions = true,
        description = "Measure time bands (min/median/max per time figure) over repeated captures of one run.")
final class BandsCommand implements Callable<Integer> {

    @Parameters(paramLabel = "TRACE", arity = "1..*", description = "Two or more traces (or receipts) of the same run, repeated.")
    List<Path> traces;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "BANDS", description = "The bands file to write (compile-receipt-bands/1).")
    Path output;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (traces.size() < 2) {
            spec.commandLine().getErr().println("receipt: bands are measured over two runs or more; found " + traces.size());
            return ReceiptCommand.REFUSED;
        }
        List<JsonNode> receipts = traces.stream().map(t -> Receipts.read(t, Limits.DEFAULT)).toList();
        for (int i = 1; i < receipts.size(); i++) {
            ReceiptDiff counts = ReceiptDiff.between(receipts.get(0), receipts.get(i)).compileSideOnly().ignoring("ledger", "trace_sha256");
            if (!counts.isEmpty()) {
                spec.commandLine().getErr().println("receipt: " + traces.get(i) + " differs from " + traces.get(0) + " in more than times: "
                        + counts.differences().size() + " figures, first " + counts.differences().get(0));
            }
        }
        TimeBands bands = TimeBands.measure(receipts);
        OutputFile.write(output, CanonicalJson.write(bands.json()) + "\n", null);
        spec.commandLine().getOut().println("wrote " + output + ": " + bands.figures().size() + " time figures over " + bands.runs() + " runs");
        return 0;
    }
}
