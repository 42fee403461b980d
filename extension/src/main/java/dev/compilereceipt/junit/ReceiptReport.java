package dev.compilereceipt.junit;

import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.receipt.FailureCode;
import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.receipt.Comparison;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.view.html.ReceiptHtml;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Trace;
import java.util.stream.Collectors;
import java.nio.charset.StandardCharsets;
import dev.compilereceipt.output.OutputFile;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Leaves a receipt where a person looks when a test fails: a directory {@code receipt-<fixture>}
 * with {@code receipt.json}, {@code ledger.csv}, {@code receipt.csv} and {@code receipt.html} (the
 * page of {@link ReceiptHtml}) published with the test, and one report entry with the hashes and
 * the key figures.
 *
 * <p>Files go through {@code publishDirectory}, whose signature is the same on JUnit 5.12
 * through 6.x (the {@code MediaType} overloads of {@code publishFile} are not). Build tools that
 * ignore JUnit's report entries and files (Maven Surefire's XML among them) still keep a test's
 * standard output, so the same entry and the attached folder are also printed there, one
 * {@code compile-receipt:} block per receipt.
 */
final class ReceiptReport {

    private static final int REPUBLISH_ATTEMPTS = 20;
    /** Longer fixture names are cut and end in a hash of the whole name, so the folder name stays legal everywhere. */
    private static final int LONGEST_NAME = 80;

    private ReceiptReport() {
    }

    /** Publishes each fixture that was read; a refused fixture has no receipt and is left out by the caller. */
    static void publish(ExtensionContext context, Iterable<LoadedFixture> fixtures) {
        Set<String> names = new HashSet<>();
        for (LoadedFixture fixture : fixtures) {
            Trace trace = fixture.trace();
            Receipt receipt = fixture.receipt();
            String directory = directoryName(receipt, names);
            Map<String, String> entry = entry(receipt, directory);
            Path[] attached = new Path[1];
            RuntimeException lastFailure = null;
            // JUnit 5.12 refuses a folder that exists (a second run without clean): then a fresh name.
            for (int attempt = 0; attempt < REPUBLISH_ATTEMPTS && attached[0] == null; attempt++) {
                String name = attempt == 0 ? directory : directory + "-run" + (attempt + 1);
                try {
                    context.publishDirectory(name, dir -> {
                        Map<Path, String> files = new LinkedHashMap<>();
                        files.put(dir.resolve("receipt.json"), ReceiptExport.canonicalJson(receipt));
                        files.put(dir.resolve("ledger.csv"), ReceiptExport.ledgerCsv(receipt.ledger()));
                        files.put(dir.resolve("receipt.csv"), ReceiptExport.receiptCsv(receipt));
                        files.put(dir.resolve("receipt.html"), ReceiptHtml.render(trace, receipt));
                        OutputFile.write(files, null);
                        attached[0] = dir.toAbsolutePath();
                    });
                    entry.put("receipt", name);
                } catch (RuntimeException e) {
                    lastFailure = e;
                }
            }
            if (attached[0] == null && lastFailure != null) {
                // The report must never turn a test's outcome: say why the files are missing instead.
                entry.put("attachments", "not written: " + lastFailure.getMessage());
            }
            context.publishReportEntry(entry);
            System.out.print(printed(entry, attached[0]));
        }
    }

    /** The entry as a block for standard output, with the folder the files were written to. */
    static String printed(Map<String, String> entry, Path attached) {
        StringBuilder text = new StringBuilder("compile-receipt: receipt of ").append(entry.get("fixture"));
        text.append(attached == null ? " (files not written)" : " attached at " + attached
                + " (receipt.json, ledger.csv, receipt.csv, receipt.html)").append('\n');
        entry.forEach((key, value) -> {
            if (!key.equals("fixture") && !key.equals("receipt")) {
                text.append("  ").append(key).append(": ").append(value).append('\n');
            }
        });
        return text.toString();
    }

    /** The report entry: fixture, hashes, per run the key figures, the steady comparison, failures. */
    static Map<String, String> entry(Receipt receipt, String directory) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put("receipt", directory);
        entry.put("fixture", receipt.fixture().name());
        entry.put("trace_sha256", receipt.traceSha256());
        entry.put("receipt_sha256", receipt.receiptSha256());
        for (RunFigures run : receipt.runs()) {
            entry.put(run.label(), figures(run));
        }
        receipt.comparison(Phase.STEADY).ifPresent(c -> entry.put("steady", comparison(c)));
        entry.put("failures", receipt.failures().isEmpty() ? "none" : receipt.failures().stream().map(FailureCode::code).collect(Collectors.joining(", ")));
        return entry;
    }

    private static String figures(RunFigures run) {
        if (!run.hasPhases()) {
            return "calls not measured, graphs " + run.graphs().size() + ", break sites " + run.breakSites().size();
        }
        int calls = 0;
        int compiles = 0;
        int fallbacks = 0;
        for (PhaseFigures phase : run.phases().values()) {
            calls += phase.calls();
            compiles += phase.compiles();
            fallbacks += phase.fallbacks();
        }
        PhaseFigures steady = run.phase(Phase.STEADY);
        return "calls " + calls + ", compiles " + compiles + ", fallbacks " + fallbacks
                + ", graphs " + run.graphs().size() + ", break sites " + run.breakSites().size()
                + ", steady compiles " + steady.compiles()
                + ", steady median " + steady.wallMs().map(w -> Millis.text(w.median()) + " ms").orElse("not measured");
    }

    private static String comparison(Comparison c) {
        if (c.failure().isPresent()) {
            return "not compared: " + c.failure().get().code();
        }
        return "median " + ms(c.baselineMedianMs()) + " ms -> " + ms(c.candidateMedianMs()) + " ms, ratio " + ratio(c.ratio());
    }

    private static String ms(OptionalDouble value) {
        return value.isPresent() ? Millis.text(value.getAsDouble()) : "not measured";
    }

    /** A ratio is not a time: it keeps the receipt's 6 significant digits. */
    private static String ratio(OptionalDouble value) {
        return value.isPresent() ? CanonicalJson.number(value.getAsDouble()) : "not measured";
    }

    private static String shortHash(String text) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest, 0, 4);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static String directoryName(Receipt receipt, Set<String> taken) {
        String safe = receipt.fixture().name().replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.length() > LONGEST_NAME) {
            safe = safe.substring(0, LONGEST_NAME - 9) + "-" + shortHash(receipt.fixture().name());
        }
        String base = "receipt-" + safe;
        String name = base;
        for (int n = 2; !taken.add(name); n++) {
            name = base + "-" + n;
        }
        return name;
    }
}
