package dev.compilereceipt.cli;

import java.io.IOException;
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
 * trace (summary and JSON), a TORCH_TRACE log and a TORCH_LOGS text, diffs the log with the text, and
 * audits a TORCH_LOGS text of {@value #BIG_TEXT} bytes or more made from the captures in a temporary
 * file (a text that large is read in parts on two threads: the part threads' classes, and on a 2.6
 * capture the fallback's, are loaded by no smaller read), their output thrown away; it exits 0 when
 * each command gave the code it gives on these fixtures (0, and 1 for the diff: they differ), 1
 * otherwise. Example, as {@code ./receipt} runs it from the
 * checkout: {@code java -XX:ArchiveClassesAtExit=receipt-java17.jsa -cp cli/target/receipt.jar
 * dev.compilereceipt.cli.StartupTraining fixtures}.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public final class StartupTraining {

    /**
     * The size of the large text: the smallest a TORCH_LOGS text is read in parts at (16 MiB,
     * {@code TextParts.MIN_SIZE} in the reader), so the training loads what a large text's read loads.
     */
    static final long BIG_TEXT = 16L << 20;

    private StartupTraining() {
    }

    /**
     * Runs the training commands on the fixtures under {@code args[0]}, the large text written in the folder
     * {@code args[1]} (the launcher's build folder; the temporary folder when not given); exits 0 when each did
     * what it does.
     */
    public static void main(String[] args) {
        Path scratch = Path.of(args.length > 1 ? args[1] : System.getProperty("java.io.tmpdir"));
        System.exit(train(Path.of(args.length > 0 ? args[0] : "fixtures"), scratch) ? 0 : 1);
    }

    /**
     * Whether every training command ran on the fixtures under {@code fixtures} and exited as expected; the
     * large text is written in {@code scratch} and deleted after.
     */
    static boolean train(Path fixtures, Path scratch) {
        Path trace = fixtures.resolve("print-bridge/trace.json");
        Path log = fixtures.resolve("print-bridge/torch_trace.log");
        Path text = fixtures.resolve("torch-logs/2.14-print-bridge/torch_logs.txt");
        // The large text: PyTorch 2.6's fallback and int-spec captures once, then the 2.14 print-bridge one
        // again and again (as bench/make-big-text.py makes the benchmark's texts: both shapes' messages).
        List<Path> once = List.of(fixtures.resolve("torch-logs/2.6-fallback/torch_logs.txt"),
                fixtures.resolve("torch-logs/2.6-int-spec/torch_logs.txt"));
        for (Path file : List.of(trace, log, text, once.get(0), once.get(1))) {
            if (!Files.isRegularFile(file)) {
                return false;
            }
        }
        Path big = null;
        try {
            big = Files.createTempFile(scratch, "receipt-training-", ".txt");
            writeBigText(big, once, text);
            List<String[]> commands = new ArrayList<>();
            commands.add(new String[] {"audit", trace.toString()});
            commands.add(new String[] {"audit", trace.toString(), "--json"});
            commands.add(new String[] {"audit", log.toString(), "--json"});
            commands.add(new String[] {"audit", text.toString()});
            commands.add(new String[] {"diff", log.toString(), text.toString(), "--json"});
            commands.add(new String[] {"audit", big.toString(), "--json"});
            int[] expected = {0, 0, 0, 0, 1, 0};
            PrintWriter nowhere = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
            for (int i = 0; i < commands.size(); i++) {
                if (ReceiptCommand.run(commands.get(i), nowhere, nowhere) != expected[i]) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            // No large text to write: no training (the launcher then runs without a cache, and says so).
            return false;
        } finally {
            if (big != null) {
                try {
                    Files.deleteIfExists(big);
                } catch (IOException e) {
                    // A file left in the temporary folder is no reason to fail the training.
                }
            }
        }
    }

    /** Writes {@code once} and then {@code repeated} again and again into {@code into}, until it holds {@link #BIG_TEXT} bytes or more. */
    static void writeBigText(Path into, List<Path> once, Path repeated) throws IOException {
        byte[] again = Files.readAllBytes(repeated);
        if (again.length == 0) {
            throw new IOException(repeated + " is empty: no text to repeat");
        }
        try (OutputStream out = Files.newOutputStream(into)) {
            long written = 0;
            for (Path file : once) {
                byte[] bytes = Files.readAllBytes(file);
                out.write(bytes);
                written += bytes.length;
            }
            while (written < BIG_TEXT) {
                out.write(again);
                written += again.length;
            }
        }
    }
}
