package dev.compilereceipt.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.apiguardian.api.API;

/**
 * Injects a trace fixture, read and checked once per test run, into a test parameter or field of
 * type {@link dev.compilereceipt.trace.Trace}, {@link dev.compilereceipt.ledger.Ledger} or
 * {@link dev.compilereceipt.receipt.Receipt}, or all ranks of a job as {@link dev.compilereceipt.Ranks} with
 * {@link #ranks()} {@code = ALL}. No {@code @ExtendWith} is needed.
 *
 * <p>{@link #value()} names one trace; {@link #baseline()} and {@link #candidate()} instead name
 * two single-run traces combined into one comparison
 * ({@link dev.compilereceipt.Traces#combine}); {@link #warm()} names the log of the warm process
 * beside {@code value} ({@code @TraceFixture(value = "a/torch_trace.log", warm = "a/warm_torch_trace.log")}).
 * A path is looked up as a classpath resource first,
 * then as a file under the fixtures root: the configuration parameter
 * {@value #FIXTURES_ROOT} if set, else {@code src/test/resources} and then the working (module)
 * directory. An absolute path is used as it is. When a test that received a fixture fails, its
 * {@code receipt.json}, {@code ledger.csv}, {@code receipt.csv} and {@code receipt.html} are
 * attached to the test report; {@value #REPORT_ATTACH}{@code =always} attaches them for every test, {@code never} for none.
 *
 * <p>Limits: a capture of 65 calls is read with {@code @TraceFixture(value = "big.json", maxCalls = 128)};
 * a whole suite raises one with the configuration parameter {@code compilereceipt.limits.maxCalls}
 * (likewise {@code maxEvents}, {@code maxStringLength}, {@code maxBreakSites},
 * {@code maxRecompileReasons}, {@code maxCompiles}, {@code maxDepth}, {@code maxKeptChars}); an
 * attribute wins over the parameter. {@code rank} chooses one rank of a multi-rank trace: one log of
 * a TORCH_TRACE folder, or the lines of one rank ({@code [rank1]:}) of a TORCH_LOGS text; the
 * receipt's name then says which ({@code ddp rank 1}).
 *
 * <p>A torch.profiler trace is read with the TORCH_TRACE log of the same process ({@link #log()}, or a
 * folder holding both as {@link #value()}) and the phases of its calls, which a profile cannot tell:
 * <pre>{@code
 * @Test
 * void steadyRequestsNeverCompile(@TraceFixture(value = "serving/profile.json", log = "serving/torch_trace.log",
 *         callSpan = "request", phases = {"eager=0-2", "warmup=3", "steady=4-83"}) Receipt receipt) {
 *     assertThat(receipt.run("baseline").phase(Phase.STEADY).compiles()).isZero();
 * }
 * }</pre>
 * {@link #phases()} takes the ranges one by one as above, or as one string the way the CLI's
 * {@code --phases} takes them ({@code phases = "eager=0-2,warmup=3,steady=4-83"}); a profile without
 * them is refused, as no call's phase is guessed.
 *
 * <p>Example:
 * <pre>{@code
 * @Test
 * void steadyTrafficNeverCompiles(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
 *     assertThat(receipt.run("candidate").phase(Phase.STEADY).compiles()).isZero();
 * }
 * }</pre>
 * Fields are injected too: instance fields before each test instance is used, static fields
 * before {@code @BeforeAll} methods run.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PARAMETER, ElementType.FIELD})
@ExtendWith(TraceFixtureExtension.class)
@API(status = API.Status.STABLE, since = "0.2")
public @interface TraceFixture {

    /** The configuration parameter naming the directory that relative fixture paths are files in. */
    String FIXTURES_ROOT = "compilereceipt.fixtures.root";

    /** The configuration parameter saying when receipts are attached: {@code on-failure} (default), {@code always} or {@code never}. */
    String REPORT_ATTACH = "compilereceipt.report.attach";

    /** The trace to inject; leave empty when {@link #baseline()} and {@link #candidate()} are set. */
    String value() default "";

    /**
     * The TORCH_TRACE log of a fresh process that reused the caches of {@link #value()}'s process (the
     * same {@code TORCHINDUCTOR_CACHE_DIR}): each run's warm start, whose compiles and cache outcomes
     * fill its {@code cold_start} ({@link dev.compilereceipt.Traces#withWarmStart}). A folder given as
     * {@link #value()} that holds both logs, the warm one named {@code warm_...}, needs none.
     */
    String warm() default "";

    /** A single-run trace that becomes the baseline run; needs {@link #candidate()}. */
    String baseline() default "";

    /** A single-run trace that becomes the candidate run; needs {@link #baseline()}. */
    String candidate() default "";

    /** The prefix of configuration parameters that set a limit for a whole suite: {@code compilereceipt.limits.maxCalls}. */
    String LIMITS = "compilereceipt.limits.";

    /** Calls allowed per run; -1 for the suite's {@code compilereceipt.limits.maxCalls}, else 64. */
    int maxCalls() default -1;

    /** Events allowed per call; -1 for {@code compilereceipt.limits.maxEvents}, else 16. */
    int maxEvents() default -1;

    /** The longest string a trace may hold; -1 for {@code compilereceipt.limits.maxStringLength}, else 1 Mi. */
    int maxStringLength() default -1;

    /** Distinct break sites a TORCH_TRACE run may report; -1 for {@code compilereceipt.limits.maxBreakSites}, else 1,000. */
    int maxBreakSites() default -1;

    /** Recompile reasons a TORCH_TRACE run may hold; -1 for {@code compilereceipt.limits.maxRecompileReasons}, else 100,000. */
    int maxRecompileReasons() default -1;

    /** Compiles a TORCH_TRACE run may hold; -1 for {@code compilereceipt.limits.maxCompiles}, else 100,000. */
    int maxCompiles() default -1;

    /** The deepest JSON payload of a TORCH_TRACE log; -1 for {@code compilereceipt.limits.maxDepth}, else 1,000. */
    int maxDepth() default -1;

    /** Characters of text a TORCH_TRACE log may keep; -1 for {@code compilereceipt.limits.maxKeptChars}, else 16 Mi. */
    long maxKeptChars() default -1;

    /**
     * The rank to read: the log of that rank in a TORCH_TRACE folder with one log per rank, or the
     * lines tagged {@code [rankN]:} in a TORCH_LOGS text; -1 for a trace of one rank.
     */
    int rank() default -1;

    /**
     * {@link RankScope#ALL} reads every rank of a job from the folder {@link #value()} names (one TORCH_TRACE log per
     * rank as PyTorch names them, {@code dedicated_log_torch_trace_rank_<N>_<suffix>.log}, or their fingerprints) and
     * injects them as {@link dev.compilereceipt.Ranks}, read once per test run:
     * {@code @TraceFixture(value = "ddp/torch_traces", ranks = ALL) Ranks ranks}. The default, {@link RankScope#ONE},
     * reads one trace as before (the rank {@link #rank()} names, in a folder of ranks).
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.3")
    RankScope ranks() default RankScope.ONE;

    /**
     * The phase of each call of a torch.profiler trace, by call index from 0: {@code "eager=0-2"},
     * {@code "steady=4-83"}, ... (each a range, or several joined by commas, as {@code --phases}); needed
     * for a profile, refused for any other source.
     */
    String[] phases() default {};

    /** The span of one call in a torch.profiler trace, such as a {@code record_function("request")}; empty for {@code ProfilerStep#N}. */
    String callSpan() default "";

    /** The TORCH_TRACE log of the process whose torch.profiler trace {@link #value()} is, found as {@code value} is; empty when {@code value} is a folder holding both. */
    String log() default "";

    /** The run of {@link #log()} the profile is of, where the capture helper's markers split the log into runs ({@code baseline}, {@code candidate}). */
    String run() default "";

    /**
     * Keep the approved receipt per PyTorch release ({@code trace.json.torch-2.14.approved.json}, from the
     * receipt's {@code fixture.torch}); a release with no file of its own is compared with the newest older
     * release's. The suite property {@code compilereceipt.approve.perRelease=true} does it for every fixture.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.3")
    boolean perRelease() default false;

    /**
     * Ratchet mode: an improved count (fewer breaks, fewer recompiles, a cache hit for a miss) fails
     * {@code matchesApprovedReceipt()} like a regression, saying "improved: approve it so it stays improved".
     * The suite property {@code compilereceipt.approve.ratchet=true} does it for every fixture.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.3")
    boolean ratchet() default false;
}
