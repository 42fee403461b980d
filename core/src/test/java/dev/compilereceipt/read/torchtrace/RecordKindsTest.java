package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.SourceShape;
import dev.compilereceipt.trace.Trace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The table of TORCH_TRACE record kinds itself: each kind's envelope key and artifact names, the
 * bytes the reader keeps of its payload, whether it needs a compile id, what a freeze holds of it
 * and the measures it is evidence of; that the table answers each key and name with its kind and
 * every other record with {@code SKIPPED}; and that a record of no kind in it is checked and
 * skipped, as it always was.
 */
class RecordKindsTest {

    private static final Path LOG = Path.of("kinds.log");

    @Test
    void eachKindSaysItsKeyWhatItKeepsWhatAFreezeHoldsAndWhatItIsEvidenceOf() {
        assertThat(RecordKinds.ALL.stream().map(RecordKindsTest::row)).containsExactly(
                "artifact compile_receipt_call | kept 16777216 | acts always | frozen whole | calls wall_ms warm_start_wall_ms",
                "artifact torch_version | kept 4096 | acts always | frozen whole | ",
                "dynamo_start | kept 0 | acts with a compile id | frozen envelope | compiles fallbacks",
                "artifact recompile_reasons | kept 8388672 | acts with a compile id | frozen whole | compiles fallbacks recompile_causes",
                "artifact dynamo_graph_break_reason | kept 65536 | acts with a compile id | frozen whole | fallbacks site_crossings break_sites",
                "dynamo_output_graph | kept 0 | acts with a compile id | frozen envelope | graphs_compiled",
                // A key's payload: twice the longest string (1 MiB) and 4 KiB, for the graph's code and the other components.
                "artifact fx_graph_cache_hit fx_graph_cache_miss fx_graph_cache_bypass | kept 2101248 | acts always | frozen 2101249"
                        + " | artifact_cache fx_graph_cache",
                "artifact aotautograd_cache_hit aotautograd_cache_miss aotautograd_cache_bypass | kept 2101248 | acts always"
                        + " | frozen 2101249 | artifact_cache aotautograd_cache",
                "artifact aotautograd_cache_hash | kept 2101248 | acts with a compile id | frozen 2101249 | aotautograd_cache",
                "chromium_event | kept 512 | acts with a compile id | frozen 512 | artifact_cache aotautograd_cache",
                "compilation_metrics | kept 0 | acts with a compile id | frozen envelope"
                        + " | compiles compile_ms compile_stages fallbacks site_crossings phase_stages");
        // The recompile reasons kept follow the longest string allowed: room for 8 of them.
        assertThat(CompileRecords.RECOMPILE_REASONS.kept(envelope(CompileRecords.RECOMPILE_REASONS, "recompile_reasons", 0),
                Limits.DEFAULT.withMaxStringLength(1000))).isEqualTo(8064);
    }

    @Test
    void whatTheKindsAreEvidenceOfIsWhatALogWithMarkersMeasures() {
        Set<Measure> evidenced = EnumSet.noneOf(Measure.class);
        RecordKinds.ALL.forEach(kind -> evidenced.addAll(measures(kind)));
        Set<Measure> measured = EnumSet.complementOf(EnumSet.copyOf(SourceShape.TORCH_TRACE_MARKED.notMeasured()));
        assertThat(evidenced).isEqualTo(measured);
        assertThat(RunRecords.SKIPPED.measures()).isEmpty();
    }

    @Test
    void theTableAnswersEachKeyAndNameWithItsKindAndAnythingElseWithSkipped() {
        for (RecordKind kind : RecordKinds.ALL) {
            for (String name : kind.names().isEmpty() ? List.of("") : kind.names()) {
                assertThat(RecordKinds.of(envelope(kind, name, 0))).as(kind.key() + " " + name).isSameAs(kind);
            }
        }
        assertThat(RecordKinds.of(new LogEnvelope("artifact", 0, 0, 0, Optional.empty(), "fx_graph_cache_maybe", "json",
                Optional.empty()))).isSameAs(RunRecords.SKIPPED);
        assertThat(RecordKinds.of(new LogEnvelope("describe_tensor", 0, 0, 0, Optional.empty(), "", "", Optional.empty())))
                .isSameAs(RunRecords.SKIPPED);
        // An artifact's name is nothing without the artifact key; the key alone is no kind.
        assertThat(RecordKinds.of(new LogEnvelope("str", 0, 0, 0, Optional.empty(), "recompile_reasons", "", Optional.empty())))
                .isSameAs(RunRecords.SKIPPED);
        assertThat(RecordKinds.of(new LogEnvelope("artifact", 0, 0, 0, Optional.empty(), "", "", Optional.empty())))
                .isSameAs(RunRecords.SKIPPED);
        assertThat(RecordKinds.mayRead("artifact")).isTrue();
        assertThat(RecordKinds.mayRead("chromium_event")).isTrue();
        assertThat(RecordKinds.mayRead("describe_tensor")).isFalse();
    }

    @Test
    void whetherThePayloadMustBeJsonIsTheKindsToSay() {
        // A chromium event's always; an artifact's as its encoding says, but recompile reasons (2.14 writes a lone one bare).
        assertThat(payloadIsJson("chromium_event", "", "")).isTrue();
        assertThat(payloadIsJson("artifact", "recompile_reasons", "json")).isFalse();
        assertThat(payloadIsJson("artifact", "compile_receipt_call", "json")).isTrue();
        assertThat(payloadIsJson("artifact", "a_new_record", "json")).isTrue();
        assertThat(payloadIsJson("artifact", "a_new_record", "string")).isFalse();
        assertThat(payloadIsJson("dynamo_start", "", "")).isFalse();
        assertThat(payloadIsJson("a_new_kind", "", "")).isFalse();
    }

    @Test
    void aRecordOfNoKindInTheTableIsCheckedAndSkipped() throws IOException {
        String compile = record("{\"dynamo_start\": {}, \"frame_id\": 0, \"frame_compile_id\": 0}", null)
                + record("{\"compilation_metrics\": {\"co_name\": \"f\", \"has_guarded_code\": true,"
                        + " \"entire_frame_compile_time_s\": 0.5}, \"frame_id\": 0, \"frame_compile_id\": 0}", null);
        String unknown = record("{\"describe_tensor\": {\"id\": 1}, \"frame_id\": 0, \"frame_compile_id\": 0}", null)
                + record("{\"a_new_kind\": {}, \"frame_id\": 0, \"frame_compile_id\": 0}", "{\"x\": 1}")
                + record("{\"artifact\": {\"name\": \"a_new_record\", \"encoding\": \"json\"}}", "{\"graph\": \"g\"}")
                + record("{\"artifact\": {\"name\": \"fx_graph_runnable\", \"encoding\": \"string\"}, \"frame_id\": 0,"
                        + " \"frame_compile_id\": 0}", "class Repro:")
                // Checked all the same: JSON it says it is and is not makes a bad record, listed by its line (11).
                + record("{\"artifact\": {\"name\": \"a_new_record\", \"encoding\": \"json\"}}", "not json");
        Trace plain = read(compile);
        Trace with = read(record("{\"dynamo_start\": {}, \"frame_id\": 0, \"frame_compile_id\": 0}", null) + unknown
                + record("{\"compilation_metrics\": {\"co_name\": \"f\", \"has_guarded_code\": true,"
                        + " \"entire_frame_compile_time_s\": 0.5}, \"frame_id\": 0, \"frame_compile_id\": 0}", null));
        assertThat(with.runs()).isEqualTo(plain.runs());
        assertThat(with.runs().get(0).compileLog().orElseThrow().compiles()).containsExactly("0/0");
        assertThat(with.badLines()).contains(List.of(11L));

        ByteArrayOutputStream frozen = new ByteArrayOutputStream();
        LogFreezer.Summary summary = LogFreezer.freeze(LOG, new ByteArrayInputStream((compile + unknown)
                .getBytes(StandardCharsets.UTF_8)), frozen, Optional.empty());
        assertThat(summary.recordsKept()).isEqualTo(2);
        assertThat(summary.droppedByKind()).containsOnly(Map.entry("describe_tensor", 1L),
                Map.entry("a_new_kind", 1L), Map.entry("artifact a_new_record", 1L),
                Map.entry("artifact fx_graph_runnable", 1L), Map.entry("(bad record)", 1L));
    }

    private static String row(RecordKind kind) {
        String name = kind.names().isEmpty() ? "" : kind.names().get(0);
        LogEnvelope withId = envelope(kind, name, 0);
        LogEnvelope withoutId = envelope(kind, name, LogEnvelope.NONE);
        String acts = kind.acts(withoutId) ? "always" : kind.acts(withId) ? "with a compile id" : "never";
        long frozen = kind.frozenPayload();
        return (kind.key() + " " + String.join(" ", kind.names())).strip()
                + " | kept " + kind.kept(withId, Limits.DEFAULT)
                + " | acts " + acts
                + " | frozen " + (frozen == RecordKind.WHOLE_PAYLOAD ? "whole" : frozen == 0 ? "envelope" : String.valueOf(frozen))
                + " | " + measures(kind).stream().map(Measure::id).collect(Collectors.joining(" "));
    }

    /** In the order of {@link Measure}. */
    private static Set<Measure> measures(RecordKind kind) {
        Set<Measure> measures = EnumSet.noneOf(Measure.class);
        measures.addAll(kind.measures());
        return measures;
    }

    /** A record of {@code kind} (its first name, for an artifact kind), a compilation_metrics one with its metrics. */
    private static LogEnvelope envelope(RecordKind kind, String name, long frame) {
        Optional<CompileMetrics> metrics = kind == CompileRecords.METRICS
                ? Optional.of(LogEnvelope.parse(bytes("{\"compilation_metrics\": {\"has_guarded_code\": true}}"), 0,
                        bytes("{\"compilation_metrics\": {\"has_guarded_code\": true}}").length, text -> text)
                        .orElseThrow().metrics().orElseThrow())
                : Optional.empty();
        return new LogEnvelope(kind.key(), frame, frame, 0, Optional.empty(), name, kind.names().isEmpty() ? "" : "json", metrics);
    }

    private static boolean payloadIsJson(String key, String name, String encoding) {
        return new LogEnvelope(key, 0, 0, 0, Optional.empty(), name, encoding, Optional.empty()).payloadIsJson();
    }

    private static Trace read(String records) throws IOException {
        String marker = "{\"run\": \"baseline\", \"id\": \"a\", \"phase\": \"warmup\", \"edge\": \"";
        String log = record("{\"artifact\": {\"name\": \"compile_receipt_call\", \"encoding\": \"json\"}}", marker + "start\"}")
                + records
                + record("{\"artifact\": {\"name\": \"compile_receipt_call\", \"encoding\": \"json\"}}", marker + "end\", \"wall_ms\": 1}");
        return TorchTraceReader.read(LOG, new ByteArrayInputStream(bytes(log)), Limits.DEFAULT, LogLines.MAX_LINE);
    }

    /** One record line, and its payload lines with their MD5 in the envelope when there is a payload. */
    private static String record(String envelope, String payload) {
        String prefix = "V1201 06:04:40.000000 24391 capture.py:50] ";
        if (payload == null) {
            return prefix + envelope + "\n";
        }
        String withMd5 = envelope.substring(0, envelope.length() - 1) + ", \"has_payload\": \"" + md5(payload) + "\"}";
        return prefix + withMd5 + "\n\t" + payload.replace("\n", "\n\t") + "\n";
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String md5(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes(text)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
