package dev.compilereceipt.read.torchtrace;

/**
 * What {@link LogFreezer} keeps of a record: all of it (markers, recompile reasons, break reasons,
 * the release), its envelope without the payload (cache artifacts, {@code dynamo_start},
 * {@code dynamo_output_graph}: the graph's code is not read), a {@code compilation_metrics} cut to
 * the fields the reader takes, an AOTAutograd cache lookup's {@code chromium_event} cut to its name
 * ({@link ChromiumCacheEvent}: only its payload says whether it is one), or nothing.
 */
enum FreezeKeep {
    WHOLE, ENVELOPE, METRICS, CHROMIUM, NOTHING;

    static FreezeKeep of(LogEnvelope envelope) {
        String kind = envelope.kind();
        if (kind.equals(LogEnvelope.ARTIFACT)) {
            String name = envelope.artifactName();
            if (name.equals(CallMarker.ARTIFACT)) {
                return WHOLE;
            }
            if (CompileLogBuilder.isCacheArtifact(name)) {
                return ENVELOPE;
            }
            if (envelope.hasCompileId() && (name.equals(LogRecords.RECOMPILE_REASONS) || name.equals(LogRecords.GRAPH_BREAK))
                    || name.equals(LogRecords.TORCH_VERSION)) {
                return WHOLE;
            }
            return NOTHING;
        }
        if ((kind.equals(LogEnvelope.DYNAMO_START) || kind.equals(LogEnvelope.DYNAMO_OUTPUT_GRAPH)) && envelope.hasCompileId()) {
            return ENVELOPE;
        }
        if (kind.equals(LogEnvelope.CHROMIUM_EVENT) && envelope.hasCompileId()) {
            return CHROMIUM;
        }
        if (kind.equals(LogEnvelope.COMPILATION_METRICS) && envelope.hasCompileId() && envelope.metrics().isPresent()) {
            return METRICS;
        }
        return NOTHING;
    }
}
