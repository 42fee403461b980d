package dev.compilereceipt.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.apiguardian.api.API;

/**
 * Proves that a test's own assertions catch plausible bookkeeping mistakes. The method takes a
 * {@link dev.compilereceipt.receipt.Receipt} injected by {@link TraceFixture}; it runs once on the true
 * receipt ({@code unmutated}, which must pass), then once per {@link dev.compilereceipt.mutant.Mutant}
 * ({@code mutant: drop-warmup}, ...), where it must fail. A mutant whose run passes fails that
 * invocation with what the mutant changed and an assertion that would catch it; a mutant the
 * fixture cannot show is reported as aborted with what the fixture lacks. When the fixture can show
 * no mutant at all, the template adds a failing invocation ({@code no mutant distinguishable}) that
 * names the fixture and every reason, unless the test declares it expects that with
 * {@link #allowNoDistinguishable()}: a green template has always killed something.
 *
 * <p>Example:
 * <pre>{@code
 * @MutantTest
 * void myChecksKillEveryMutant(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
 *     assertThat(receipt).hasNoNewGraphVariantsIn(STEADY);
 *     assertThat(receipt).run("baseline").phase(STEADY).hasBreaks(8).hasCacheHits(16);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@TestTemplate
@ExtendWith(MutantTestExtension.class)
@API(status = API.Status.STABLE, since = "0.2")
public @interface MutantTest {

    /**
     * Whether a fixture on which no mutant can be told apart from the truth is expected: then every
     * mutant invocation is aborted with its reason and nothing fails. By default ({@code false}) such
     * a template fails once, since it proved nothing.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    boolean allowNoDistinguishable() default false;
}
