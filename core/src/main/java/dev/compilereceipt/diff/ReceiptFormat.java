package dev.compilereceipt.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One version of the receipt format and what it changed since the one before: the figures it added
 * (paths as {@link FigurePattern}s take them, {@code runs.*.recompile_causes}; a name added to a
 * list of names as {@code limits.not_measured[compile_stages]}) and the figures whose meaning it
 * changed ({@link MeaningChange}). {@link #HISTORY} is the whole history, oldest first, and the one
 * place it is kept: a change of the receipt's figures adds a line to the last version here, and
 * docs/trace-format.md's format changelog says the same in words. A new format may only add figures
 * or change a figure's meaning, each listed; it never drops or renames one.
 *
 * <p>Example: {@code ReceiptFormat.of("compile-receipt/1").get().isOlderThan(ReceiptFormat.current())} is true.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record ReceiptFormat(String id, String release, List<String> added, List<MeaningChange> changed) {

    /**
     * Every format, oldest first. compile-receipt/1 is what 0.1 wrote: the first approved receipts
     * (commit 7f31601); its figures then grew under the same name until 0.2, so each line of /2 is
     * a figure a receipt labelled /1 may or may not hold, with the commit that brought it.
     */
    public static final List<ReceiptFormat> HISTORY = List.of(
            new ReceiptFormat("compile-receipt/1", "0.1", List.of(), List.of()),
            new ReceiptFormat("compile-receipt/2", "0.2", List.of(
                    "decision",                                         // 23ee5f9 (#21)
                    "comparison.break_even_calls",                      // 23ee5f9 (#21): the trade
                    "comparison.cold_ms",
                    "comparison.extra_cold_ms",
                    "comparison.steady_saving_ms",
                    "runs.*.break_sites[*].kind",                       // 23ee5f9 (#18)
                    "runs.*.break_sites[*].user_frame",
                    "runs.*.compile_log.break_sites[*].kind",
                    "runs.*.compile_log.break_sites[*].user_frame",
                    "limits.bounds",                                    // b421f36 (#28)
                    "runs.*.phases.*.graphs_compiled",                  // 5459544
                    "runs.*.compile_log.graphs_compiled",
                    "runs.*.compile_log.graphless_variants",
                    "runs.*.phases.*.stages",                           // 3da0497: compile stages
                    "runs.*.phases.*.unattributed_ms",
                    "runs.*.compile_log.stages",
                    "runs.*.compile_log.unattributed_ms",
                    "runs.*.compile_log.compile_times",
                    "runs.*.recompile_causes",                          // 30e7eb3
                    "runs.*.cold_start",                                // 2fbf458: warm starts
                    "comparison.warm_caches",
                    // measures 0.1 did not know, named where a source does not measure them
                    "limits.not_measured[graphs_compiled]",
                    "limits.not_measured[compile_stages]",
                    "limits.not_measured[fallbacks]",
                    "limits.not_measured[site_crossings]",
                    "limits.not_measured[warm_start]",
                    "limits.not_measured[warm_start_wall_ms]",
                    "limits.not_measured[fx_graph_cache]",
                    "limits.not_measured[aotautograd_cache]",
                    "limits.not_measured[recompile_causes]",
                    "limits.not_measured[break_sites]",
                    // 0.1 had no artifact-cache figure for a compile-trace/1 trace, and named none
                    "limits.not_measured[artifact_cache]",
                    // round four (#41, #43): each cause's frame, the files read, two measures from evidence
                    "runs.*.recompile_causes[*].frame",
                    "runs.*.recompile_causes[*].guard_line",
                    "fixture.sources",
                    "limits.not_measured[output_checks]",
                    "limits.not_measured[phase_stages]",
                    "runs.*.cold_start.key_changes"),                   // #46: why the warm start missed; each entry's
                    // counterpart (false: a compile the cold process never made) came within 0.3, before any release
                    // #46 too, within 0.3: bad_lines also lists a frozen cache record whose frozen components do not read
                    // #46 on ranks: no receipt figure; the rank fingerprint became compile-receipt-fingerprint/2 (each
                    // compile's cache keys, ranks.RankFingerprint.FORMAT), /1 still read with its keys not measured
                    List.of(
                            MeaningChange.bound("runs.*.break_sites[*].calls"),                   // b421f36 (#28)
                            MeaningChange.bound("runs.*.break_sites[*].per_call_max"),
                            MeaningChange.bound("ledger[*].graphs"),
                            MeaningChange.bound("ledger[*].break_sites"),
                            MeaningChange.notMeasured("runs.*.phases.*.wall_ms"),                 // b421f36: a phase without calls
                            MeaningChange.notMeasured("runs.*.compile_log.artifact_cache.aotautograd"), // 2fbf458: 2.6's cache off
                            MeaningChange.normalForm("runs.*.guard_misses[*].guard"),             // d4d0175: GuardText
                            MeaningChange.rehashed("trace_sha256"),
                            // #41: a list whose measure a source did not measure is null, no longer an empty list
                            MeaningChange.notMeasured("runs.*.break_sites"),
                            MeaningChange.notMeasured("runs.*.recompile_causes"),
                            MeaningChange.notMeasured("runs.*.compile_log.break_sites"),
                            MeaningChange.notMeasured("runs.*.compile_log.recompile_reasons"))));

    public ReceiptFormat {
        added = List.copyOf(added);
        changed = List.copyOf(changed);
    }

    /** The format this version writes. */
    public static ReceiptFormat current() {
        return HISTORY.get(HISTORY.size() - 1);
    }

    /** The format named {@code id} ({@code compile-receipt/1}), if this version knows it. */
    public static Optional<ReceiptFormat> of(String id) {
        return HISTORY.stream().filter(format -> format.id().equals(id)).findFirst();
    }

    /** 1 for compile-receipt/1, and so on. */
    public int version() {
        return HISTORY.indexOf(this) + 1;
    }

    public boolean isOlderThan(ReceiptFormat other) {
        return version() < other.version();
    }

    /** The figures added after {@code older}, up to and with this format. */
    public List<String> addedSince(ReceiptFormat older) {
        List<String> all = new ArrayList<>();
        HISTORY.subList(older.version(), version()).forEach(format -> all.addAll(format.added()));
        return List.copyOf(all);
    }

    /** The meanings changed after {@code older}, up to and with this format. */
    public List<MeaningChange> changedSince(ReceiptFormat older) {
        List<MeaningChange> all = new ArrayList<>();
        HISTORY.subList(older.version(), version()).forEach(format -> all.addAll(format.changed()));
        return List.copyOf(all);
    }
}
