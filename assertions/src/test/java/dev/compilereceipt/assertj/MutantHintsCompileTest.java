package dev.compilereceipt.assertj;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.compilereceipt.junit.MutantTest;
import dev.compilereceipt.junit.TraceFixture;
import dev.compilereceipt.receipt.Receipt;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;

/**
 * Issue #35, friction 1: the assertion a surviving mutant's message suggests compiles as printed,
 * with the imports it names and nothing of AssertJ's own, and checks a time without naming one.
 */
class MutantHintsCompileTest {

    @TempDir
    Path classes;

    @Test
    void everyHintCompilesWithTheImportsItNamesAndPinsNoTime() {
        Map<String, String> hints = hints(NoChecksCases.class);
        assertThat(hints).containsExactly(
                Map.entry("conflate-breaks-and-recompiles", "(with import static dev.compilereceipt.assertj.CompileAssertions.assertThat;"
                        + " import static dev.compilereceipt.trace.Phase.CHANGED;):\n"
                        + "  assertThat(receipt).run(\"baseline\").phase(CHANGED).hasCompiles(2);"),
                Map.entry("drop-warmup", "(with import static dev.compilereceipt.assertj.CompileAssertions.assertThat;"
                        + " import static dev.compilereceipt.trace.Phase.WARMUP;):\n"
                        + "  assertThat(receipt).run(\"baseline\").phase(WARMUP).hasCalls(1);"),
                Map.entry("count-cache-hits-as-compiles", "(with import static dev.compilereceipt.assertj.CompileAssertions.assertThat;"
                        + " import static dev.compilereceipt.trace.Phase.CHANGED;):\n"
                        + "  assertThat(receipt).run(\"baseline\").phase(CHANGED).hasCompiles(2);"),
                Map.entry("average-unequal-calls", "(with import static dev.compilereceipt.assertj.CompileAssertions.assertThat;"
                        + " import static dev.compilereceipt.trace.Phase.CHANGED;):\n"
                        + "  assertThat(receipt).run(\"candidate\").phase(CHANGED).hasMeanOfItsCalls();"),
                Map.entry("hide-eager-islands", "(with import static dev.compilereceipt.assertj.CompileAssertions.assertThat;"
                        + " import static dev.compilereceipt.trace.Phase.CHANGED;):\n"
                        + "  assertThat(receipt).run(\"baseline\").phase(CHANGED).hasEagerTimeAtItsBreaks();"));
        hints.forEach((mutant, hint) -> assertThat(compile(hint, classes)).as(mutant).isEmpty());
    }

    @Test
    void theHintsForTimesHoldOnTheTrueReceiptAndFailOnTheMutant() {
        assertThat(EngineTestKit.engine("junit-jupiter").selectors(selectClass(HintedCases.class))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toString())
                .execute().testEvents().failed().count()).isZero();
    }

    /** Each surviving mutant's hint: the imports it names and the assertion, as its message prints them. */
    private static Map<String, String> hints(Class<?> cases) {
        Map<String, String> hints = new LinkedHashMap<>();
        List<Event> failed = EngineTestKit.engine("junit-jupiter").selectors(selectClass(cases))
                .configurationParameter(TraceFixture.FIXTURES_ROOT, Fixtures.dir().toString())
                .execute().testEvents().failed().list();
        for (Event event : failed) {
            Throwable failure = event.getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class).getThrowable().orElseThrow();
            assertThat(failure).isInstanceOf(AssertionFailedError.class);
            String message = failure.getMessage();
            String marker = "An assertion that would catch it ";
            assertThat(message).contains(marker);
            String mutant = message.substring("mutant ".length(), message.indexOf(" survived"));
            hints.put(mutant, message.substring(message.indexOf(marker) + marker.length()).strip());
        }
        return hints;
    }

    /** Compiles the hint in a method with a {@code Receipt receipt} parameter; the compiler's complaints, empty when none. */
    private static String compile(String hint, Path classes) {
        String imports = hint.substring("(with ".length(), hint.indexOf("):\n"));
        String assertion = hint.substring(hint.indexOf("):\n") + 3).strip();
        String source = imports + "\nclass Hint { void check(dev.compilereceipt.receipt.Receipt receipt) { " + assertion + " } }\n";
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///Hint.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter complaints = new StringWriter();
        List<String> options = new ArrayList<>(List.of("-proc:none", "-d", classes.toString(),
                "-classpath", System.getProperty("java.class.path")));
        boolean compiled = javac.getTask(complaints, null, null, options, null, List.of(file)).call();
        return compiled ? "" : complaints.toString();
    }

    static class NoChecksCases {
        @MutantTest
        void noChecks(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
        }
    }

    static class HintedCases {
        @MutantTest
        void theTwoTimeHints(@TraceFixture("print-bridge/trace.json") Receipt receipt) {
            CompileAssertions.assertThat(receipt).run("candidate").phase(dev.compilereceipt.trace.Phase.CHANGED).hasMeanOfItsCalls();
            CompileAssertions.assertThat(receipt).run("baseline").phase(dev.compilereceipt.trace.Phase.CHANGED).hasEagerTimeAtItsBreaks();
            CompileAssertions.assertThat(receipt).run("baseline").phase(dev.compilereceipt.trace.Phase.CHANGED).hasCompiles(2);
            CompileAssertions.assertThat(receipt).run("baseline").phase(dev.compilereceipt.trace.Phase.WARMUP).hasCalls(1);
        }
    }
}
