package dev.compilereceipt.cli;

import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.trace.VisibleText;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import org.apiguardian.api.API;

/**
 * The {@code receipt} command: {@code receipt audit TRACE} prints what a torch.compile trace
 * cost, {@code receipt report TRACE -o receipt.html} draws it as an HTML page with a call timeline,
 * {@code receipt mutants TRACE} shows whether the oracle catches every bookkeeping mutant.
 *
 * <p>Exit codes: 0 fine, 2 refused input (the contract's message on standard error), 1 anything
 * else. Example: {@code ./receipt audit fixtures/print-bridge/trace.json --json}.
 */
@Command(name = "receipt", mixinStandardHelpOptions = true, versionProvider = ReceiptCommand.BuildVersion.class,
        description = "Receipts for torch.compile runs: what broke, what recompiled, and what it cost.")
@API(status = API.Status.INTERNAL, since = "0.1")
public final class ReceiptCommand implements Callable<Integer> {

    static final int REFUSED = 2;

    /**
     * The subcommands, in the order the usage lists them. Picocli reads a command's annotations when it is added,
     * which was most of a small audit's start (every subcommand: 0.19 s of 0.49 s on Java 17 with its class
     * archive, docs/performance.md, "Round four"); a run that names its subcommand first gets that one alone, whose
     * parsing, messages and help are the same, and any other run (no subcommand, an option first, a mistyped name
     * that picocli suggests a subcommand for) gets all of them.
     */
    private static final List<String> SUBCOMMANDS = List.of("approve", "audit", "bands", "check", "diff", "fingerprint",
            "freeze", "mutants", "ranks", "report");

    /** A new subcommand of this name, one of {@link #SUBCOMMANDS}. */
    private static Object subcommand(String name) {
        return switch (name) {
            case "approve" -> new ApproveCommand();
            case "audit" -> new AuditCommand();
            case "bands" -> new BandsCommand();
            case "check" -> new CheckCommand();
            case "diff" -> new DiffCommand();
            case "fingerprint" -> new FingerprintCommand();
            case "freeze" -> new FreezeCommand();
            case "mutants" -> new MutantsCommand();
            case "ranks" -> new RanksCommand();
            case "report" -> new ReportCommand();
            default -> throw new IllegalArgumentException("no subcommand " + name);
        };
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true, java.nio.charset.StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, java.nio.charset.StandardCharsets.UTF_8)));
    }

    /** Runs the command with the given streams and returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine line = new CommandLine(new ReceiptCommand());
        if (args.length > 0 && SUBCOMMANDS.contains(args[0])) {
            line.addSubcommand(subcommand(args[0]));
        } else {
            for (String name : SUBCOMMANDS) {
                line.addSubcommand(subcommand(name));
            }
        }
        line.setOut(out);
        line.setErr(err);
        line.setExecutionExceptionHandler((exception, commandLine, parseResult) -> {
            if (exception instanceof TraceRefusedException refused) {
                err.println("receipt: refused: " + refused.getMessage());
                return REFUSED;
            }
            if (exception instanceof OutputFile.Refused refused) {
                err.println("receipt: " + VisibleText.cut(refused.getMessage()));
                return REFUSED;
            }
            if (exception instanceof java.io.IOException io) {
                err.println("receipt: " + VisibleText.cut(io.getMessage() == null ? OutputFile.plainWords(io) : io.getMessage()));
                return 1;
            }
            err.println("receipt: " + VisibleText.cut(exception.getMessage() == null ? "failed: " + exception.getClass().getSimpleName()
                    : exception.getMessage()));
            return 1;
        });
        line.setParameterExceptionHandler((exception, args1) -> {
            err.println("receipt: " + exception.getMessage());
            exception.getCommandLine().usage(err);
            return 1;
        });
        int code;
        try {
            code = line.execute(args);
        } catch (OutOfMemoryError | StackOverflowError exhausted) {
            String trace = traceOf(line);
            err.println("receipt: " + trace + ": " + (exhausted instanceof OutOfMemoryError
                    ? "ran out of memory; raise the heap (JAVA_OPTS=-Xmx4g ./receipt ..., or java -Xmx4g -jar ...) or lower a limit"
                            + " (--max-kept-chars, --max-compiles, --max-recompile-reasons)"
                    : "nests too deeply to read; lower --max-depth"));
            code = 1;
        }
        out.flush();
        err.flush();
        return code;
    }

    /** The trace the subcommand was given, for a message that must name it. */
    private static String traceOf(CommandLine line) {
        CommandLine.ParseResult parsed = line.getParseResult();
        if (parsed == null || parsed.subcommand() == null || !parsed.subcommand().hasMatchedPositional(0)) {
            return "the trace";
        }
        Object trace = parsed.subcommand().matchedPositional(0).getValue();
        return String.valueOf(trace);
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 1;
    }

    /** The version the build wrote into {@code version.properties}, a resource Maven filters. */
    static final class BuildVersion implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws java.io.IOException {
            java.util.Properties properties = new java.util.Properties();
            try (java.io.InputStream in = ReceiptCommand.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    properties.load(in);
                }
            }
            return new String[] {"compile-receipt " + properties.getProperty("version", "(version unknown)")};
        }
    }
}
