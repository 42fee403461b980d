package dev.compilereceipt;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Benchmark of the TORCH_TRACE import, run by {@code bench/torch-trace-import.sh} (not a test:
 * Surefire never picks it up). {@code generate OUT MB LOG...} writes a log of about MB megabytes by
 * repeating the records of real logs, markers left out, with fresh frame ids each round;
 * {@code measure LOG ROUNDS} times a plain {@code BufferedReader} line scan and the import of the
 * same file in this JVM and prints MB/s of each, their ratio and the peak heap.
 */
public final class TorchTraceBench {

    private static final Pattern FRAME_ID = Pattern.compile("\"frame_id\": ([0-9]+)");
    private static final int FRAMES_PER_ROUND = 1000;

    private TorchTraceBench() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length >= 3 && args[0].equals("generate")) {
            generate(Path.of(args[1]), Long.parseLong(args[2]) << 20, args);
        } else if (args.length == 3 && args[0].equals("measure")) {
            measure(Path.of(args[1]), Integer.parseInt(args[2]));
        } else {
            System.err.println("usage: generate OUT MB LOG... | measure LOG ROUNDS");
            System.exit(1);
        }
    }

    private static void generate(Path out, long bytes, String[] args) throws IOException {
        List<List<String>> records = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            records.addAll(records(Path.of(args[i])));
        }
        long written = 0;
        long round = 0;
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(out), 1 << 20)) {
            while (written < bytes) {
                long offset = round * FRAMES_PER_ROUND;
                for (List<String> record : records) {
                    for (int i = 0; i < record.size(); i++) {
                        String line = i == 0 ? renumber(record.get(0), offset) : record.get(i);
                        byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
                        os.write(b);
                        written += b.length;
                    }
                }
                round++;
            }
        }
        System.out.printf(Locale.ROOT, "generated %s: %.1f MB, %d rounds of %d records%n", out, written / 1e6, round, records.size());
    }

    private static String renumber(String envelope, long offset) {
        Matcher m = FRAME_ID.matcher(envelope);
        if (!m.find()) {
            return envelope;
        }
        return envelope.substring(0, m.start(1)) + (Long.parseLong(m.group(1)) + offset) + envelope.substring(m.end(1));
    }

    /** The records of a log (envelope line and payload lines), compile_receipt_call markers left out. */
    private static List<List<String>> records(Path log) throws IOException {
        List<List<String>> records = new ArrayList<>();
        List<String> current = null;
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            line = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            if (line.startsWith("\t") && current != null) {
                current.add(line);
                continue;
            }
            current = new ArrayList<>();
            current.add(line);
            if (!line.contains("\"compile_receipt_call\"")) {
                records.add(current);
            }
        }
        return records;
    }

    private static void measure(Path log, int rounds) throws IOException {
        double mb = Files.size(log) / 1e6;
        double bestScan = 0;
        double bestImport = 0;
        long peakScan = 0;
        long peakImport = 0;
        long liveAfterImport = 0;
        Trace trace = null;
        for (int round = 1; round <= rounds; round++) {
            resetPeaks();
            long t0 = System.nanoTime();
            long lines = 0;
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(Files.newInputStream(log), StandardCharsets.UTF_8), 1 << 16)) {
                while (reader.readLine() != null) {
                    lines++;
                }
            }
            double scan = mb / ((System.nanoTime() - t0) / 1e9);
            peakScan = Math.max(peakScan, peakHeap());
            resetPeaks();
            long t1 = System.nanoTime();
            trace = Traces.read(log);
            double read = mb / ((System.nanoTime() - t1) / 1e9);
            peakImport = Math.max(peakImport, peakHeap());
            System.gc();
            Runtime runtime = Runtime.getRuntime();
            liveAfterImport = Math.max(liveAfterImport, runtime.totalMemory() - runtime.freeMemory());
            System.out.printf(Locale.ROOT, "round %d: line scan %.0f MB/s (%d lines), import %.0f MB/s, ratio %.2f%n",
                    round, scan, lines, read, read / scan);
            bestScan = Math.max(bestScan, scan);
            bestImport = Math.max(bestImport, read);
        }
        CompileLog compileLog = trace.runs().get(0).compileLog().orElseThrow();
        System.out.printf(Locale.ROOT, "file %.1f MB, max heap %d MB%n", mb, Runtime.getRuntime().maxMemory() >> 20);
        System.out.printf(Locale.ROOT, "imported: %d compiles, %d fallbacks, %d recompile reasons, %d bad lines%n",
                compileLog.compiles().size(), compileLog.fallbacks().size(), compileLog.recompileReasons().size(),
                trace.badLines().orElseThrow().size());
        System.out.printf(Locale.ROOT, "best line scan %.0f MB/s, best import %.0f MB/s, ratio %.2f (target >= 0.33)%n",
                bestScan, bestImport, bestImport / bestScan);
        System.out.printf(Locale.ROOT, "peak heap used (garbage included): line scan %.1f MB, import %.1f MB%n",
                peakScan / 1e6, peakImport / 1e6);
        System.out.printf(Locale.ROOT, "live heap after import and a full GC, the trace held: %.1f MB%n", liveAfterImport / 1e6);
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    /** The sum of the heap pools' peaks: an upper bound of the heap in use at any one time. */
    private static long peakHeap() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }
}
