package dev.compilereceipt.read.source;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.read.GlogHead;
import dev.compilereceipt.read.torchtrace.GlogPrefix;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a file of a pair records about where it came from, read from the file itself: the process
 * of a TORCH_TRACE log (the pid of its glog prefix, {@code V1202 03:43:32.902000 5345 ...}), the
 * process of a torch.profiler trace (the {@code pid} of its events) and the frames a log compiled
 * (each {@code compilation_metrics} record's {@code co_name} and {@code co_filename}). A fact a
 * file does not record is empty, and two files are told apart only by what both record.
 *
 * <p>Example: {@code PairIdentity.logPid(Path.of("fixtures/profiler/2.14-graph-break/torch_trace.log"))} is
 * {@code OptionalLong.of(5345)}.
 */
final class PairIdentity {

    /** A log's process is read from its first records: every record of a TORCH_TRACE log carries it. */
    private static final int HEAD = 1 << 16;
    /**
     * Linux's largest pid_max (2^22): a larger number in the prefix is the thread id older releases wrote
     * there ({@code 139877824898048} in fixtures/tlparse/comp_metrics.log), which names no process.
     */
    private static final long PID_MAX = 1L << 22;

    private PairIdentity() {
    }

    /** The pid of the first glog-prefixed line in the log's first 64 KiB; empty when it holds none, or a thread id. */
    static OptionalLong logPid(Path log) throws IOException {
        byte[] b;
        try (InputStream in = Files.newInputStream(log)) {
            b = in.readNBytes(HEAD);
        }
        for (int line = 0; line < b.length; line = next(b, line)) {
            int end = next(b, line) - 1;
            int level = line;
            if (level < end && b[level] == '[') {
                // A multi-rank line starts with its rank tag: [rank0]:V1202 ...
                while (level < end && b[level] != ']') {
                    level++;
                }
                level += 2;
            }
            int pidStart = level < end ? GlogHead.pidStart(b, level, end) : -1;
            int pidEnd = pidStart < 0 ? -1 : GlogHead.pidEnd(b, pidStart, end);
            if (pidEnd > 0) {
                long pid = pidEnd - pidStart <= 18 ? Long.parseLong(new String(b, pidStart, pidEnd - pidStart,
                        StandardCharsets.US_ASCII)) : Long.MAX_VALUE;
                return pid <= PID_MAX ? OptionalLong.of(pid) : OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    private static int next(byte[] b, int from) {
        int i = from;
        while (i < b.length && b[i] != '\n') {
            i++;
        }
        return i + 1;
    }

    /** The first numeric {@code pid} of the profile's events; the pseudo-processes ({@code "Spans"}) are named by strings. */
    static OptionalLong profilePid(Path profile) throws IOException {
        try (InputStream in = ProfileJoin.profileStream(profile); JsonParser parser = JsonReading.RECORDS.createParser(in)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.FIELD_NAME && "pid".equals(parser.currentName())
                        && parser.nextToken() == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                    return OptionalLong.of(parser.getLongValue());
                }
            }
        }
        return OptionalLong.empty();
    }

    /** The frames the log compiled, {@code co_name (co_filename)}, sorted; empty when it holds no compilation_metrics. */
    static Set<String> frames(Path log) throws IOException {
        Set<String> frames = new TreeSet<>();
        try (BufferedReader lines = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.contains("{\"compilation_metrics\"")) {
                    continue;
                }
                byte[] b = line.getBytes(StandardCharsets.UTF_8);
                int start = GlogPrefix.envelopeStart(b, 0, b.length);
                if (start < 0) {
                    continue;
                }
                JsonNode metrics;
                try {
                    metrics = JsonReading.trees().readTree(b, start, b.length - start).path("compilation_metrics");
                } catch (JsonProcessingException bad) {
                    // The reader counts a bad line as what it is; it records no frame either way.
                    continue;
                }
                if (metrics.path("co_name").isTextual()) {
                    frames.add(metrics.path("co_name").asText() + " (" + metrics.path("co_filename").asText("?") + ")");
                }
            }
        }
        return Collections.unmodifiableSet(frames);
    }
}
