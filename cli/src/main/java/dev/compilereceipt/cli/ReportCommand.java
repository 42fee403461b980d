package dev.compilereceipt.cli;

import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.view.html.ReceiptHtml;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code receipt report TRACE -o receipt.html}: the receipt as one self-contained HTML page with a
 * call timeline; without {@code -o} the page goes to standard output.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write the receipt of a trace as one self-contained HTML page with a call timeline.")
final class ReportCommand implements Callable<Integer> {

    @Mixin
    TraceOptions options;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the page to FILE instead of standard output.")
    Path output;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Trace trace = options.read();
        String page = ReceiptHtml.render(trace, Receipt.of(trace));
        if (output == null) {
            spec.commandLine().getOut().print(page);
        } else {
            OutputFile.write(output, page, options.trace);
        }
        return 0;
    }
}
