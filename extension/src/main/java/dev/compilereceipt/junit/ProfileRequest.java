package dev.compilereceipt.junit;

import dev.compilereceipt.trace.CallPhases;
import java.util.Arrays;
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

    private static Optional<String> given(String text) {
        return text.isBlank() ? Optional.empty() : Optional.of(text.strip());
    }
}
