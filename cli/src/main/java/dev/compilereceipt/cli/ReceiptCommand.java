package dev.compilereceipt.cli;

import dev.compilereceipt.TraceRefusedException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code receipt} command: {@code receipt audit TRACE} prints what a torch.compile trace
 * cost, {@code receipt report TRACE -o receipt.html} draws it as an HTML page with a call timeline,
 * {@code receipt mutants TRACE} shows whether the oracle catches every bookkeeping mutant.
 *
 * <p>Exit codes: 0 fine, 2 refused input (the contract's message on standard error), 1 anything
 * else. Example: {@code ./receipt audit fixtures/print-bridge/trace.json --json}.
 */
@Command(name = "receipt", mixinStandardHelpOptions = true, version = "compile-receipt 0.1.0-SNAPSHOT",
        description = "Receipts for torch.compile runs: what broke, what recompiled, and what it cost.",
        subcommands = {AuditCommand.class, MutantsCommand.class, ReportCommand.class})
public final class ReceiptCommand implements Callable<Integer> {

    static final int REFUSED = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true, java.nio.charset.StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, java.nio.charset.StandardCharsets.UTF_8)));
    }

    /** Runs the command with the given streams and returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine line = new CommandLine(new ReceiptCommand());
        line.setOut(out);
        line.setErr(err);
        line.setExecutionExceptionHandler((exception, commandLine, parseResult) -> {
            if (exception instanceof TraceRefusedException refused) {
                err.println("receipt: refused: " + refused.getMessage());
                return REFUSED;
            }
            err.println("receipt: " + exception);
            return 1;
        });
        line.setParameterExceptionHandler((exception, args1) -> {
            err.println("receipt: " + exception.getMessage());
            exception.getCommandLine().usage(err);
            return 1;
        });
        int code = line.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 1;
    }
}
