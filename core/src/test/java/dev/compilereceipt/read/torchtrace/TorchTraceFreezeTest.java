package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.receipt.BreakSite;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.FrozenLog;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.diff.FreezeCheck;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.diff.ReceiptDifference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Traces#freeze} on the real TORCH_TRACE logs of both releases (the shared 2.6 and 2.14
 * captures, copied into {@code fixtures/}): the frozen log is at most a tenth of the original,
 * carries no capture-machine path, and gives a receipt equal in every figure; only
 * {@code trace_sha256}, {@code fixture} and {@code bad_lines} may differ.
 */
class TorchTraceFreezeTest {

    private static final Path RT = Path.of("/rt");

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"print-bridge/torch_trace.log", "int-spec/torch_trace.log",
            "torch-2.14/print-bridge/torch_trace.log", "torch-2.14/int-spec/torch_trace.log"})
    void aFrozenLogOfEitherReleaseIsATenthOfTheSizeAndGivesTheSameReceipt(String log) throws Exception {
        Path original = Fixtures.path(log);
        Receipt before = Receipt.of(Traces.read(original));

        Path plain = temp.resolve("plain.log");
        FrozenLog frozen = Traces.freeze(original, plain, Optional.empty());
        assertThat(Files.size(plain)).isEqualTo(frozen.bytesWritten()).isLessThanOrEqualTo(Files.size(original) / 10);
        assertThat(frozen.bytesRead()).isEqualTo(Files.size(original));
        Receipt after = Receipt.of(Traces.read(plain));
        // without a directory to cut, the two receipts differ in the fixture's name and the trace hash alone (the file
        // each was read from, fixture.sources, is never a difference)
        assertThat(ReceiptDiff.between(before, after).differences()).extracting(ReceiptDifference::pathText)
                .containsExactly("fixture.name", "trace_sha256");
        assertThat(after.fixture().name()).isEqualTo("plain");
        // the stage timers are kept: the frozen log splits every compile as the original does
        CompileLog frozenLog = after.run("baseline").compileLog().orElseThrow();
        assertThat(frozenLog.stages().isEmpty()).isFalse();
        assertThat(frozenLog.compileTimes()).isEqualTo(before.run("baseline").compileLog().orElseThrow().compileTimes());
        assertThat(after.badLines()).contains(List.of());

        Path relative = temp.resolve("relative.log");
        Traces.freeze(original, relative, Optional.of(RT));
        Receipt cut = Receipt.of(Traces.read(relative));
        assertThat(FreezeCheck.differences(before, cut, Optional.of(RT)).differences()).isEmpty();
        assertThat(Files.readString(relative, StandardCharsets.UTF_8)).doesNotContain("/rt/").contains("scenarios.py");
        everyPayloadHasItsMd5(relative);
    }

    @Test
    void sitesBecomeRelativeAndTheSummaryCountsWhatWasDropped() throws Exception {
        Path original = Fixtures.path("torch-2.14/print-bridge/torch_trace.log");
        FrozenLog frozen = Traces.freeze(original, temp.resolve("pb.log"), Optional.of(RT));
        // counted independently by kind from the envelopes: 904 records, 683 of them chromium_event; kept are
        // 60 markers, 6 dynamo_start, 6 compilation_metrics, 6+6 cache misses, 3 recompile_reasons, 2 break reasons,
        // 6 dynamo_output_graph (without the graph), 1 torch_version and the 6 autograd_cache_miss chromium events
        assertThat(frozen.recordsKept()).isEqualTo(102);
        assertThat(frozen.recordsDropped()).isEqualTo(802);
        assertThat(frozen.droppedByKind()).containsEntry("chromium_event", 677L).containsEntry("inductor_output_code", 6L)
                .doesNotContainKeys("compilation_metrics", "dynamo_start", "artifact compile_receipt_call");
        assertThat(frozen.summary()).startsWith("kept 102 of 904 records, dropped 802 (chromium_event 677, str 15, ")
                .endsWith("; 2065537 → " + frozen.bytesWritten() + " bytes (5.2%), " + (2065537 - frozen.bytesWritten()) + " bytes dropped");
        // 6 compiles, each an FX graph and an AOTAutograd lookup; 2.14 lists 658 or so FX components and no AOTAutograd ones.
        assertThat(frozen.keys()).isEqualTo(new FrozenLog.Keys(12, 3951, 8, 24, 0));
        Receipt receipt = Receipt.of(Traces.read(temp.resolve("pb.log")));
        assertThat(receipt.run("baseline").breakSites()).extracting(BreakSite::site).containsExactly("scenarios.py:31");
        assertThat(receipt.fixture().torch()).contains("2.14.1+debian");
        assertThat(receipt.limits().notMeasured()).doesNotContain("graphs_compiled");
    }

    @Test
    void badRecordsAreDroppedSoTheFrozenLogHasNoBadLines() throws Exception {
        Path original = Fixtures.path("tlparse/simple_corrupted_json.log");
        Receipt before = Receipt.of(Traces.read(original));
        assertThat(before.badLines()).contains(List.of(13L));
        Traces.freeze(original, temp.resolve("fixed.log"), Optional.empty());
        Receipt after = Receipt.of(Traces.read(temp.resolve("fixed.log")));
        assertThat(after.badLines()).contains(List.of());
        assertThat(FreezeCheck.differences(before, after, Optional.empty()).isEmpty()).isTrue();
    }

    @Test
    void whatCannotBeFrozenIsRefusedSayingWhy() throws Exception {
        assertThatThrownBy(() -> Traces.freeze(Fixtures.PRINT_BRIDGE, temp.resolve("x.log"), Optional.empty()))
                .isInstanceOf(TraceRefusedException.class)
                .hasMessageEndingWith("freeze takes a TORCH_TRACE log; this is a compile trace file, which is small already");
        Path chromium = temp.resolve("chromium.log");
        Files.writeString(chromium, "V1129 07:59:13.414000 21527 file.py:40] {\"chromium_event\": {}, \"has_payload\": \""
                + md5("{}") + "\"}\n\t{}\n");
        assertThatThrownBy(() -> Traces.freeze(chromium, temp.resolve("y.log"), Optional.empty()))
                .isInstanceOf(TraceRefusedException.class)
                .hasMessageEndingWith("no record the receipt reads (compile_receipt_call, dynamo_start, compilation_metrics,"
                        + " recompile_reasons, dynamo_graph_break_reason, cache artifacts): nothing to freeze");
        assertThat(temp.resolve("y.log")).doesNotExist();
        assertThat(Files.list(temp).map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList()).isEmpty();
        assertThatThrownBy(() -> Traces.freeze(Fixtures.path("print-bridge/torch_trace.log"), temp.resolve("z.log"), Optional.of(Path.of("/"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the directory to cut must be absolute and not the root; found \"/\"");
    }

    /** Every record with a payload names the MD5 of its payload lines joined by newlines, as PyTorch writes it. */
    private static void everyPayloadHasItsMd5(Path log) throws Exception {
        Pattern md5 = Pattern.compile("\"has_payload\":\"([0-9a-f]{32})\"");
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        int checked = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = md5.matcher(lines.get(i));
            List<String> payload = new ArrayList<>();
            for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("\t"); j++) {
                payload.add(lines.get(j).substring(1));
            }
            assertThat(m.find()).as("line %d has a payload exactly when it names one", i + 1).isEqualTo(!payload.isEmpty());
            if (!payload.isEmpty()) {
                assertThat(m.group(1)).as("MD5 of line %d", i + 1).isEqualTo(md5(String.join("\n", payload)));
                checked++;
            }
            i += payload.size();
        }
        assertThat(checked).isPositive();
    }

    private static String md5(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
