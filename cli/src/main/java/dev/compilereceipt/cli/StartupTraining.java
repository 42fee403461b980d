package dev.compilereceipt.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The launcher's training run: the commands a user runs most, one after the other in one JVM, so that
 * the start-up cache made from it (Java 25's AOT cache, Java 17's class archive) holds the classes of
 * each: a cache only holds the classes its training run loaded. It audits a {@code compile-trace/1}
 * trace (summary and JSON), a TORCH_TRACE log and a TORCH_LOGS text, and diffs the log with the text,
 * their output thrown away; it exits 0 when each command gave the code it gives on these fixtures
 * (0, and 1 for the diff: they differ), 1 otherwise. Example, as {@code ./receipt} runs it from the
 * checkout: {@code java -XX:ArchiveClassesAtExit=receipt-java17.jsa -cp cli/target/receipt.jar
 * dev.compilereceipt.cli.StartupTraining fixtures}.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public final class StartupTraining {

    private StartupTraining() {
    }

    /** Runs the training commands on the fixtures under {@code args[0]}; exits 0 when each did what it does. */
    public static void main(String[] args) {
        System.exit(train(Path.of(args.length > 0 ? args[0] : "fixtures")) ? 0 : 1);
    }

    /** Whether every training command ran on the fixtures under {@code fixtures} and exited as expected. */
    static boolean train(Path fixtures) {
        Path trace = fixtures.resolve("print-bridge/trace.json");
        Path log = fixtures.resolve("print-bridge/torch_trace.log");
        Path text = fixtures.resolve("torch-logs/2.14-print-bridge/torch_logs.txt");
        for (Path file : List.of(trace, log, text)) {
            if (!Files.isRegularFile(file)) {
                return false;
            }
        }
        List<String[]> commands = new ArrayList<>();
        commands.add(new String[] {"audit", trace.toString()});
        commands.add(new String[] {"audit", trace.toString(), "--json"});
        commands.add(new String[] {"audit", log.toString(), "--json"});
        commands.add(new String[] {"audit", text.toString()});
        commands.add(new String[] {"diff", log.toString(), text.toString(), "--json"});
        int[] expected = {0, 0, 0, 0, 1};
        PrintWriter nowhere = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        for (int i = 0; i < commands.size(); i++) {
            if (ReceiptCommand.run(commands.get(i), nowhere, nowhere) != expected[i]) {
                return false;
            }
        }
        return true;
    }
}
