package dev.compilereceipt.trace.json;

import dev.compilereceipt.json.JsonOutput;
import dev.compilereceipt.trace.CompileLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One compile's on-disk cache lookups as the receipt writes them, members of the compile's object:
 * {@code artifact_cache} {@code {fx_graph, aotautograd}}, each {@code hit}, {@code miss},
 * {@code bypass} or {@code null} (not looked up, or the cache not measured by the source);
 * {@code warm} (true: loaded from every cache it looked up; false: a lookup missed or bypassed;
 * null: none measured) and {@code missed_caches}, the caches of those lookups.
 *
 * <p>Example: <code>"artifact_cache": {"aotautograd": null, "fx_graph": "hit"}, "missed_caches": [], "warm": true</code>.
 */
@API(status = API.Status.INTERNAL)
public record CacheLookupsJson(boolean fxGraphMeasured, boolean aotAutogradMeasured) {

    public void write(JsonOutput out, CompileLog.ArtifactCache cache) {
        CompileLog.ArtifactCache seen = new CompileLog.ArtifactCache(
                fxGraphMeasured ? cache.fxGraph() : CompileLog.CacheCounts.NONE,
                aotAutogradMeasured ? cache.aotAutograd() : CompileLog.CacheCounts.NONE);
        out.key("artifact_cache").startObject();
        outcome(out.key(CompileLog.AOTAUTOGRAD), seen.aotAutograd().outcome());
        outcome(out.key(CompileLog.FX_GRAPH), seen.fxGraph().outcome());
        out.endObject();
        List<String> missed = new ArrayList<>(seen.missed());
        TraceJson.strings(out.key("missed_caches"), missed);
        Optional<Boolean> warm = seen.warm();
        if (warm.isPresent()) {
            out.key("warm").value(warm.get());
        } else {
            out.key("warm").nullValue();
        }
    }

    private static void outcome(JsonOutput out, Optional<String> outcome) {
        if (outcome.isPresent()) {
            out.value(outcome.get());
        } else {
            out.nullValue();
        }
    }
}
