package dev.compilereceipt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.trace.CallPhases;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One way in: a request reads what each 0.1 overload read (they forward to it, deprecated for one
 * release), and its refusals name the options the way its caller writes them.
 */
class TraceRequestTest {

    private static final Path PROFILE = Fixtures.path("profiler/2.14-plain/profile.json");
    private static final Path LOG = Fixtures.path("profiler/2.14-plain/torch_trace.log");
    private static final CallPhases PHASES = CallPhases.parse("warmup=0,steady=1-5");

    @Test
    void traceHasOneWayInAndNoInternalTypeInItsCurrentSignatures() {
        var current = Arrays.stream(Traces.class.getDeclaredMethods())
                .filter(method -> Modifier.isPublic(method.getModifiers()) && !method.isAnnotationPresent(Deprecated.class))
                .toList();
        assertThat(current).extracting(Method::getName).containsExactlyInAnyOrder("read", "read", "ranks", "freeze", "freeze");
        assertThat(current).flatExtracting(method -> Arrays.asList(method.getParameterTypes()))
                .noneMatch(type -> type.getPackageName().startsWith("dev.compilereceipt.output")
                        || type.getPackageName().startsWith("dev.compilereceipt.read"));
    }

    @Test
    @SuppressWarnings("removal")
    void everyDeprecatedOverloadReadsWhatItsRequestReads() throws IOException {
        Path log = Fixtures.path("print-bridge/torch_trace.log");
        Limits limits = Limits.DEFAULT.withMaxCalls(100);
        assertThat(Traces.read(log, limits).sha256()).isEqualTo(Traces.read(TraceRequest.of(log).withLimits(limits)).sha256());
        assertThat(Traces.readSide(log, limits)).isEqualTo(Traces.read(TraceRequest.of(log).withLimits(limits).asSide()));
        try (InputStream in = Files.newInputStream(log); InputStream again = Files.newInputStream(log)) {
            assertThat(Traces.read(log, in, limits)).isEqualTo(Traces.read(TraceRequest.ofStream(log, again).withLimits(limits)));
        }
        assertThat(Traces.readProfile(PROFILE, LOG, Optional.empty(), PHASES, Limits.DEFAULT).sha256())
                .isEqualTo(Traces.read(TraceRequest.of(PROFILE).withLog(LOG).withPhases(PHASES)).sha256());
        assertThat(Traces.readProfile(PROFILE.getParent(), Optional.empty(), PHASES, Limits.DEFAULT).sha256())
                .isEqualTo(Traces.read(TraceRequest.of(PROFILE.getParent()).withPhases(PHASES)).sha256());
        assertThat(Traces.isProfile(PROFILE)).isTrue();
        assertThat(Traces.isProfile(log)).isFalse();

        Path cold = Fixtures.path("warm-start/2.14-int-spec/torch_trace.log");
        Path warm = Fixtures.path("warm-start/2.14-int-spec/warm_torch_trace.log");
        Trace paired = Traces.read(TraceRequest.of(cold).withWarmLog(warm));
        assertThat(Traces.readWarmPair(cold, warm, Limits.DEFAULT).sha256()).isEqualTo(paired.sha256());
        assertThat(Traces.withWarmStart(Traces.read(cold), Traces.read(warm)).sha256()).isEqualTo(paired.sha256())
                .isEqualTo(Traces.read(cold.getParent()).sha256());

        Trace before = Traces.read(TraceRequest.of(Fixtures.path("decision/baseline-only.json")).asSide());
        Trace after = Traces.read(TraceRequest.of(Fixtures.path("decision/candidate-only.json")).asSide());
        assertThat(Traces.combine(before, after).sha256()).isEqualTo(Trace.combine(before, after).sha256());
    }

    @Test
    void aProfileWithoutItsOptionsIsRefusedInTheCallersWords() {
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(PROFILE).from(TraceRequest.Caller.CLI)))
                .hasMessage(PROFILE + ": (document): a torch.profiler trace is read with the TORCH_TRACE log of the same process"
                        + " and the phases of its calls: receipt audit PROFILE --log LOG --phases steady=0-9");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(PROFILE).withPhases(PHASES)))
                .hasMessage(PROFILE + ": (document): a torch.profiler trace is read with the TORCH_TRACE log of the same"
                        + " process: withLog(log), or a folder holding both");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(PROFILE).withPhases(PHASES).from(TraceRequest.Caller.CLI)))
                .hasMessage(PROFILE + ": (document): a torch.profiler trace is read with the TORCH_TRACE log of the same"
                        + " process: --log LOG, or a folder holding both");
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(PROFILE).withLog(LOG).withRank(1).from(TraceRequest.Caller.TRACE_FIXTURE)))
                .hasMessage(PROFILE + ": (document): a torch.profiler trace is read from its file, without rank = N");
    }

    @Test
    void aRequestIsAValueEachWithReturnsANewOne() {
        TraceRequest plain = TraceRequest.of(PROFILE);
        TraceRequest profile = plain.withLog(LOG).withPhases(PHASES).withCallSpan("request").withRun("baseline");

        assertThat(plain.log()).isEmpty();
        assertThat(plain.limits()).isEqualTo(Limits.DEFAULT);
        assertThat(profile.log()).contains(LOG);
        assertThat(profile.callSpan()).contains("request");
        assertThat(profile.run()).contains("baseline");
        assertThat(profile).hasToString("TraceRequest[" + PROFILE + ", log " + LOG + ", phases " + PHASES
                + ", call span request, run baseline]");
    }
}
