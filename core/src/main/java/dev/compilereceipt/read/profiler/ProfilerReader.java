package dev.compilereceipt.read.profiler;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Limits;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Reads a torch.profiler Chrome trace into calls: one per {@code ProfilerStep#N} span, or per span
 * of the name given; each call's compiled regions, their ms, compiles and guard-check ms (see
 * {@link ProfileCalls}); the phases as given. With the compile log of the TORCH_TRACE log of the
 * same process, a region compiled in the profile must be one the log compiled, and carries the
 * log's guard failures.
 *
 * <p>Example: {@code ProfilerReader.read(file, in, Limits.DEFAULT, Optional.empty(), CallPhases.parse("steady=0-5"), log)}.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class ProfilerReader {

    /** The calls of a profile and the SHA-256 of its bytes as read. */
    public record Read(List<Call> calls, String sha256) {
        public Read {
            calls = List.copyOf(calls);
        }
    }

    private static final byte[] EVENTS_KEY = ("\"" + ProfileEvents.EVENTS + "\"").getBytes(StandardCharsets.US_ASCII);

    private ProfilerReader() {
    }

    /**
     * Whether {@code head}, the first {@code length} bytes of an input, is a torch.profiler trace:
     * a JSON object whose first bytes hold the key {@code "traceEvents"} (PyTorch writes it after a
     * few small keys, and a {@code compile-trace/1} file has no such key).
     */
    public static boolean isProfile(byte[] head, int length) {
        int i = 0;
        while (i < length && (head[i] == ' ' || head[i] == '\n' || head[i] == '\r' || head[i] == '\t')) {
            i++;
        }
        if (i >= length || head[i] != '{') {
            return false;
        }
        outer:
        for (int at = i; at + EVENTS_KEY.length <= length; at++) {
            for (int k = 0; k < EVENTS_KEY.length; k++) {
                if (head[at + k] != EVENTS_KEY[k]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    public static Read read(Path file, InputStream in, Limits limits, Optional<String> callSpan, CallPhases phases,
                            Optional<CompileLog> compileLog) {
        MessageDigest sha = sha256();
        DigestInputStream digesting = new DigestInputStream(in, sha);
        List<ProfileSpan> spans = ProfileEvents.read(file, digesting, limits, callSpan);
        try {
            digesting.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new Refusal(file, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
        List<Call> calls = ProfileCalls.of(file, spans, phases, limits, compileLog);
        return new Read(calls, HexFormat.of().formatHex(sha.digest()));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
