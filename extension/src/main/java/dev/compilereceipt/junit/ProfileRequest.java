package dev.compilereceipt.junit;

import dev.compilereceipt.trace.CallPhases;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

/**
 * What a {@link TraceFixture} says of a torch.profiler trace: its phases (as written, joined by
 * commas; left out where the log's call markers give them), its call span, its log and the run of
 * that log; all empty for any other source.
 */
record ProfileRequest(Optional<String> phases, Optional<String> callSpan, Optional<String> log, Optional<String> run) {

    static final ProfileRequest NONE = new ProfileRequest(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    /** The request of an annotation; an {@link IllegalArgumentException} quoting the phases when they do not parse. */
    static ProfileRequest of(TraceFixture annotation) {
        Optional<String> phases = annotation.phases().length == 0 ? Optional.empty()
                : Optional.of(String.join(",", Arrays.stream(annotation.phases()).map(String::strip).toList()));
        phases.ifPresent(text -> {
            try {
                CallPhases.parse(text);
            } catch (IllegalArgumentException wrong) {
                throw new IllegalArgumentException("phases: " + wrong.getMessage(), wrong);
            }
        });
        ProfileRequest request = new ProfileRequest(phases, given(annotation.callSpan()), given(annotation.log()),
                given(annotation.run()));
        if (phases.isEmpty() && request.isProfile() && request.log().isEmpty()) {
            throw new IllegalArgumentException("callSpan, log and run read a torch.profiler trace, which needs the phases of"
                    + " its calls: phases = \"steady=0-9\" (by call index from 0)");
        }
        return request;
    }

    /** Whether the annotation asks for a profile. */
    boolean isProfile() {
        return phases.isPresent() || callSpan.isPresent() || log.isPresent() || run.isPresent();
    }

    /** The phases given, empty where the log's call markers give them (the capture helper's profile and log). */
    Optional<CallPhases> callPhases() {
        return phases.map(CallPhases::parse);
    }

    /**
     * What this request adds to its approved file's name, so that two tests reading one profile under
     * different requests keep two approved receipts (issue #43): empty for any other source; else the
     * readable parts (the log's file name, the run, the call span) and a short hash of the whole request,
     * phases included: {@code .log-torch_trace.log.run-baseline.request-1f3a9c0e}.
     */
    String approvalPart() {
        if (!isProfile()) {
            return "";
        }
        StringBuilder name = new StringBuilder();
        log.ifPresent(file -> name.append(".log-").append(fileName(Path.of(file).getFileName().toString())));
        run.ifPresent(label -> name.append(".run-").append(fileName(label)));
        callSpan.ifPresent(span -> name.append(".span-").append(fileName(span)));
        String whole = "log=" + log.orElse("") + "\nphases=" + phases.orElse("") + "\ncallSpan=" + callSpan.orElse("")
                + "\nrun=" + run.orElse("");
        try {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(whole.getBytes(StandardCharsets.UTF_8));
            return name.append(".request-").append(HexFormat.of().formatHex(sha, 0, 4)).toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** A value as a file name may hold it on every system: letters, digits, {@code . _ = -}; any other character {@code _}. */
    private static String fileName(String text) {
        String kept = text.replaceAll("[^A-Za-z0-9._=-]", "_");
        return kept.length() > 40 ? kept.substring(0, 40) : kept;
    }

    private static Optional<String> given(String text) {
        return text.isBlank() ? Optional.empty() : Optional.of(text.strip());
    }
}
