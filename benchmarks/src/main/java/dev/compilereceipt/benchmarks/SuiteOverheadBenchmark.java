package dev.compilereceipt.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.Traces;
import dev.compilereceipt.junit.TraceFixture;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code @TraceFixture} costs a suite: a class of {@value #TESTS} tests on one fixture run on
 * the Jupiter engine, once with the receipt injected by the extension (loaded once, then taken from
 * the engine-wide cache) and once with the same assertions on a receipt built by hand in
 * {@code @BeforeAll}; and with the extension setting a static field instead of a parameter.
 * {@code warm}: the engine run of the class, timed after warm-up;
 * {@code cold}: the first run of the class in a fresh JVM (one per fork), as {@code mvn test}
 * meets it. The ratio of the two variants is the extension's overhead.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SuiteOverheadBenchmark {

    static final int TESTS = 200;

    /**
     * {@code extension}: the receipt is a test method's parameter; {@code extension-field}: a static field the
     * extension sets before {@code @BeforeAll}, the other way the README offers; {@code by-hand}: no extension.
     */
    @Param({"extension", "extension-field", "by-hand"})
    public String variant;

    /** The class with the extension: 200 tests, each given the receipt of print-bridge. */
    public static class WithExtension {
        @RepeatedTest(TESTS)
        void steadyTrafficNeverCompiles(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            check(receipt);
        }
    }

    /** The same 200 tests on a receipt the extension injects into a static field, once per class. */
    public static class WithExtensionField {
        @TraceFixture("print-bridge/trace.json")
        static Receipt receipt;

        @RepeatedTest(TESTS)
        void steadyTrafficNeverCompiles() {
            check(receipt);
        }
    }

    /** The same 200 tests on a receipt read and computed once, by hand. */
    public static class ByHand {
        static Receipt receipt;

        @BeforeAll
        static void read() {
            receipt = Receipt.of(Traces.read(SixtyFourCalls.fixtures().resolve("print-bridge/trace.json")));
        }

        @RepeatedTest(TESTS)
        void steadyTrafficNeverCompiles() {
            check(receipt);
        }
    }

    static void check(Receipt receipt) {
        assertThat(receipt.run("candidate").phase(Phase.STEADY).compiles()).isZero();
        assertThat(receipt.run("baseline").phase(Phase.STEADY).breaks()).hasValue(8);
        assertThat(receipt.run("candidate").phase(Phase.STEADY).breaks()).hasValue(0);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    @Fork(1)
    public long warm() {
        return run();
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    @Fork(5)
    public long cold() {
        return run();
    }

    private long run() {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(switch (variant) {
                    case "extension" -> WithExtension.class;
                    case "extension-field" -> WithExtensionField.class;
                    default -> ByHand.class;
                }))
                .configurationParameters(Map.of(TraceFixture.FIXTURES_ROOT, SixtyFourCalls.fixtures().toString()))
                .execute();
        long passed = results.testEvents().succeeded().count();
        if (passed != TESTS) {
            throw new IllegalStateException(passed + " of " + TESTS + " tests passed: " + results.testEvents().failed().list());
        }
        return passed;
    }
}
