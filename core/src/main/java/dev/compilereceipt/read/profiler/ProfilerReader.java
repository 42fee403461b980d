package dev.compilereceipt.read.profiler;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Reads a torch.profiler Chrome trace into calls with the compile log of the TORCH_TRACE log of the
 * same process: one call per {@code ProfilerStep#N} span, or per span of the name given; each call's
 * compiled regions, their ms, the compiles, fallbacks and graph breaks the log places in it, and its
 * guard-check ms (see {@link ProfileCalls}); the phases as given.
 *
 * <p>Example: {@code ProfilerReader.read(file, in, Limits.DEFAULT, Optional.empty(), CallPhases.parse("steady=0-5"), compileLog)}.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class ProfilerReader {

    /**
     * The calls of a profile, the SHA-256 of its bytes as read, and what its calls leave unknown:
     * {@link Measure#EAGER_ISLAND_MS} where a break follows a region with no graph span of its own,
     * {@link Measure#FALLBACKS} where a recompile-limit fallback (it writes no span) cannot be placed;
     * {@link Measure#PHASE_STAGES} where the calls compile and no compile of theirs has its stages
     * (see {@link #splitsNoCompile}); the log's own per-compile stages are the log's to measure.
     */
    public record Read(List<Call> calls, String sha256, Set<Measure> notMeasured) {
        public Read {
            calls = List.copyOf(calls);
            notMeasured = Set.copyOf(notMeasured);
        }
    }

    /** What a profile whose compiles carry no stage timers lacks to split its phases' compile time by stage. */
    public static final String NO_PHASE_STAGES = "no compile of the profile's calls carries stage timers: a compile here is"
            + " timed by its span in the profile, which the log's timers do not split";

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
                            CompileLog compileLog) {
        MessageDigest sha = sha256();
        DigestInputStream digesting = new DigestInputStream(in, sha);
        List<ProfileSpan> spans = ProfileEvents.read(file, digesting, limits, callSpan);
        try {
            digesting.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new Refusal(file, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
        ProfileCalls.Calls calls = ProfileCalls.of(file, spans, phases, limits, compileLog);
        Set<Measure> unknown = EnumSet.noneOf(Measure.class);
        if (calls.unknown().islands()) {
            unknown.add(Measure.EAGER_ISLAND_MS);
        }
        if (calls.unknown().fallbacks()) {
            unknown.add(Measure.FALLBACKS);
        }
        if (splitsNoCompile(calls.calls())) {
            unknown.add(Measure.PHASE_STAGES);
        }
        return new Read(calls.calls(), HexFormat.of().formatHex(sha.digest()), unknown);
    }

    /**
     * Whether the calls spent compile time and no compile of theirs carries stage timers: a compile's time here is
     * its span in the profile, which the log's stage timers do not split, so the stages were not read for it and a
     * phase's {@code stages: {}} would claim the whole compile unattributed (issue #41).
     */
    static boolean splitsNoCompile(List<Call> calls) {
        boolean compiled = false;
        for (Call call : calls) {
            for (Event event : call.events()) {
                CompileStages stages;
                double compileMs;
                if (event instanceof Event.Region region) {
                    stages = region.stages();
                    compileMs = region.compileMs();
                } else if (event instanceof Event.Fallback fallback) {
                    stages = fallback.stages();
                    compileMs = fallback.compileMs();
                } else {
                    continue;
                }
                if (!stages.isEmpty()) {
                    return false;
                }
                compiled |= compileMs > 0;
            }
        }
        return compiled;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
