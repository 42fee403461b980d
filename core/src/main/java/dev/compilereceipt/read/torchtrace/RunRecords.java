package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import java.util.List;
import java.util.Set;

/**
 * The record kinds around the compiles: the capture's {@code compile_receipt_call} markers (runs,
 * calls, their phases and wall times), the release's {@code torch_version} (2.14), both kept and
 * frozen whole, and {@link #SKIPPED}, the kind of every record not in the table.
 *
 * <p>Example: {@code RunRecords.MARKER.measures()} is {@code calls}, {@code wall_ms} and
 * {@code warm_start_wall_ms}: without markers a log measures none of them.
 */
final class RunRecords {

    static final Marker MARKER = new Marker();
    static final Release TORCH_VERSION = new Release();
    static final Skipped SKIPPED = new Skipped();

    private RunRecords() {
    }

    /** A {@code compile_receipt_call} marker, with or without a compile id: it opens or closes a call. */
    static final class Marker implements RecordKind {
        @Override
        public String key() {
            return LogEnvelope.ARTIFACT;
        }

        @Override
        public List<String> names() {
            return List.of(CallMarker.ARTIFACT);
        }

        @Override
        public Set<Measure> measures() {
            return Set.of(Measure.CALLS, Measure.WALL_MS, Measure.WARM_START_WALL_MS);
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return true;
        }

        @Override
        public int kept(LogEnvelope envelope, Limits limits) {
            return LogLines.MAX_LINE;
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) {
            if (payload.overflowed()) {
                throw target.refuse("a compile_receipt_call payload is longer than " + (LogLines.MAX_LINE >> 20) + " MiB");
            }
            target.marker(CallMarker.parse(payload.kept(), target.limits(), target::refuse));
        }

        @Override
        public long frozenPayload() {
            return WHOLE_PAYLOAD;
        }
    }

    /** The {@code torch_version} artifact ({@code {"pytorch_version": "2.14.1+debian", ...}}): the first release named is the log's. */
    static final class Release implements RecordKind {
        static final String NAME = "torch_version";
        /** All of a payload that is read: real ones are under 100 bytes. */
        static final int KEPT = 4096;

        @Override
        public String key() {
            return LogEnvelope.ARTIFACT;
        }

        @Override
        public List<String> names() {
            return List.of(NAME);
        }

        /** None: the release is the fixture's, not a measure. */
        @Override
        public Set<Measure> measures() {
            return Set.of();
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return true;
        }

        @Override
        public int kept(LogEnvelope envelope, Limits limits) {
            return KEPT;
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) {
            if (target.release().isEmpty()) {
                target.release(TorchVersion.of(payload.kept()).map(target.pool()::intern));
            }
        }

        @Override
        public long frozenPayload() {
            return WHOLE_PAYLOAD;
        }
    }

    /**
     * Every other record ({@code str}, {@code describe_tensor}, {@code inductor_output_code}, ...): its
     * MD5 checked, and its payload's JSON where it is an artifact of {@code "encoding": "json"}; then
     * skipped, and dropped by a freeze.
     */
    static final class Skipped implements RecordKind {
        @Override
        public String key() {
            return "";
        }

        @Override
        public Set<Measure> measures() {
            return Set.of();
        }

        @Override
        public boolean acts(LogEnvelope envelope) {
            return false;
        }

        @Override
        public void read(LogEnvelope envelope, KeptPayload payload, RecordTarget target) {
        }
    }
}
