package dev.compilereceipt.receipt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The recompile causes of the shape-churn and bool-arg captures ({@code fixtures/torch-logs/<release>-<scenario>/}),
 * worked out by hand from the guard failures PyTorch wrote, and the same from the capture's trace.json, its
 * TORCH_TRACE log and its TORCH_LOGS text (one process each). The text has no calls: its causes have
 * {@code phases: null} and evidence without calls, and it reads both runs as one baseline (the candidate
 * recompiles on no guard, so the causes are the baseline's).
 *
 * <p>shape-churn ({@code dynamic=False}): sizes 4 (b01 warmup compiles 0/0, b02 hits), 8 (b03: 0/0 misses, 0/1),
 * 16 (b04: 0/1 and 0/0 miss, 0/2), 32 (b05, changed: 0/2, 0/1, 0/0 miss, 0/3). Each failure names the variant's
 * size then the call's: the values in order seen are 4, 8, 16, 32. No {@code # line} comment on a size guard,
 * in either release: no user line.
 *
 * <p>bool-arg: {@code flag} True (b01 compiles 0/0, b02 hits), False (b03: 0/0 misses, 0/1), True (b04 hits 0/0),
 * False (b05, changed, hits 0/1): one failure. 2.6 guards a bool by identity (Dynamo's {@code CONSTANT_MATCH}
 * is an {@code ID_MATCH} for a bool, {@code torch/_dynamo/guards.py}), so the text says only that the object
 * {@code L['flag']} is no longer {@code 10519872}: an object cause; 2.14 guards it by value ({@code BOOL_MATCH}:
 * {@code flag == True}), with the user's line in its stack trace.
 *
 * <p>grad-mode: grad on (b01 compiles 0/0, b02 hits), off (b03: 0/0 misses on global state, 0/1), on (b04 hits 0/0),
 * off (b05 hits 0/1); the same text on both releases, which names neither the mode nor a line. Its candidate
 * runs every call with grad off.
 */
class RecompileCauseCapturesTest {

    private static final String SHAPE_26 = "{\"ended_in_limit\":false,\"frame\":%s,\"graphs\":[\"0/1\",\"0/2\",\"0/3\"],"
            + "\"guard\":\"tensor 'L['x']' size mismatch at index 0. expected <int>, actual <int>\",\"guard_line\":null,\"kind\":\"shape\","
            + "\"phases\":%s,\"subject\":\"L['x'].size()[0]\",\"user_line\":null,\"values\":[\"4\",\"8\",\"16\",\"32\"]}";
    private static final String SHAPE_214 = "{\"ended_in_limit\":false,\"frame\":%s,\"graphs\":[\"0/1\",\"0/2\",\"0/3\"],"
            + "\"guard\":\"tensor 'x' size mismatch at index 0. expected <int>, actual <int>\",\"guard_line\":null,\"kind\":\"shape\","
            + "\"phases\":%s,\"subject\":\"x.size()[0]\",\"user_line\":null,\"values\":[\"4\",\"8\",\"16\",\"32\"]}";
    private static final String BOOL_26 = "{\"ended_in_limit\":false,\"frame\":%s,\"graphs\":[\"0/1\"],"
            + "\"guard\":\"___check_obj_id(L['flag'], <id>)\",\"guard_line\":null,\"kind\":\"object\","
            + "\"phases\":%s,\"subject\":\"L['flag']\",\"user_line\":null,\"values\":[\"10519872\"]}";
    private static final String BOOL_214 = "{\"ended_in_limit\":false,\"frame\":%s,\"graphs\":[\"0/1\"],"
            + "\"guard\":\"flag == <bool>\",\"guard_line\":\"/capture/tests/scenarios.py:246\",\"kind\":\"python-value\","
            + "\"phases\":%s,\"subject\":\"flag\",\"user_line\":\"/capture/tests/scenarios.py:246\",\"values\":[\"True\"]}";
    private static final String GRAD = "{\"ended_in_limit\":false,\"frame\":%s,\"graphs\":[\"0/1\"],"
            + "\"guard\":\"GLOBAL_STATE changed: grad_mode\",\"guard_line\":null,\"kind\":\"global-state\","
            + "\"phases\":%s,\"subject\":\"grad_mode\",\"user_line\":null,\"values\":[]}";
    private static final String STEADY_AND_CHANGED = "[\"steady\",\"changed\"]";
    private static final String STEADY = "[\"steady\"]";

    private static String causesJson(String file, String run) {
        return CanonicalJson.write(ReceiptJson.tree(Receipt.of(Fixtures.trace(file))).at("/runs/" + run + "/recompile_causes"));
    }

    /**
     * The frame of each source: trace.json records none; the TORCH_TRACE log its compilation_metrics' name and file
     * (frozen before 0.2, it kept no co_firstlineno); the text its {@code Recompiling function NAME in FILE:LINE}.
     */
    private static void assertCausesOfEverySource(String folder, String cause, String phases, String function, int firstLine) {
        String base = "torch-logs/" + folder + "/";
        String file = "{\"file\":\"/capture/tests/scenarios.py\",\"function\":\"" + function + "\",\"line\":";
        assertThat(causesJson(base + "trace.json", "baseline")).as(folder + " trace.json: no frame recorded")
                .isEqualTo("[" + cause.formatted("null", phases) + "]");
        assertThat(causesJson(base + "torch_trace.log", "baseline")).as(folder + " TORCH_TRACE")
                .isEqualTo("[" + cause.formatted(file + "null}", phases) + "]");
        assertThat(causesJson(base + "torch_logs.txt", "baseline")).as(folder + " TORCH_LOGS text: no calls, so no phases")
                .isEqualTo("[" + cause.formatted(file + firstLine + "}", "null") + "]");
        for (String source : List.of("trace.json", "torch_trace.log")) {
            assertThat(causesJson(base + source, "candidate")).as(folder + " " + source + ": the candidate recompiles on no guard")
                    .isEqualTo("[]");
        }
        Trace text = Fixtures.trace(base + "torch_logs.txt");
        assertThat(text.runs()).extracting(Run::label).as("the text is one run").containsExactly(Run.BASELINE);
    }

    @Test
    void shapeChurnOn26IsOneSizeCauseOverFourSizes() {
        assertCausesOfEverySource("2.6-shape-churn", SHAPE_26, STEADY_AND_CHANGED, "churn_scale", 231);
    }

    @Test
    void shapeChurnOn214IsTheSameCauseWithThePlainName() {
        assertCausesOfEverySource("2.14-shape-churn", SHAPE_214, STEADY_AND_CHANGED, "churn_scale", 231);
    }

    @Test
    void boolArgOn26IsAnObjectIdentity() {
        assertCausesOfEverySource("2.6-bool-arg", BOOL_26, STEADY, "flagged", 245);
    }

    @Test
    void boolArgOn214IsAPythonBoolAtTheUsersLine() {
        assertCausesOfEverySource("2.14-bool-arg", BOOL_214, STEADY, "flagged", 245);
    }

    @Test
    void gradModeIsGlobalStateOnBothReleases() {
        assertCausesOfEverySource("2.6-grad-mode", GRAD, STEADY, "churn_scale", 231);
        assertCausesOfEverySource("2.14-grad-mode", GRAD, STEADY, "churn_scale", 231);
    }

    @Test
    void theEvidenceIsEveryFailureWithItsCallWhereTheSourceHasCalls() {
        for (String release : List.of("2.6", "2.14")) {
            String x = release.equals("2.6") ? "L['x']" : "x";
            List<RecompileCause.Evidence> expected = List.of(
                    evidence("b03", 1, "0/0: tensor '" + x + "' size mismatch at index 0. expected 4, actual 8"),
                    evidence("b04", 2, "0/1: tensor '" + x + "' size mismatch at index 0. expected 8, actual 16"),
                    evidence("b04", 2, "0/0: tensor '" + x + "' size mismatch at index 0. expected 4, actual 16"),
                    evidence("b05", 3, "0/2: tensor '" + x + "' size mismatch at index 0. expected 16, actual 32"),
                    evidence("b05", 3, "0/1: tensor '" + x + "' size mismatch at index 0. expected 8, actual 32"),
                    evidence("b05", 3, "0/0: tensor '" + x + "' size mismatch at index 0. expected 4, actual 32"));
            String base = "torch-logs/" + release + "-shape-churn/";
            for (String source : List.of("trace.json", "torch_trace.log")) {
                assertThat(cause(base + source).evidence()).as(release + " " + source).isEqualTo(expected);
            }
            assertThat(cause(base + "torch_logs.txt").evidence()).as(release + " TORCH_LOGS text: no calls")
                    .isEqualTo(expected.stream().map(e -> new RecompileCause.Evidence(Optional.empty(), e.graph(), e.guard())).toList());
        }
        String stack = "0/0: flag == True                                             "
                + "# return torch.sin(x) * 2.0 if flag else torch.cos(x) + 1.0  # apture/tests/scenarios.py:246 in flagged\n"
                + "User stack trace:\n  File \"/capture/tests/scenarios.py\", line 246, in flagged\n"
                + "    return torch.sin(x) * 2.0 if flag else torch.cos(x) + 1.0";
        for (String source : List.of("trace.json", "torch_trace.log")) {
            assertThat(cause("torch-logs/2.14-bool-arg/" + source).evidence()).as("2.14 " + source + ": the reason kept whole")
                    .containsExactly(evidence("b03", 1, stack));
            assertThat(cause("torch-logs/2.6-bool-arg/" + source).evidence()).as("2.6 " + source)
                    .containsExactly(evidence("b03", 1, "0/0: ___check_obj_id(L['flag'], 10519872)"));
        }
    }

    @Test
    void aCauseIsNamedByItsPlainNameOnBothReleases() {
        assertThat(cause("torch-logs/2.6-shape-churn/trace.json").isAbout("x.size()[0]")).isTrue();
        assertThat(cause("torch-logs/2.14-shape-churn/trace.json").isAbout("L['x'].size()[0]")).isTrue();
        assertThat(cause("torch-logs/2.6-bool-arg/trace.json").isAbout("flag")).isTrue();
        assertThat(cause("torch-logs/2.14-bool-arg/trace.json").isAbout("flag")).isTrue();
        assertThat(cause("torch-logs/2.14-bool-arg/trace.json").isAbout("x")).isFalse();
        assertThat(cause("torch-logs/2.6-shape-churn/trace.json").newValues()).containsExactly("8", "16", "32");
        assertThat(cause("torch-logs/2.14-bool-arg/trace.json").newValues()).as("2.14 names the value the old variant wanted only").isEmpty();
    }

    private static RecompileCause cause(String file) {
        List<RecompileCause> causes = Receipt.of(Fixtures.trace(file)).run("baseline").recompileCauses();
        assertThat(causes).as(file).hasSize(1);
        return causes.get(0);
    }

    private static RecompileCause.Evidence evidence(String call, int variant, String guard) {
        return new RecompileCause.Evidence(Optional.of(call), new GraphId(0, variant), guard);
    }
}
