package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.Receipt;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The same break on both releases gets the same kind: 2.6 says it in free text, which takes its
 * kind from the table derived from 2.6's own source ({@code break-messages.tsv}); 2.14 gives a
 * graph-break id, which takes its kind from 2.14's registry ({@code break-kinds.tsv}). Each pair
 * below is a real capture of {@code capture/tests/scenarios.py} on both releases
 * ({@code fixtures/break-kinds/<release>-<scenario>/}), read from its TORCH_TRACE log and its
 * TORCH_LOGS text, with the kind and user frame worked out by hand from the scenario's source.
 */
class BreakKindPairsTest {

    private static final String SCENARIOS = "scenarios.py";

    @ParameterizedTest(name = "{0} ({1}): {3} at {2}")
    @CsvSource(delimiter = '|', textBlock = """
            tolist       | torch_trace.log | 123 | device-sync
            tolist       | torch_logs.txt  | 123 | device-sync
            time-builtin | torch_trace.log | 159 | unsupported-call
            time-builtin | torch_logs.txt  | 159 | unsupported-call
            torch-branch | torch_trace.log | 175 | device-sync
            torch-branch | torch_logs.txt  | 175 | device-sync
            logging-call | torch_trace.log | 195 | python-side-effect
            logging-call | torch_logs.txt  | 195 | python-side-effect
            """)
    void bothReleasesGiveTheBreakOneKind(String scenario, String source, int userLine, String kind) {
        // tolist: y.tolist() of a float tensor (2.6 "Input tensor for tolist must be an integer tensor", 2.14 GB0109);
        // time-builtin: time.time() (2.6 "Graph break due to unsupported builtin time.time.", 2.14 GB0007 on time.time);
        // torch-branch: kl_divergence's `if (...).any():` inside torch/distributions/kl.py (2.6 "Dynamic control flow
        // is not supported", 2.14 GB0170 "Data-dependent branching");
        // logging-call: logger.info in a helper (2.6 "Logger not supported for non-export cases", 2.14 GB0291).
        for (String release : List.of("2.6", "2.14")) {
            // the compile log's sites: the text has no calls, so its receipt has no per-call sites
            List<BreakSite> sites = Receipt.of(Fixtures.trace("break-kinds/" + release + "-" + scenario + "/" + source))
                    .runs().get(0).compileLog().orElseThrow().breakSites().stream().map(BreakSite::logged).toList();
            assertThat(sites).as("%s %s %s", release, scenario, source)
                    .extracting(s -> s.kind().label(), s -> s.userCode().map(BreakKindPairsTest::fileAndLine))
                    .containsOnly(tuple(kind, Optional.of(SCENARIOS + ":" + userLine)));
        }
    }

    @Test
    void aDataDependentBranchInsidePyTorchKeepsItsSiteAndNamesTheUsersLine() {
        // The branch is kl.py's line 234 on 2.6 and 235 on 2.14; the user's call is scenarios.py:175.
        assertThat(Receipt.of(Fixtures.trace("break-kinds/2.6-torch-branch/torch_trace.log")).run("baseline").breakSites())
                .extracting(BreakSite::site)
                .containsExactly("/usr/lib/python3/dist-packages/torch/distributions/kl.py:234");
        assertThat(Receipt.of(Fixtures.trace("break-kinds/2.14-torch-branch/torch_trace.log")).run("baseline").breakSites())
                .extracting(BreakSite::site)
                .containsExactly("/usr/lib/python3/dist-packages/torch/distributions/kl.py:235");
    }

    @Test
    void aDeepcopyBreaksOnlyOn26AsAnUnsupportedCall() {
        // 2.6: "Unsupported: copy.deepcopy ConstDictVariable()" at scenarios.py:141; 2.14 traces the deepcopy.
        assertThat(Receipt.of(Fixtures.trace("break-kinds/2.6-deepcopy-dict/torch_trace.log")).run("baseline").breakSites())
                .extracting(s -> s.kind(), BreakSite::site).containsExactly(tuple(BreakKind.UNSUPPORTED_CALL, "scenarios.py:141"));
        assertThat(Receipt.of(Fixtures.trace("break-kinds/2.14-deepcopy-dict/torch_trace.log")).run("baseline").breakSites())
                .isEmpty();
    }

    @Test
    void theMessagesOf26TakeTheirTemplatesKind() {
        BreakDetail none = BreakDetail.NONE;
        assertThat(BreakKind.of("Unsupported: Input tensor for tolist must be an integer tensor", none)).isEqualTo(BreakKind.DEVICE_SYNC);
        assertThat(BreakKind.of("Unsupported: copy.deepcopy ConstDictVariable()", none)).isEqualTo(BreakKind.UNSUPPORTED_CALL);
        assertThat(BreakKind.of("Unsupported: Graph break due to unsupported builtin time.time. This function is either a Python"
                + " builtin (e.g. _warnings.warn) or a third-party C/C++ Python extension (perhaps created with pybind). If it is a"
                + " Python builtin, please file an issue on GitHub so the PyTorch team can add support for it and see the next case"
                + " for a workaround. If it is a third-party C/C++ Python extension, please either wrap it into a PyTorch-understood"
                + " custom operator (see https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html for more details) or,"
                + " if it is traceable, use torch.compiler.allow_in_graph.", none)).isEqualTo(BreakKind.UNSUPPORTED_CALL);
        // a message cut short matches no template of 2.6 and falls to the free-text rules, which do not name it
        assertThat(BreakKind.of("Unsupported: Graph break due to unsupported builtin time.time. This function", none))
                .isEqualTo(BreakKind.UNKNOWN);
        assertThat(BreakKind.of("Unsupported: Dynamic control flow is not supported at the moment. Please use"
                + " functorch.experimental.control_flow.cond to explicitly capture the control flow. For more information about",
                none)).isEqualTo(BreakKind.DEVICE_SYNC);
        // by-operand templates: the kind of what was called
        assertThat(BreakKind.of("Unsupported: 'skip function graph_break in file /usr/lib/python3/dist-packages/torch/_dynamo/decorators.py'",
                none)).isEqualTo(BreakKind.USER_INSERTED);
        assertThat(BreakKind.of("Unsupported: 'skip function is_dependent in file /usr/lib/python3/dist-packages/torch/distributions/constraints.py'",
                none)).isEqualTo(BreakKind.UNSUPPORTED_CALL);
        assertThat(BreakKind.of("Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] False", none))
                .isEqualTo(BreakKind.PYTHON_SIDE_EFFECT);
        assertThat(BreakKind.of("Unsupported: 'inline in skipfiles: Logger.info | info /usr/lib/python3.13/logging/__init__.py,"
                + " skipped according trace_rules.lookup SKIP_DIRS'", none)).isEqualTo(BreakKind.PYTHON_SIDE_EFFECT);
        // a message 2.6 has but no rule names: unknown, never a guess
        assertThat(BreakKind.of("Unsupported: UNPACK_SEQUENCE length mismatch", none)).isEqualTo(BreakKind.UNKNOWN);
        // the most literal text wins: "Tensor.numpy(). config.trace_numpy is False" over any shorter template
        assertThat(BreakKind.of("Unsupported: Tensor.numpy(). config.trace_numpy is False", none)).isEqualTo(BreakKind.DATA_COPY);
    }

    @Test
    void theTableHoldsEveryMessageWithAWordOf26sSource() {
        // capture/derive-break-messages.py on trixie's torch/_dynamo: 360 messages, 336 with a word in their literal text.
        assertThat(BreakMessageTable.size()).isEqualTo(336);
    }

    private static String fileAndLine(String frame) {
        return frame.substring(frame.lastIndexOf('/') + 1);
    }
}
