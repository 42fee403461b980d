package dev.compilereceipt;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptLimits;
import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One case per shape of TORCH_LOGS text that real logs show, each read through {@link Traces#read}
 * from a file, so recognition by content is part of every case. The snippets are the real lines of
 * {@code fixtures/torch-logs/} put in the shape at hand.
 */
class TorchLogsShapesTest {

    private static final String RECOMPILE = "V1201 06:17:32.130000 13949 torch/_dynamo/guards.py:5619]";
    private static final String BREAK = "V1201 06:17:28.469000 13949 torch/_dynamo/symbolic_convert.py:5368]";
    private static final String LIMIT = "W1201 06:17:55.699000 14065 torch/_dynamo/convert_frame.py:2008]";
    private static final String SIZE_X = "0/0: tensor 'x' size mismatch at index 0. expected 8, actual 16";

    @TempDir
    Path dir;

    private Path write(String name, List<String> lines) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    private CompileLog read(List<String> lines) throws IOException {
        Trace trace = Traces.read(write("ci.log", lines));
        assertThat(trace.badLines()).contains(List.of());
        return trace.runs().get(0).compileLog().orElseThrow();
    }

    /** The lines of one message, each with the same prefix, as PyTorch writes them. */
    private static List<String> message(String prefix, String... lines) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            out.add(prefix + " " + line);
        }
        return out;
    }

    private static List<String> recompile(String prefix) {
        return message(prefix, "Recompiling function f in /rtl/scenarios.py:28", "    triggered by the following guard failure(s):",
                "    guard 0 failures:", "    - " + SIZE_X);
    }

    private static List<String> lines(List<?>... parts) {
        List<String> out = new ArrayList<>();
        for (List<?> part : parts) {
            part.forEach(line -> out.add((String) line));
        }
        return out;
    }

    @Test
    void aRankPrefixSelectsTheLinesOfOneRank() throws IOException {
        Path file = write("ci.log", lines(
                recompile("[rank0]:" + RECOMPILE + " [0/1] [__recompiles_verbose]"),
                message("[rank1]:" + RECOMPILE + " [0/1] [__recompiles_verbose]", "Recompiling function g in /rtl/other.py:5",
                        "    triggered by the following guard failure(s):", "    guard 0 failures:", "    - 0/0: L['n'] == 1"),
                // A launcher's own tag, with a space, before PyTorch's line of the same rank.
                message("[rank1]: W1201 06:17:32.131000 13949 torch/_dynamo/convert_frame.py:2008] [0/1]",
                        "torch._dynamo hit config.recompile_limit (1)",
                        "   function: 'g' (/rtl/other.py:5)", "   last reason: 0/0: L['n'] == 1")));
        assertThat(Traces.ranks(file)).containsExactly(0, 1);
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class).hasMessage(file
                + ": (document): the text holds lines of ranks [0, 1]; choose one (TraceRequest.of(file).withRank(N), the CLI's --rank or @TraceFixture(rank = N))");
        // A text read at a rank names it, so a failure message says which rank it is about.
        assertThat(Traces.read(TraceRequest.of(file).withRank(1)).fixture().name()).isEqualTo("ci rank 1");
        CompileLog rank0 = Traces.read(TraceRequest.of(file).withRank(0)).runs().get(0).compileLog().orElseThrow();
        assertThat(rank0.recompiles()).containsExactly("0/1");
        assertThat(rank0.fallbacks()).isEmpty();
        Trace rank1 = Traces.read(TraceRequest.of(file).withRank(1));
        // The limit right after rank 1's own recompile of 0/1: that compile made no variant.
        assertThat(rank1.runs().get(0).compileLog().orElseThrow().fallbacks()).containsExactly("0/1");
        assertThat(rank1.runs().get(0).compileLog().orElseThrow().recompiles()).isEmpty();
        assertThat(rank1.fixture().fields()).isEqualTo(Map.of("rank", "1"));
        assertThat(rank1.sha256()).isNotEqualTo(Traces.read(TraceRequest.of(file).withRank(0)).sha256());
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(file).withRank(2))).hasMessage(file + ": (document): no lines of rank 2; the text holds ranks [0, 1]");
    }

    @Test
    void aTextWithoutRankTagsIsRankZero() throws IOException {
        Path file = write("ci.log", recompile(RECOMPILE + " [0/1] [__recompiles_verbose]"));
        assertThat(Traces.ranks(file)).containsExactly(0);
        assertThat(Traces.read(TraceRequest.of(file).withRank(0)).sha256()).isEqualTo(Traces.read(file).sha256());
        assertThatThrownBy(() -> Traces.read(TraceRequest.of(file).withRank(1))).hasMessageContaining("no lines of rank 1: the text has no [rankN]: tags");
    }

    @Test
    void windowsPathsInThePrefixAndTheMessages() throws IOException {
        String guards = "V1201 06:17:32.130000 4242 C:\\Program Files\\Python312\\Lib\\site-packages\\torch\\_dynamo\\guards.py:5619]";
        String convert = "V1201 06:17:28.469000 4242 Lib\\site-packages\\torch\\_dynamo\\symbolic_convert.py:5368]";
        CompileLog log = read(lines(
                message(convert + " [0/0] [__graph_breaks]", "Graph break in user code at C:\\work\\model.py:31",
                        "Reason: Unsupported: builtin: print"),
                message(guards + " [0/1] [__recompiles]", "Recompiling function f in C:\\work\\model.py:28",
                        "    triggered by the following guard failure(s):", "    - 0/0: L['x'] == 1")));
        assertThat(log.breakSites()).containsExactly(new CompileLog.Site("C:\\work\\model.py:31", "Unsupported: builtin: print", 1));
        assertThat(log.recompiles()).containsExactly("0/1");
        assertThat(log.recompileReasons()).containsExactly(new CompileLog.RecompileReason("0/1", "0/0: L['x'] == 1"));
        assertThat(Receipt.of(Traces.read(dir.resolve("ci.log"))).run("baseline").graphs())
                .containsExactly(new GraphId(0, 0), new GraphId(0, 1));
    }

    @Test
    void anApplicationsOwnTimestampBeforeTheGlogPrefix() throws IOException {
        List<String> text = new ArrayList<>();
        // GitHub Actions' timestamp, a Python logging format, and a pipe-separated one: each line its own.
        int n = 0;
        for (String line : recompile(RECOMPILE + " [0/1] [__recompiles_verbose]")) {
            String[] stamps = {"2025-12-01T06:17:32.1300000Z ", "2025-12-01 06:17:32,130 INFO ", "06:17:32 | "};
            text.add(stamps[n++ % 3] + line);
        }
        CompileLog log = read(text);
        assertThat(log.recompiles()).containsExactly("0/1");
        assertThat(log.recompileReasons()).containsExactly(new CompileLog.RecompileReason("0/1", SIZE_X));
    }

    @Test
    void theBareFormatOfAnEmptyTorchLogsFormat() throws IOException {
        // TORCH_LOGS_FORMAT="": every message as it is, no prefix, no compile id; the program's own output between them.
        CompileLog log = read(List.of(
                "epoch 1",
                "Graph break in user code at /rtl/scenarios.py:31",
                "Reason: Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True",
                "User code traceback:",
                "  File \"/rtl/scenarios.py\", line 31, in f",
                "    print(\"bridge\", end=\"\\r\")",
                "",
                "loss 0.25",
                "Graph break (user stack suppressed due to duplicate graph break) in user code at /rtl/model.py:7",
                "Graph Break Reason: Encountered graph break when attempting to trace CALL_KW: a function call:",
                "",
                "Failed to trace builtin operator",
                "  Explanation: Dynamo does not know how to trace builtin operator `print`",
                "  Hint: Avoid calling builtin `print`.",
                "",
                " For more details about this graph break, please visit: https://example.org/gb/gb0059.html",
                "step 2",
                "Recompiling function f in /rtl/scenarios.py:64",
                "    triggered by the following guard failure(s):",
                "    guard 0 failures:",
                "    - 0/1: L['n'] == 2",
                "",
                "    guard 1 failures:",
                "    - 0/0: L['n'] == 1",
                "torch._dynamo hit config.cache_size_limit (2)",
                "   function: 'f' (/rtl/scenarios.py:64)",
                "   last reason: 0/0: L['n'] == 1",
                "To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".",
                "To diagnose recompilation issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html.",
                "done"));
        assertThat(log.breakSites()).containsExactly(
                new CompileLog.Site("/rtl/model.py:7", "Failed to trace builtin operator", 1, new BreakDetail(Optional.of("GB0059"),
                        Optional.of("Dynamo does not know how to trace builtin operator `print`"), List.of("Avoid calling builtin `print`."))),
                new CompileLog.Site("/rtl/scenarios.py:31",
                        "Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True", 1,
                        // its traceback's one frame; the duplicate-break form of model.py:7 has none
                        BreakDetail.NONE.withUserFrame(Optional.of("/rtl/scenarios.py:31"))));
        // No compile id in the text: one past the newest variant the failures name, 0/2; the limit right after it
        // names the same function, so that compile made no variant.
        assertThat(log.recompiles()).isEmpty();
        assertThat(log.fallbacks()).containsExactly("0/2");
        assertThat(log.recompileReasons()).containsExactly(new CompileLog.RecompileReason("0/2", "0/1: L['n'] == 2"),
                new CompileLog.RecompileReason("0/2", "0/0: L['n'] == 1"));
    }

    @Test
    void anAttemptSuffixIsTheSameCompile() throws IOException {
        // Dynamo restarts analysis after a break: attempt 1 of compile 0/1 logs the break as [0/1_1].
        CompileLog log = read(lines(
                recompile(RECOMPILE + " [0/1] [__recompiles_verbose]"),
                message(BREAK + " [0/1_1] [__graph_breaks]", "Graph break in user code at /rtl/scenarios.py:31",
                        "Reason: Unsupported: builtin: print"),
                message("V1201 06:17:28.470000 13949 torch/_dynamo/symbolic_convert.py:5368] [2/0_1] [__graph_breaks]",
                        "Graph break in user code at /rtl/scenarios.py:40", "Reason: Unsupported: builtin: print")));
        assertThat(log.recompiles()).containsExactly("0/1");
        // 2/0 is named only by its break: a first compile, seen because it broke.
        assertThat(log.compiles()).containsExactly("0/1", "2/0");
        assertThat(log.breakSites()).extracting(CompileLog.Site::site, CompileLog.Site::compiles)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("/rtl/scenarios.py:31", 1),
                        org.assertj.core.groups.Tuple.tuple("/rtl/scenarios.py:40", 1));
    }

    @Test
    void compiledAutogradIdsNameTheFrameInside() throws IOException {
        CompileLog log = read(lines(
                message(RECOMPILE + " [!0/1/2] [__recompiles]", "Recompiling function backward in /rtl/model.py:10",
                        "    triggered by the following guard failure(s):", "    - 1/1: L['x'] == 2", "    - 1/0: L['x'] == 1"),
                // [!0]: the compiled-autograd graph itself, no frame: a break with no compile id.
                message(BREAK + " [!0] [__graph_breaks]", "Graph break in user code at /rtl/model.py:12",
                        "Reason: Unsupported: call_method")));
        assertThat(log.recompiles()).containsExactly("1/2");
        assertThat(log.recompileReasons()).extracting(CompileLog.RecompileReason::graph).containsExactly("1/2", "1/2");
        assertThat(log.breakSites()).containsExactly(new CompileLog.Site("/rtl/model.py:12", "Unsupported: call_method", 1));
    }

    @Test
    void recompilesWithoutVerboseBulletEveryLineOfAMultiLineGuard() throws IOException {
        CompileLog log = read(message(RECOMPILE + " [0/2] [__recompiles]", "Recompiling function f in /rtl/scenarios.py:64",
                "    triggered by the following guard failure(s):",
                "    - 0/1: n == 2  # return x * n  # tl/scenarios.py:65 in f",
                "    - User stack trace:",
                "    -   File \"/rtl/scenarios.py\", line 65, in f",
                "    -     return x * n",
                "    - 0/0: n == 1  # return x * n  # tl/scenarios.py:65 in f",
                "    - User stack trace:",
                "    -   File \"/rtl/scenarios.py\", line 65, in f",
                "    -     return x * n"));
        String stack = "\nUser stack trace:\n  File \"/rtl/scenarios.py\", line 65, in f\n    return x * n";
        assertThat(log.recompileReasons()).containsExactly(
                new CompileLog.RecompileReason("0/2", "0/1: n == 2  # return x * n  # tl/scenarios.py:65 in f" + stack),
                new CompileLog.RecompileReason("0/2", "0/0: n == 1  # return x * n  # tl/scenarios.py:65 in f" + stack));
    }

    @Test
    void aLimitWithoutItsRecompileMessageKeepsTheLastReason() throws IOException {
        // The default warnings alone (no TORCH_LOGS): all a CI log may hold of a recompile storm.
        CompileLog log = read(message(LIMIT + " [0/8]", "torch._dynamo hit config.recompile_limit (8)",
                "   function: 'f' (/rtl/scenarios.py:64)", "   last reason: 0/7: n == 8   # return x * n",
                "User stack trace:", "  File \"/rtl/scenarios.py\", line 65, in f",
                "To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".",
                "To diagnose recompilation issues, see https://docs.pytorch.org/docs/main/user_guide/torch_compiler/compile.html"));
        assertThat(log.fallbacks()).containsExactly("0/8");
        assertThat(log.recompiles()).isEmpty();
        assertThat(log.recompileReasons()).containsExactly(new CompileLog.RecompileReason("0/8",
                "0/7: n == 8   # return x * n\nUser stack trace:\n  File \"/rtl/scenarios.py\", line 65, in f"));
    }

    @Test
    void aBreakThatSkipsTheFrameIsAFallback() throws IOException {
        // 2.8+ say so when a break inside a loop makes Dynamo give up the frame; 2.6 says nothing (not_established).
        CompileLog log = read(message(BREAK + " [3/0] [__graph_breaks]", "Graph break in user code at /rtl/loop.py:9",
                "Graph Break Reason: Encountered graph break when attempting to trace CALL: a function call:", "",
                "Failed to trace builtin operator", "  Explanation: Dynamo does not know how to trace builtin operator `print`",
                "  Hint: Avoid calling builtin `print`.", "",
                "  Developer debug context: builtin print; Skipping the function and falling back to eager"));
        assertThat(log.fallbacks()).containsExactly("3/0");
        assertThat(log.compiles()).isEmpty();
        assertThat(log.breakSites()).extracting(CompileLog.Site::site).containsExactly("/rtl/loop.py:9");
    }

    @Test
    void interleavedWritersAndOutputNeitherSplitNorMergeMessages() throws IOException {
        List<String> a = recompile(RECOMPILE + " [0/1] [__recompiles_verbose]");
        List<String> b = message("V1201 06:17:32.131000 777 torch/_dynamo/guards.py:5619] [0/1] [__recompiles_verbose]",
                "Recompiling function g in /rtl/other.py:5", "    triggered by the following guard failure(s):",
                "    guard 0 failures:", "    - 0/0: L['n'] == 1");
        List<String> text = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            text.add(a.get(i));
            text.add("  warnings.warn(");
            text.add(b.get(i));
            text.add("USDT:2026-12-01 06:17:32 13949:13949 SyncActivityProfilerHandler.cpp:39] profiler_start");
        }
        CompileLog log = read(text);
        assertThat(log.recompiles()).containsExactly("0/1", "0/1");
        assertThat(log.recompileReasons()).containsExactlyInAnyOrder(new CompileLog.RecompileReason("0/1", SIZE_X),
                new CompileLog.RecompileReason("0/1", "0/0: L['n'] == 1"));
    }

    @Test
    void tornMessagesAreListedAsBadLinesAndTheRestIsRead() throws IOException {
        Path file = write("ci.log", lines(
                // L1-L2: the log begins mid-message (its first line is missing): torn, reported once.
                List.of(RECOMPILE + " [0/3] [__recompiles_verbose]     guard 0 failures:",
                        RECOMPILE + " [0/3] [__recompiles_verbose]     - 0/2: L['n'] == 3"),
                // L3: a break without its reason (the rest was lost).
                List.of(BREAK + " [0/0] [__graph_breaks] Graph break in user code at /rtl/scenarios.py:31"),
                // L4-L7: a whole recompile.
                recompile(RECOMPILE + " [0/1] [__recompiles_verbose]"),
                // L8: a recompile with no guard failure at all.
                List.of("V1201 06:17:33.000000 13949 torch/_dynamo/guards.py:5619] [0/2] [__recompiles] Recompiling function f in /rtl/s.py:1"),
                // L9: WON'T CONVERT that names no file and line.
                List.of(LIMIT + " WON'T CONVERT f")));
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).contains(List.of(1L, 3L, 8L, 9L));
        assertThat(trace.runs().get(0).compileLog().orElseThrow().recompiles()).containsExactly("0/1");
        assertThat(Receipt.of(trace).badLines()).contains(List.of(1L, 3L, 8L, 9L));
    }

    @Test
    void aLineThatIsNotUtf8DamagesItsMessage() throws IOException {
        Path file = dir.resolve("ci.log");
        List<String> good = recompile(RECOMPILE + " [0/1] [__recompiles_verbose]");
        byte[] bad = (BREAK + " [0/0] [__graph_breaks] Reason: caf\u00e9").getBytes(StandardCharsets.UTF_8);
        bad[bad.length - 1] = (byte) 0xFF;
        try (var out = Files.newOutputStream(file)) {
            out.write((BREAK + " [0/0] [__graph_breaks] Graph break in user code at /rtl/x.py:1\n").getBytes(StandardCharsets.UTF_8));
            out.write(bad);
            out.write('\n');
            out.write((String.join("\n", good) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).contains(List.of(1L));
        assertThat(trace.runs().get(0).compileLog().orElseThrow().breakSites()).isEmpty();
        assertThat(trace.runs().get(0).compileLog().orElseThrow().recompiles()).containsExactly("0/1");
    }

    @Test
    void crlfLineEndsAndProgressBarsReadAlike() throws IOException {
        List<String> lines = recompile(RECOMPILE + " [0/1] [__recompiles_verbose]");
        Path lf = write("lf.log", lines);
        Path crlf = dir.resolve("crlf.log");
        // A tqdm bar overwrites its line with \r; PyTorch's next line follows the last \r.
        Files.writeString(crlf, " 10%|#  |\r 50%|##### |\r" + String.join("\r\n", lines) + "\r\n", StandardCharsets.UTF_8);
        assertThat(Traces.read(crlf).runs().get(0).compileLog()).isEqualTo(Traces.read(lf).runs().get(0).compileLog());
        assertThat(Traces.read(crlf).badLines()).contains(List.of());
    }

    @Test
    void pytorchLinesAsAMinorityOfACiLogAreFoundByContent() throws IOException {
        List<String> text = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            text.add("[2025-12-01 06:17:" + (i % 60) + "] test_model.py::test_case_" + i + " PASSED");
        }
        text.addAll(recompile(RECOMPILE + " [0/1] [__recompiles_verbose]"));
        for (int i = 0; i < 5_000; i++) {
            text.add("I1201 06:18:00.000000 13949 some/other/lib.cc:12] unrelated glog line " + i);
        }
        // Named like a JSON file: the name says nothing, the content does.
        Path file = write("results.json", text);
        Trace trace = Traces.read(file);
        assertThat(trace.runs().get(0).compileLog().orElseThrow().recompiles()).containsExactly("0/1");
        assertThat(trace.fixture().name()).isEqualTo("results.json");
        Receipt receipt = Receipt.of(trace);
        assertThat(dev.compilereceipt.view.text.ReceiptSummary.render(receipt)).contains("compiles n/m (recompiles 1), fallbacks ≥ 0");
    }

    @Test
    void aTextWithoutTorchLogsLinesIsRefusedAsBefore() throws IOException {
        Path file = write("ci.log", List.of("hello world", "Graph break is a phrase, not a message"));
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceRefusedException.class)
                .hasMessageContaining("neither a compile-trace/1 JSON object");
    }

    @Test
    void theHashPinsTheCompilesTheTextNamesThoughTheReceiptWritesThemAsNull() throws IOException {
        // The same site and reason, broken by two different compiles: the same compile_log, other graphs seen.
        Trace first = Traces.read(write("a.log", message(BREAK + " [0/0] [__graph_breaks]",
                "Graph break in user code at /rtl/scenarios.py:31", "Reason: Unsupported: builtin: print")));
        Trace second = Traces.read(write("b.log", message(BREAK + " [1/0] [__graph_breaks]",
                "Graph break in user code at /rtl/scenarios.py:31", "Reason: Unsupported: builtin: print")));
        assertThat(Receipt.of(first).run("baseline").graphs()).containsExactly(new GraphId(0, 0));
        assertThat(Receipt.of(second).run("baseline").graphs()).containsExactly(new GraphId(1, 0));
        assertThat(first.sha256()).isNotEqualTo(second.sha256());
    }

    @Test
    void twoTextsCombineIntoOneComparison() throws IOException {
        Trace before = Traces.read(write("before.log", recompile(RECOMPILE + " [0/1] [__recompiles_verbose]")));
        Trace after = Traces.read(write("after.log", message(BREAK + " [0/0] [__graph_breaks]",
                "Graph break in user code at /rtl/scenarios.py:31", "Reason: Unsupported: builtin: print")));
        Receipt receipt = Receipt.of(Trace.combine(before, after));
        assertThat(receipt.run("baseline").compileLog().orElseThrow().recompiles()).containsExactly("0/1");
        assertThat(receipt.run("candidate").compileLog().orElseThrow().breakSites()).hasSize(1);
        assertThat(receipt.limits().notEstablished()).contains(ReceiptLimits.SILENT_FRAME_SKIPS);
        assertThat(receipt.comparisons()).isEmpty();
    }

    @Test
    void theTextSourceNamesWhatItCannotEstablish() throws IOException {
        Receipt receipt = Receipt.of(Traces.read(write("ci.log", recompile(RECOMPILE + " [0/1] [__recompiles_verbose]"))));
        assertThat(receipt.limits().notEstablished()).containsExactly("universal speedup", "unseen input stability",
                "backend portability", "production capacity",
                "no silent frame skips (2.6 logs no line when it skips a frame that breaks in a loop)",
                "runs told apart (the TORCH_LOGS text has no compile_receipt_run markers: run baseline holds every run of its"
                        + " process, a capture's baseline and candidate added up)");
        String html = dev.compilereceipt.view.html.ReceiptHtml.render(Traces.read(dir.resolve("ci.log")), receipt);
        assertThat(html).contains("Compile log (TORCH_LOGS text)", "no silent frame skips", "runs told apart");
    }
}
