package dev.compilereceipt.receipt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Phase;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Guard failures grouped into recompile causes, on real captures of both releases, worked out by
 * hand from the fixtures: int-spec's {@code f(x, n)} is called in steady with {@code n = 2 … 9};
 * each call's guards of the older variants miss ({@code 0/k: n == k+1}), 7 variants are compiled
 * and the 8th recompile falls back at the limit, 36 failures in all. print-bridge changes the batch
 * from 8 to 16 in its changed phase, on both of its frames.
 */
class RecompileCausesTest {

    private static final List<String> ONE_TO_EIGHT = IntStream.rangeClosed(1, 8).mapToObj(Integer::toString).toList();
    private static final List<GraphId> STEADY_GRAPHS = IntStream.rangeClosed(1, 8).mapToObj(v -> new GraphId(0, v)).toList();

    private static List<RecompileCause> causes(String fixture, String run) {
        return Receipt.of(Fixtures.trace(fixture)).run(run).recompileCauses();
    }

    @Test
    void intSpecOn26IsOneCauseFromEverySource() {
        for (String fixture : List.of("int-spec/trace.json", "int-spec/torch_trace.log", "torch-logs/2.6-int-spec/torch_logs.txt")) {
            List<RecompileCause> causes = causes(fixture, "baseline");
            assertThat(causes).as(fixture).hasSize(1);
            RecompileCause cause = causes.get(0);
            assertThat(cause.subject()).as(fixture).isEqualTo("L['n']");
            assertThat(cause.guard()).as(fixture).isEqualTo("L['n'] == <int>");
            assertThat(cause.kind()).as(fixture).isEqualTo(RecompileKind.PYTHON_VALUE);
            assertThat(cause.userLine()).as(fixture + ": 2.6 names no source line in a guard failure").isEmpty();
            assertThat(cause.values()).as(fixture).isEqualTo(ONE_TO_EIGHT);
            assertThat(cause.newValues()).as(fixture).containsExactly("2", "3", "4", "5", "6", "7", "8");
            assertThat(cause.graphs()).as(fixture).isEqualTo(STEADY_GRAPHS);
            assertThat(cause.variants()).as(fixture).isEqualTo(STEADY_GRAPHS.subList(0, 7));
            assertThat(cause.endedInLimit()).as(fixture).isTrue();
            assertThat(cause.limitGraphs()).as(fixture).containsExactly(new GraphId(0, 8));
            assertThat(cause.evidence()).as(fixture).hasSize(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8);
            assertThat(cause.isAbout("n")).isTrue();
            assertThat(cause.isAbout("L['n']")).isTrue();
            assertThat(cause.isAbout("m")).isFalse();
        }
        assertThat(causes("int-spec/trace.json", "baseline").get(0).phases()).contains(List.of(Phase.STEADY));
        assertThat(causes("int-spec/trace.json", "baseline").get(0).evidence().get(0))
                .isEqualTo(new RecompileCause.Evidence(Optional.of("b04"), new GraphId(0, 1), "0/0: L['n'] == 1"));
        assertThat(causes("torch-logs/2.6-int-spec/torch_logs.txt", "baseline").get(0).phases())
                .as("TORCH_LOGS text has no calls, so no phases").isEmpty();
        assertThat(causes("int-spec/trace.json", "candidate")).as("the candidate passes n as a tensor").isEmpty();
    }

    @Test
    void intSpecOn214NamesTheUsersLineFromTheStackTrace() {
        // trace.json keeps b04's single reason as four lines of its own; the TORCH_TRACE log as one text.
        for (String fixture : List.of("torch-2.14/int-spec/trace.json", "torch-2.14/int-spec/torch_trace.log")) {
            List<RecompileCause> causes = causes(fixture, "baseline");
            assertThat(causes).as(fixture).hasSize(1);
            RecompileCause cause = causes.get(0);
            assertThat(cause.subject()).as(fixture).isEqualTo("n");
            assertThat(cause.guard()).as(fixture).isEqualTo("n == <int>");
            assertThat(cause.userLine()).as(fixture).contains("/rt/scenarios.py:65");
            assertThat(cause.values()).as(fixture).isEqualTo(ONE_TO_EIGHT);
            assertThat(cause.graphs()).as(fixture).isEqualTo(STEADY_GRAPHS);
            assertThat(cause.phases()).as(fixture).contains(List.of(Phase.STEADY));
            assertThat(cause.endedInLimit()).as(fixture).isTrue();
            assertThat(cause.evidence()).as(fixture).hasSize(36);
            assertThat(cause.evidence().get(0).guard()).as(fixture).startsWith("0/0: n == 1 ").contains("\nUser stack trace:\n")
                    .endsWith("return (x * n).sum(-1) if not as_tensor else (x * n.to(x.dtype)).sum(-1)");
        }
        assertThat(causes("torch-logs/2.14-int-spec/torch_logs.txt", "baseline")).singleElement()
                .satisfies(cause -> {
                    assertThat(cause.userLine()).contains("/rtl/scenarios.py:65");
                    assertThat(cause.values()).isEqualTo(ONE_TO_EIGHT);
                    assertThat(cause.endedInLimit()).isTrue();
                });
    }

    @Test
    void aBatchChangeIsOneShapeCausePerFrame() {
        for (String fixture : List.of("print-bridge/trace.json", "print-bridge/torch_trace.log", "torch-logs/2.6-print-bridge/torch_logs.txt",
                "torch-2.14/print-bridge/trace.json", "torch-2.14/print-bridge/torch_trace.log", "torch-logs/2.14-print-bridge/torch_logs.txt")) {
            String x = fixture.contains("2.14") ? "x" : "L['x']";
            String y = fixture.contains("2.14") ? "y" : "L['y']";
            List<RecompileCause> causes = causes(fixture, "baseline");
            assertThat(causes).as(fixture).extracting(RecompileCause::subject).containsExactly(x + ".size()[0]", y + ".size()[0]");
            assertThat(causes).as(fixture).extracting(RecompileCause::guard).containsExactly(
                    "tensor '" + x + "' size mismatch at index 0. expected <int>, actual <int>",
                    "tensor '" + y + "' size mismatch at index 0. expected <int>, actual <int>");
            assertThat(causes).as(fixture).allSatisfy(cause -> {
                assertThat(cause.kind()).isEqualTo(RecompileKind.SHAPE);
                assertThat(cause.values()).containsExactly("8", "16");
                assertThat(cause.newValues()).containsExactly("16");
                assertThat(cause.endedInLimit()).isFalse();
                assertThat(cause.userLine()).isEmpty();
            });
            assertThat(causes).as(fixture).extracting(RecompileCause::graphs)
                    .containsExactly(List.of(new GraphId(0, 1)), List.of(new GraphId(1, 1)));
            assertThat(causes.get(0).isAbout("x.size()[0]")).as(fixture).isTrue();
        }
        assertThat(causes("print-bridge/trace.json", "baseline").get(0).phases()).contains(List.of(Phase.CHANGED));
    }

    @Test
    void aStormOfShapesWithoutALimitIsOneCauseWithEveryValue() {
        // tlparse's recompile storm: x grows from 2 to 16 over 14 recompiles, 105 = 1 + 2 + … + 14 failures, no fallback.
        RecompileCause cause = causes("tlparse/recompile_storm_rank_1.log", "baseline").get(0);
        assertThat(causes("tlparse/recompile_storm_rank_1.log", "baseline")).hasSize(1);
        assertThat(cause.subject()).isEqualTo("x.size()[0]");
        assertThat(cause.values()).isEqualTo(IntStream.rangeClosed(2, 16).mapToObj(Integer::toString).toList());
        assertThat(cause.graphs()).hasSize(14).startsWith(new GraphId(0, 1)).endsWith(new GraphId(0, 14));
        assertThat(cause.evidence()).hasSize(105);
        assertThat(cause.endedInLimit()).isFalse();
    }

    @Test
    void aFrameGivenUpIsNotTheRecompileLimit() {
        // The fallback fixtures give up gelu_gate's frame; the one recompile before it made variant 0/1.
        for (String fixture : List.of("torch-logs/2.6-fallback/torch_logs.txt", "torch-logs/2.14-fallback/torch_logs.txt")) {
            assertThat(causes(fixture, "baseline")).as(fixture).singleElement().satisfies(cause -> {
                assertThat(cause.kind()).isEqualTo(RecompileKind.SHAPE);
                assertThat(cause.graphs()).containsExactly(new GraphId(0, 1));
                assertThat(cause.endedInLimit()).isFalse();
            });
        }
    }

    @Test
    void theReceiptJsonNamesEveryFieldOfACause() {
        Receipt receipt = Receipt.of(Fixtures.trace("torch-2.14/int-spec/torch_trace.log"));
        assertThat(CanonicalJson.write(ReceiptJson.tree(receipt).at("/runs/baseline/recompile_causes")))
                .isEqualTo("[{\"ended_in_limit\":true,"
                        // the limit's fallback 0/8 logs no compilation_metrics: its frame is frame 0's, f from line 64
                        + "\"frame\":{\"file\":\"/rt/scenarios.py\",\"function\":\"f\",\"line\":64},"
                        + "\"graphs\":[\"0/1\",\"0/2\",\"0/3\",\"0/4\",\"0/5\",\"0/6\",\"0/7\",\"0/8\"],"
                        + "\"guard\":\"n == <int>\",\"guard_line\":\"/rt/scenarios.py:65\",\"kind\":\"python-value\",\"phases\":[\"steady\"],\"subject\":\"n\","
                        + "\"user_line\":\"/rt/scenarios.py:65\",\"values\":[\"1\",\"2\",\"3\",\"4\",\"5\",\"6\",\"7\",\"8\"]}]");
        Receipt text = Receipt.of(Fixtures.trace("torch-logs/2.6-print-bridge/torch_logs.txt"));
        assertThat(CanonicalJson.write(ReceiptJson.tree(text).at("/runs/baseline/recompile_causes/1")))
                .isEqualTo("{\"ended_in_limit\":false,"
                        + "\"frame\":{\"file\":\"/rtl/scenarios.py\",\"function\":\"torch_dynamo_resume_in_f_at_31\",\"line\":31},"
                        + "\"graphs\":[\"1/1\"],"
                        + "\"guard\":\"tensor 'L['y']' size mismatch at index 0. expected <int>, actual <int>\",\"guard_line\":null,"
                        + "\"kind\":\"shape\","
                        + "\"phases\":null,\"subject\":\"L['y'].size()[0]\",\"user_line\":null,\"values\":[\"8\",\"16\"]}");
    }

    @Test
    void everyKindOfGuardPyTorchWritesHasItsSubjectAndKind() {
        assertReading("0/2: GLOBAL_STATE changed: grad_mode", "grad_mode", "GLOBAL_STATE changed: grad_mode",
                RecompileKind.GLOBAL_STATE, List.of());
        assertReading("1/0: tensor 'L['x']' dtype mismatch. expected Float, actual Half", "L['x'].dtype",
                "tensor 'L['x']' dtype mismatch. expected <dtype>, actual <dtype>", RecompileKind.DTYPE_DEVICE, List.of("Float", "Half"));
        assertReading("0/0: tensor 'x' stride mismatch at index 1. expected 1, actual 4", "x.stride()[1]",
                "tensor 'x' stride mismatch at index 1. expected <int>, actual <int>", RecompileKind.SHAPE, List.of("1", "4"));
        assertReading("0/0: tensor 'x' rank mismatch. expected 2, actual 3", "x.dim()",
                "tensor 'x' rank mismatch. expected <int>, actual <int>", RecompileKind.SHAPE, List.of("2", "3"));
        assertReading("0/0: tensor 'x' requires_grad mismatch. expected requires_grad=1", "x.requires_grad",
                "tensor 'x' requires_grad mismatch. expected <requires_grad>", RecompileKind.DTYPE_DEVICE, List.of("requires_grad=1"));
        assertReading("0/1: ___check_obj_id(L['self'].act, 140234)", "L['self'].act", "___check_obj_id(L['self'].act, <id>)",
                RecompileKind.OBJECT, List.of("140234"));
        assertReading("0/1: ___check_type_id(L['cfg'], 9781)", "L['cfg']", "___check_type_id(L['cfg'], <id>)",
                RecompileKind.TYPE_LENGTH, List.of("9781"));
        assertReading("0/0: len(L['xs']) == 3", "len(L['xs'])", "len(L['xs']) == <int>", RecompileKind.TYPE_LENGTH, List.of("3"));
        assertReading("0/0: L['self'].training == True", "L['self'].training", "L['self'].training == <bool>",
                RecompileKind.OBJECT, List.of("True"));
        assertReading("0/0: L['mode'] == 'train'", "L['mode']", "L['mode'] == <str>", RecompileKind.PYTHON_VALUE, List.of("'train'"));
        assertReading("0/0: L['scale'] == 0.5", "L['scale']", "L['scale'] == <float>", RecompileKind.PYTHON_VALUE, List.of("0.5"));
        assertReading("0/0: 2 <= L['x'].size()[0]", "L['x'].size()[0]", "<int> <= L['x'].size()[0]", RecompileKind.SHAPE, List.of("2"));
        assertReading("0/0: ___dict_contains('a', G['d'])", "___dict_contains('a', G['d'])", "___dict_contains('a', G['d'])",
                RecompileKind.UNKNOWN, List.of());
    }

    @Test
    void theUserLineIsTheInnermostUserFrameElseTheCommentsSite() {
        GuardFailure commented = GuardFailure.read("0/0: n == 1      # return x * n  # t/scenarios.py:65 in f");
        assertThat(commented.userLine()).as("PyTorch wrote /rt/scenarios.py as t/scenarios.py: its first segment is dropped")
                .contains("scenarios.py:65");
        // 2.14 bool-arg's reason without its stack: /capture/tests/scenarios.py shortened to apture/tests/scenarios.py
        assertThat(GuardFailure.read("0/0: flag == True                                             # return torch.sin(x) * 2.0 if flag"
                + " else torch.cos(x) + 1.0  # apture/tests/scenarios.py:246 in flagged").userLine()).contains("tests/scenarios.py:246");
        assertThat(GuardFailure.read("0/0: n == 1  # scenarios.py:65 in f").userLine()).as("one segment is kept").contains("scenarios.py:65");
        assertThat(commented.guard()).isEqualTo("n == <int>");
        GuardFailure stacked = GuardFailure.read("0/0: n == 1      # return g(x, n)  # m/model.py:12 in f\nUser stack trace:\n"
                + "  File \"/src/m/model.py\", line 12, in f\n    return g(x, n)\n"
                + "  File \"/usr/lib/python3/site-packages/torch/nn/functional.py\", line 80, in g\n    return x * n");
        assertThat(stacked.userLine()).as("the innermost frame is PyTorch's: the user's is the one that called it")
                .contains("/src/m/model.py:12");
        assertThat(GuardFailure.read("0/0: L['n'] == 1").userLine()).isEmpty();
        assertThat(GuardFailure.read("0/3: n == 4").failedVariant()).contains(new GraphId(0, 3));
    }

    @Test
    void aKindIsNamedByItsLabel() {
        assertThat(RecompileKind.parse("python-value")).isEqualTo(RecompileKind.PYTHON_VALUE);
        assertThatThrownBy(() -> RecompileKind.parse("int")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no recompile cause kind \"int\"; the kinds are [python-value, shape, dtype-device, global-state, object, "
                        + "type-length, aliasing, unknown]");
    }

    @Test
    void aGuardOnABareLocalHasTheKindOfItsLForm() {
        // 2.14 writes a local without L[...] and follows a type guard with the type it names; 2.6 writes L['y'].
        GuardFailure bare = GuardFailure.read("0/1: ___check_type_id(y, 11946752), type=<class 'int'>");
        GuardFailure local = GuardFailure.read("0/1: ___check_type_id(L['y'], 11946752)");
        assertThat(List.of(bare.subject(), bare.guard(), bare.kind().id(), bare.kind().hint()))
                .isEqualTo(List.of("y", "___check_type_id(y, <id>)", "type-length",
                        "each type or length is its own graph: keep the structure of the inputs fixed"));
        assertThat(bare.values()).isEqualTo(List.of("11946752"));
        assertThat(List.of(local.subject(), local.guard(), local.kind().id())).isEqualTo(List.of("L['y']", "___check_type_id(L['y'], <id>)",
                "type-length"));
        assertThat(GuardFailure.plainName(local.subject())).isEqualTo(bare.subject());
        assertReading("0/1: ___check_obj_id(y, 10519872)", "y", "___check_obj_id(y, <id>)", RecompileKind.OBJECT, List.of("10519872"));
        assertReading("0/1: ___check_obj_id(y, 10519872), type=<class 'bool'>", "y", "___check_obj_id(y, <id>)", RecompileKind.OBJECT,
                List.of("10519872"));
        assertReading("0/0: hasattr(y, 'w')", "y", "hasattr(y, 'w')", RecompileKind.OBJECT, List.of());
        assertReading("0/0: len(y) == 3", "len(y)", "len(y) == <int>", RecompileKind.TYPE_LENGTH, List.of("3"));
        assertThat(RecompileCauses.of(List.of(new RecompileCauses.Failure(Optional.empty(), Optional.empty(), new GraphId(0, 1),
                        "0/0: ___check_type_id(y, 11946752), type=<class 'int'>"),
                new RecompileCauses.Failure(Optional.empty(), Optional.empty(), new GraphId(0, 2),
                        "0/1: ___check_type_id(y, 11946752), type=<class 'int'>")), java.util.Set.of(), false))
                .as("the object id is masked: one cause").singleElement()
                .satisfies(cause -> assertThat(cause.isAbout("L['y']")).isTrue());
    }

    @Test
    void theAliasingGuardIsAKindOfItsOwn() {
        // Both releases: two arguments that were one tensor when compiled are two now, or the reverse.
        GuardFailure aliasing = GuardFailure.read("0/0: Duplicate tensors found: [\"L['a']\", \"G['G1']\"]");
        assertThat(List.of(aliasing.subject(), aliasing.guard(), aliasing.kind().id(), aliasing.kind().hint()))
                .isEqualTo(List.of("L['a'], G['G1']", "Duplicate tensors found: [\"L['a']\", \"G['G1']\"]", "aliasing",
                        "each way the inputs alias is its own graph: pass distinct tensors, or the same one, on every call"));
        assertThat(aliasing.values()).isEmpty();
        assertThat(aliasing.failedVariant()).contains(new GraphId(0, 0));
        assertReading("0/0: Duplicate tensors found: ['a', \"G['G1']\"]", "a, G['G1']", "Duplicate tensors found: ['a', \"G['G1']\"]",
                RecompileKind.ALIASING, List.of());
        assertThat(RecompileKind.parse("aliasing")).isEqualTo(RecompileKind.ALIASING);
    }

    private static void assertReading(String text, String subject, String guard, RecompileKind kind, List<String> values) {
        GuardFailure reading = GuardFailure.read(text);
        assertThat(reading.subject()).as(text).isEqualTo(subject);
        assertThat(reading.guard()).as(text).isEqualTo(guard);
        assertThat(reading.kind()).as(text).isEqualTo(kind);
        assertThat(reading.values()).as(text).isEqualTo(values);
    }
}
