package dev.compilereceipt.cli;

import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.trace.VisibleText;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.diff.FreezeCheck;
import dev.compilereceipt.diff.ReceiptDiff;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code receipt freeze LOG -o FIXTURE [--relative-to DIR]}: a TORCH_TRACE log small enough to
 * commit as a fixture, with only the records the receipt reads, then proof that it gives the same
 * receipt: both logs are read and compared figure by figure (only {@code trace_sha256},
 * {@code receipt_sha256}, {@code fixture} and {@code bad_lines} may differ). A frozen log that
 * would not is never written (it is checked aside; an existing FIXTURE stays as it was) and the
 * command exits 1 with the difference. FIXTURE is written as every output is: see
 * {@link OutputFile} and docs/hostile-input.md.
 */
@Command(name = "freeze", mixinStandardHelpOptions = true,
        description = "Write a small TORCH_TRACE fixture keeping only the records the receipt reads, and check it gives the same receipt.")
final class FreezeCommand implements Callable<Integer> {

    @Mixin
    TraceOptions options;

    @Option(names = {"-o", "--output"}, paramLabel = "FIXTURE", required = true, description = "The frozen log to write.")
    Path output;

    @Option(names = "--relative-to", paramLabel = "DIR", description = "Cut DIR/ from every path in the log (the capture machine's folders).")
    Path relativeTo;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (options.trace.toString().equals(TraceOptions.STANDARD_INPUT) || options.rank != null) {
            throw new TraceRefusedException(options.trace, "", 0, 0, "freeze reads one log file twice (to freeze it and to"
                    + " check the result): name the file, not standard input or a --rank");
        }
        if (options.warm != null) {
            throw new TraceRefusedException(options.warm, "", 0, 0, "freeze freezes one log; freeze the warm process's log on"
                    + " its own (receipt freeze WARMLOG -o ...) and pair the two frozen logs with audit --warm");
        }
        if (Files.exists(options.trace) && !Files.isRegularFile(options.trace) && !Files.isDirectory(options.trace)) {
            throw new TraceRefusedException(options.trace, "", 0, 0, "freeze reads a regular file; this is a pipe, a FIFO"
                    + " or a device: save the log to a file first");
        }
        if (Files.exists(output) && Files.exists(options.trace) && Files.isSameFile(output, options.trace)) {
            throw new OutputFile.Refused(output, "it is the log being frozen; name another file with -o");
        }
        Trace original = options.read();
        Receipt before = Receipt.of(original);
        var out = spec.commandLine().getOut();
        // Written aside and checked there: only a frozen log that gives the same receipt replaces what -o names.
        boolean[] kept = {false};
        Traces.freeze(options.trace, output, Optional.ofNullable(relativeTo), (frozen, aside) -> {
            Receipt after;
            try {
                after = Receipt.of(Traces.read(TraceRequest.of(aside).withLimits(original.limits())));
            } catch (TraceRefusedException refused) {
                throw new TraceRefusedException(options.trace, "", 0, 0, "its frozen log cannot be read back, so " + output
                        + " was not written: " + refused.getMessage().replace(aside.toString(), output.toString()));
            }
            ReceiptDiff diff = FreezeCheck.differences(before, after, Optional.ofNullable(relativeTo));
            out.println("froze " + VisibleText.of(frozen.log().toString()) + " into " + VisibleText.of(output.toString()) + ": "
                    + frozen.summary());
            if (!frozen.keys().summary().isEmpty()) {
                out.println(frozen.keys().summary());
            }
            if (!diff.isEmpty()) {
                out.println("the frozen log's receipt differs from the log's, so " + VisibleText.of(output.toString())
                        + " was not written: " + diff.text("log", "frozen"));
            }
            kept[0] = diff.isEmpty();
            return kept[0];
        });
        if (!kept[0]) {
            return 1;
        }
        out.println("every receipt figure is equal (only trace_sha256, receipt_sha256, fixture and bad_lines may differ)"
                + relativeNote());
        return 0;
    }

    private String relativeNote() {
        return relativeTo == null ? "" : "; paths are relative to " + VisibleText.of(relativeTo.toAbsolutePath().normalize().toString());
    }
}
