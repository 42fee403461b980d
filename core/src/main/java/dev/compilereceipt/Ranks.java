package dev.compilereceipt;

import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.ranks.Fingerprints;
import dev.compilereceipt.ranks.RankFingerprint;
import dev.compilereceipt.ranks.Verdicts;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.source.GraphScan;
import dev.compilereceipt.read.source.RankFiles;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.CacheKey;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import org.apiguardian.api.API;

/**
 * All ranks of one distributed job, read at once and compared. A folder of per-rank TORCH_TRACE logs
 * as PyTorch names them ({@code dedicated_log_torch_trace_rank_<N>_<suffix>.log}, or without a rank in
 * the name, by the {@code "rank"} of their records), {@code rank_<N>} folders, a TORCH_LOGS text with
 * {@code [rankN]:} lines, fingerprint files that {@link #writeFingerprint} wrote, or a list of such
 * files. Each rank is read as {@link Traces} reads it, on a pool of at most two threads, and only its
 * small fingerprint is kept: memory is bounded by the largest rank, not the sum, and {@link #rank}
 * reads that rank again. Bad input (two files claiming one rank, a log without a rank beside
 * others, a fingerprint of another format) is a {@link TraceRefusedException} naming the file and
 * the rule.
 *
 * <p>Example: {@code Ranks ranks = Ranks.read(Path.of("fixtures/ranks/2.14-batch-size"));
 * ranks.verdict().groups()} is {@code [[0, 2, 3], [1]]} and {@code ranks.rank(1)} that rank's receipt.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class Ranks {

    /** Ranks are read on at most this many threads: the machines this runs on have two cores to spare, often fewer. */
    private static final int THREADS = Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));

    private final Map<Integer, RankFiles.RankInput> inputs;
    private final List<RankFingerprint> fingerprints;
    private final Limits limits;
    private Verdicts verdicts;

    private Ranks(Map<Integer, RankFiles.RankInput> inputs, List<RankFingerprint> fingerprints, Limits limits) {
        this.inputs = inputs;
        this.fingerprints = fingerprints;
        this.limits = limits;
    }

    /** The ranks of a folder (of rank logs, rank folders or fingerprints) or of one file (a TORCH_LOGS text with ranks, a log). */
    public static Ranks read(Path folderOrFile) throws IOException {
        return read(List.of(folderOrFile));
    }

    /** The ranks of {@code files}: logs, texts, fingerprints or folders of them, one input per rank in all. */
    public static Ranks read(List<Path> files) throws IOException {
        return read(files, Limits.DEFAULT);
    }

    /** {@link #read(List)} under {@code limits}, those of the trace reader for each rank. */
    public static Ranks read(List<Path> files, Limits limits) throws IOException {
        List<RankFiles.RankInput> found;
        try {
            found = RankFiles.of(List.copyOf(files));
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
        Map<Integer, RankFiles.RankInput> inputs = new LinkedHashMap<>();
        found.forEach(input -> inputs.put(input.rank(), input));
        return new Ranks(inputs, fingerprints(found, limits), limits);
    }

    private static List<RankFingerprint> fingerprints(List<RankFiles.RankInput> found, Limits limits) throws IOException {
        // Ranks that looked a cache up under one key hold one copy of it: a key's components are hundreds, a
        // thousand ranks mostly share their keys, and so memory grows with the distinct keys, not with the ranks.
        Map<CacheKey, CacheKey> shared = new ConcurrentHashMap<>();
        if (found.size() == 1) {
            return List.of(fingerprint(found.get(0), limits));
        }
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, daemons());
        try {
            List<Future<RankFingerprint>> futures = new ArrayList<>(found.size());
            for (RankFiles.RankInput input : found) {
                futures.add(pool.submit(() -> sharingKeys(fingerprint(input, limits), shared)));
            }
            List<RankFingerprint> fingerprints = new ArrayList<>(found.size());
            for (Future<RankFingerprint> future : futures) {
                fingerprints.add(future.get());
            }
            return List.copyOf(fingerprints);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading the ranks", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IOException(cause.getMessage(), cause);
        } finally {
            pool.shutdownNow();
        }
    }

    private static RankFingerprint sharingKeys(RankFingerprint fingerprint, Map<CacheKey, CacheKey> shared) {
        return new RankFingerprint(fingerprint.rank(), fingerprint.source(), fingerprint.compared(), fingerprint.steps().stream()
                .map(step -> step.keys().isEmpty() ? step : step.withKeys(step.keys().stream()
                        .map(key -> shared.computeIfAbsent(key, k -> k)).toList())).toList());
    }

    private static ThreadFactory daemons() {
        return runnable -> {
            Thread thread = new Thread(runnable, "compile-receipt-ranks");
            thread.setDaemon(true);
            return thread;
        };
    }

    private static RankFingerprint fingerprint(RankFiles.RankInput input, Limits limits) {
        try {
            if (input.kind() == RankFiles.Kind.FINGERPRINT) {
                RankFingerprint read = Fingerprints.read(input.fingerprint().orElseThrow());
                if (read.rank() != input.rank()) {
                    throw new Refusal(input.file(), "/rank", 0, 0, "claims rank " + read.rank() + " and is read as rank " + input.rank());
                }
                return read;
            }
            Trace trace = RankFiles.read(input, limits);
            Map<String, List<GraphScan.Graph>> scanned = RankFiles.graphs(input);
            Map<String, List<String>> graphs = new LinkedHashMap<>();
            Map<String, List<String>> collectives = new LinkedHashMap<>();
            scanned.forEach((id, ofId) -> {
                graphs.put(id, ofId.stream().map(GraphScan.Graph::hash).toList());
                collectives.put(id, ofId.stream().flatMap(graph -> graph.collectives().stream()).toList());
            });
            return Fingerprints.of(input.rank(), input.source(), trace, graphs, collectives);
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        } catch (IllegalArgumentException rule) {
            throw new TraceRefusedException(input.file(), "", 0, 0, rule.getMessage(), rule);
        }
    }

    /** The rank numbers, ascending. */
    public List<Integer> list() {
        return List.copyOf(inputs.keySet());
    }

    public int size() {
        return inputs.size();
    }

    /** The verdict: whether the ranks compiled alike, their groups and where they first differ. */
    public RanksVerdict verdict() {
        Verdicts of = verdicts();
        return new RanksVerdict(RanksVerdict.Kind.valueOf(of.kind().name()), of.groups(), of.firstDivergence(), of.oneLine());
    }

    /** The verdict on several lines with each group's fingerprint hash and what it differs in: what {@code receipt ranks} prints. */
    public String verdictText() {
        return verdicts().text();
    }

    /** The verdict as canonical JSON: {@code alike}, {@code kind}, {@code ranks}, {@code groups} (one list of ranks per group), and more. */
    public String verdictJson() {
        return CanonicalJson.write(verdicts().json());
    }

    private synchronized Verdicts verdicts() {
        if (verdicts == null) {
            verdicts = Verdicts.of(fingerprints);
        }
        return verdicts;
    }

    /**
     * The cache lookups of one group of ranks ({@code ranks}) that missed under a key whose components differ from the
     * reference group's ({@code reference}, the verdict's largest), compile by compile, as {@link KeyComparison} finds
     * them; a miss under the reference's own key has no components, one whose key lists none has them not measured.
     *
     * <p>Example: for a job whose rank 1 alone compiled with {@code size_asserts} off, ranks {@code [1]}, reference
     * {@code [0, 2, 3]}, one change {@code 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False}.
     */
    public record KeyChanges(List<Integer> ranks, List<Integer> reference, List<KeyComparison.Change> changes) {
        public KeyChanges {
            ranks = List.copyOf(ranks);
            reference = List.copyOf(reference);
            changes = List.copyOf(changes);
        }
    }

    /**
     * How the cache keys of each group of ranks differ from the largest group's, one {@link KeyChanges} per other group
     * (none where all compiled alike): its misses, and its hits under a key that differs ({@link KeyComparison#between(List,
     * List, boolean)}: ranks that each hit their own cache under other keys were set up otherwise); empty where some rank's source carries no keys (a TORCH_LOGS text, a fingerprint
     * of format {@code compile-receipt-fingerprint/1}): then whether the ranks' keys differ is not measured.
     */
    public Optional<List<KeyChanges>> keyChanges() {
        Verdicts of = verdicts();
        if (!of.compared().contains(RankFingerprint.CACHE_KEYS)) {
            return Optional.empty();
        }
        List<Integer> reference = of.groups().get(0);
        List<KeyChanges> changes = new ArrayList<>();
        for (List<Integer> group : of.groups().subList(1, of.groups().size())) {
            changes.add(new KeyChanges(group, reference, KeyComparison.between(keysOf(reference.get(0)), keysOf(group.get(0)), true).changes()));
        }
        return Optional.of(List.copyOf(changes));
    }

    private List<CacheKey> keysOf(int rank) {
        return fingerprints.stream().filter(fingerprint -> fingerprint.rank() == rank).findFirst().orElseThrow().steps().stream()
                .flatMap(step -> step.keys().stream()).toList();
    }

    /** Rank {@code n}'s fingerprint as canonical JSON, as {@link #writeFingerprint} writes it. */
    public String fingerprint(int n) {
        checkRank(n);
        return fingerprints.stream().filter(fingerprint -> fingerprint.rank() == n).findFirst().orElseThrow().canonical();
    }

    /**
     * Rank {@code n}'s receipt, its input read again; an {@link IllegalArgumentException} naming the
     * ranks present for another {@code n}, a {@link TraceRefusedException} for a rank read from a fingerprint.
     */
    public Receipt rank(int n) {
        checkRank(n);
        try {
            return Receipt.of(RankFiles.read(inputs.get(n), limits));
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    private void checkRank(int n) {
        if (!inputs.containsKey(n)) {
            throw new IllegalArgumentException("no rank " + n + "; the job holds ranks "
                    + String.join(", ", list().stream().map(String::valueOf).toList()));
        }
    }

    /**
     * Writes the fingerprint of the one rank {@code log} holds (a TORCH_TRACE log, a rank's folder or
     * a TORCH_LOGS text of one rank) to {@code out}, canonical compact JSON with a newline, and hands it
     * back: where logs are large and ranks many, each host writes its ranks' fingerprints and
     * {@code Ranks.read} merges them.
     *
     * <p>Example: {@code Ranks.writeFingerprint(Path.of("dedicated_log_torch_trace_rank_1_x.log"), Path.of("rank1.fp.json"))}.
     */
    public static String writeFingerprint(Path log, Path out) throws IOException {
        Ranks one = read(List.of(log));
        if (one.size() != 1) {
            throw new TraceRefusedException(log, "", 0, 0, "a fingerprint is one rank's; this holds ranks "
                    + String.join(", ", one.list().stream().map(String::valueOf).toList()));
        }
        String json = one.fingerprint(one.list().get(0)) + "\n";
        OutputFile.write(out, json, log);
        return json;
    }
}
