package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.read.Refusal;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.json.DirectoryCut;
import dev.compilereceipt.output.OutputFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import dev.compilereceipt.trace.FrozenLog;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * Writes the part of a TORCH_TRACE log that {@link TorchTraceReader} reads, record by record as
 * the log streams past: each record the reader acts on, as its {@link RecordKind} freezes it (the
 * {@code compile_receipt_call} markers, {@code recompile_reasons}, {@code dynamo_graph_break_reason}
 * and {@code torch_version} artifacts with their payloads; {@code dynamo_start},
 * {@code dynamo_output_graph} as their envelopes; the on-disk cache artifacts of a compile and
 * 2.6's {@code aotautograd_cache_hash} with their key, outcome and components as kept, deflated
 * ({@link CacheKeyPayload#frozen}), a run's cache artifacts as their envelopes; each
 * {@code compilation_metrics} cut to the {@link CompileMetrics#FIELDS} the reader takes; the
 * {@code autograd_cache_*} chromium events cut to their name). Everything else (Inductor output
 * code, graphs, configs, other chromium events) and every record the reader would skip as bad (its
 * MD5 or JSON wrong) is dropped. Each envelope is read once ({@link FrozenEnvelope}), each kept
 * payload gets a fresh MD5, and {@code DIR/} is cut from every string where a directory is given,
 * so the log no longer names the capture machine's paths.
 */
@API(status = API.Status.INTERNAL)
public final class LogFreezer {

    /** A kept payload longer than this is refused rather than held: the reader itself keeps at most 16 MiB of one. */
    static final int MAX_KEPT_PAYLOAD = LogLines.MAX_LINE + (1 << 20);
    private static final byte[] TAB = {'\t'};
    private static final byte[] NEWLINE = {'\n'};
    private static final ObjectMapper JSON = JsonReading.exactTrees();
    private static final ObjectReader ONCE = FrozenEnvelope.once(JSON);

    /**
     * What was kept and dropped: records, bytes, the dropped records of the first
     * {@link FrozenLog#NAMED_KINDS} kinds met by kind, and how many dropped records were of later kinds.
     */
    public record Summary(long recordsKept, long recordsDropped, long bytesRead, long bytesWritten, Map<String, Long> droppedByKind,
                          long droppedOfOtherKinds, FrozenLog.Keys keys) {
        public Summary {
            droppedByKind = Map.copyOf(droppedByKind);
        }
    }

    private final Path file;
    private final OutputStream out;
    private final Optional<DirectoryCut> relativeTo;
    private final LogPayload check = new LogPayload(Limits.DEFAULT.maxDepth());
    private final TreeMap<String, Long> dropped = new TreeMap<>();
    private long droppedOfOtherKinds;
    private long kept;
    private long droppedRecords;
    private long written;

    private byte[] prefix;
    private ObjectNode envelope;
    private LogEnvelope parsed;
    private RecordKind kind;
    /** What is held of the payload as it streams past: nothing, its head, or {@link RecordKind#WHOLE_PAYLOAD}. */
    private long holds;
    private final List<byte[]> payload = new ArrayList<>();
    private long payloadBytes;
    private long recordLine;
    private final FrozenKeys keys;

    private LogFreezer(Path file, OutputStream out, Optional<String> relativeTo) {
        this.file = file;
        this.out = out;
        this.relativeTo = relativeTo.map(DirectoryCut::new);
        this.keys = new FrozenKeys(this.relativeTo.<UnaryOperator<String>>map(cut -> cut::cut).orElse(UnaryOperator.identity()));
    }

    /**
     * Refuses, before anything is written, a {@code file} that freezing cannot take: not a regular
     * file (it is read twice) or not a TORCH_TRACE log.
     */
    public static void checkFreezable(Path file) {
        if (!Files.isRegularFile(file)) {
            // A pipe or FIFO could be read once only, and freezing reads the log again to check the frozen one.
            throw new Refusal(file, "", 0, 0, Files.exists(file) ? "freeze reads a regular file; this is a pipe,"
                    + " a FIFO or a device: save the log to a file first" : "no such file");
        }
    }

    /**
     * Freezes the TORCH_TRACE log {@code file} into the file aside of {@code frozen}, which the
     * caller commits (or closes, to leave nothing); {@code relativeTo} is cut from every path.
     * An {@link IOException} naming {@code frozen} when it cannot be written.
     */
    public static FrozenLog freezeFile(Path file, OutputFile frozen, Optional<Path> relativeTo) throws IOException {
        checkFreezable(file);
        LogFreezer.Summary summary;
        try (InputStream in = Files.newInputStream(file); OutputStream out = frozen.stream()) {
            summary = LogFreezer.freeze(file, in, out, relativeTo.map(dir -> dir.toAbsolutePath().normalize().toString()));
        } catch (IOException e) {
            throw new IOException("cannot write " + frozen.target() + ": " + OutputFile.plainWords(e), e);
        }
        return new FrozenLog(file, frozen.target(), summary.recordsKept(), summary.recordsDropped(), summary.bytesRead(),
                summary.bytesWritten(), summary.droppedByKind(), summary.droppedOfOtherKinds(), summary.keys());
    }

    /**
     * Freezes the log {@code in} (named {@code file} in messages) into {@code out}; with
     * {@code relativeTo}, that directory and its slash are cut from every string. A
     * {@link Refusal} when a kept payload is too long or nothing the receipt reads is left.
     */
    public static Summary freeze(Path file, InputStream in, OutputStream out, Optional<String> relativeTo) throws IOException {
        LogFreezer freezer = new LogFreezer(file, out, relativeTo);
        LogLines lines = new LogLines(file, in, LogLines.MAX_LINE);
        long read = 0;
        while (lines.next()) {
            read += lines.length() + 1;
            freezer.line(lines);
        }
        freezer.finish();
        if (freezer.kept == 0) {
            throw new Refusal(file, "", 0, 0, "no record the receipt reads (compile_receipt_call, dynamo_start,"
                    + " compilation_metrics, recompile_reasons, dynamo_graph_break_reason, cache artifacts): nothing to freeze");
        }
        return new Summary(freezer.kept, freezer.droppedRecords, read, freezer.written, freezer.dropped, freezer.droppedOfOtherKinds,
                new FrozenLog.Keys(freezer.keys.keys(), freezer.keys.components(), CacheKeyPayload.FROZEN_HASH_CHARS,
                        freezer.keys.valuesCut(), freezer.keys.hits()));
    }

    private void line(LogLines lines) throws IOException {
        byte[] bytes = lines.bytes();
        if (lines.isPayload()) {
            if (parsed != null) {
                check.line(bytes, lines.start() + 1, lines.end());
                if (holds == RecordKind.WHOLE_PAYLOAD) {
                    payloadBytes += lines.end() - lines.start();
                    if (payloadBytes > MAX_KEPT_PAYLOAD) {
                        throw new Refusal(file, "", recordLine, 0, "the payload of the " + parsed.artifactName()
                                + " record is over " + (MAX_KEPT_PAYLOAD >> 20) + " MiB; no log the receipt can read holds one");
                    }
                    payload.add(Arrays.copyOfRange(bytes, lines.start() + 1, lines.end()));
                } else if (payloadBytes < holds) {
                    payloadBytes += lines.end() - lines.start();
                    payload.add(Arrays.copyOfRange(bytes, lines.start() + 1, lines.end()));
                }
            }
            return;
        }
        if (lines.isBlank()) {
            return;
        }
        finish();
        recordLine = lines.number();
        int at = GlogPrefix.envelopeStart(bytes, lines.start(), lines.end());
        Optional<FrozenEnvelope> read = at < 0 ? Optional.empty() : FrozenEnvelope.read(bytes, at, lines.end(), ONCE);
        if (read.isEmpty()) {
            count("(bad line)");
            return;
        }
        parsed = read.get().envelope();
        kind = RecordKinds.of(parsed);
        holds = 0;
        if (kind.acts(parsed)) {
            holds = kind.frozenPayload();
            prefix = Arrays.copyOfRange(bytes, lines.start(), at);
            try {
                envelope = read.get().tree(JSON);
            } catch (JsonProcessingException e) {
                throw new Refusal(file, "", recordLine, 0, "the envelope cannot be read as a JSON object: "
                        + e.getOriginalMessage(), e);
            } catch (NumberFormatException e) {
                // Jackson's exact reading of a number whose exponent has no BigDecimal (1e99999999999).
                throw new Refusal(file, "", recordLine, 0, "the envelope holds the number " + quoted(e.getMessage())
                        + ", whose exponent no exact number holds; a TORCH_TRACE envelope's numbers are ids, counts and times", e);
            }
        }
        check.begin(parsed.payloadMd5().isPresent(), kind.payloadIsJson(parsed), 0);
    }

    private void finish() throws IOException {
        LogEnvelope record = parsed;
        parsed = null;
        if (record == null) {
            return;
        }
        boolean good = !check.tooDeep() && check.jsonValid() && check.md5Matches(record.payloadMd5());
        Optional<List<byte[]>> frozen = good && kind.acts(record) ? kind.freeze(record, envelope, List.copyOf(payload), keys) : Optional.empty();
        payload.clear();
        payloadBytes = 0;
        if (frozen.isEmpty()) {
            count(good ? record.label() : "(bad record)");
            return;
        }
        ObjectNode node = envelope;
        List<byte[]> lines = new ArrayList<>();
        boolean json = kind.frozenPayloadIsJson(record, frozen.get());
        for (byte[] line : frozen.get()) {
            lines.add(relativeTo.isEmpty() ? line : cut(relativeTo.get(), new String(line, StandardCharsets.UTF_8), json)
                    .getBytes(StandardCharsets.UTF_8));
        }
        node.remove("has_payload");
        if (!lines.isEmpty()) {
            node.put("has_payload", md5(lines));
        }
        relativeTo.ifPresent(cut -> cut.cut(node));
        write(prefix);
        write(JSON.writeValueAsBytes(node));
        write(NEWLINE);
        for (byte[] line : lines) {
            write(TAB);
            write(line);
            write(NEWLINE);
        }
        kept++;
    }

    /** The value Jackson's number message quotes ({@code Value "1e99999999999" can not be ...}), else the message. */
    private static String quoted(String message) {
        int from = message == null ? -1 : message.indexOf('"');
        int to = from < 0 ? -1 : message.indexOf('"', from + 1);
        return to < 0 ? String.valueOf(message) : message.substring(from + 1, to);
    }

    /** A JSON payload is cut string by string, as the check cuts the values read from it; a text payload as text. */
    private static String cut(DirectoryCut cut, String line, boolean json) {
        return json ? cut.cutJson(line) : cut.cut(line);
    }

    /** Counts a dropped record under its kind, one of the first {@link FrozenLog#NAMED_KINDS} met, or with the other kinds. */
    private void count(String kind) {
        droppedRecords++;
        String name = kind.isEmpty() ? "(no event key)" : FrozenLog.kindName(kind);
        Long known = dropped.get(name);
        if (known != null) {
            dropped.put(name, known + 1);
        } else if (dropped.size() < FrozenLog.NAMED_KINDS) {
            dropped.put(name, 1L);
        } else {
            droppedOfOtherKinds++;
        }
    }

    private void write(byte[] bytes) throws IOException {
        out.write(bytes);
        written += bytes.length;
    }

    private static String md5(List<byte[]> lines) {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            for (int i = 0; i < lines.size(); i++) {
                if (i > 0) {
                    md5.update(NEWLINE);
                }
                md5.update(lines.get(i));
            }
            return HexFormat.of().formatHex(md5.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }
}
