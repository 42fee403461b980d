package dev.compilereceipt.read.source;

import dev.compilereceipt.read.Refusal;
import org.apiguardian.api.API;

import dev.compilereceipt.trace.VisibleText;
import dev.compilereceipt.read.torchtrace.GlogPrefix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A TORCH_TRACE folder: the files directly in it that are TORCH_TRACE logs by content (others are
 * ignored), one per rank. A log's rank is the number after {@code rank_} in its name
 * ({@code dedicated_log_torch_trace_rank_0_xxx.log}); a folder with a single log needs none (rank 0).
 * A log whose name starts with {@value #WARM} is the warm start of the other: the log of a fresh
 * process that reused its caches ({@code torch_trace.log} and {@code warm_torch_trace.log}).
 */
@API(status = API.Status.INTERNAL)
public final class TorchTraceFolder {

    private static final Pattern RANK = Pattern.compile("rank_([0-9]{1,9})");

    /** How a folder's warm-start log is named: {@code warm_} and anything. */
    public static final String WARM = "warm_";

    private final Path dir;
    private final Map<Integer, Path> logs;
    private final Optional<Path> warm;

    private TorchTraceFolder(Path dir, Map<Integer, Path> logs, Optional<Path> warm) {
        this.dir = dir;
        this.logs = logs;
        this.warm = warm;
    }

    /** The warm-start log beside the folder's one log, where it holds one ({@value #WARM}...). */
    public Optional<Path> warm() {
        return warm;
    }

    public static TorchTraceFolder of(Path dir) {
        List<Path> candidates = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(Files::isRegularFile).sorted().forEach(candidates::add);
        } catch (IOException e) {
            throw new Refusal(dir, "", 0, 0, "cannot be read: " + e, e);
        }
        List<Path> found = new ArrayList<>();
        List<Path> inputs = new ArrayList<>();
        for (Path file : candidates) {
            try {
                TraceSource source = TraceSource.of(file);
                if (source == TraceSource.TORCH_TRACE) {
                    found.add(file);
                }
                if (source != TraceSource.TEXT) {
                    inputs.add(file);
                }
            } catch (Refusal notALog) {
                // Not a log: a folder may hold tlparse output or notes beside the logs.
            }
        }
        if (found.isEmpty()) {
            throw new Refusal(dir, "", 0, 0, "the folder holds no TORCH_TRACE log (a file whose lines start"
                    + " with a glog prefix and a JSON envelope, like " + GlogPrefix.EXAMPLE + ")");
        }
        List<Path> warm = found.stream().filter(file -> file.getFileName().toString().startsWith(WARM)).toList();
        found.removeAll(warm);
        if (!warm.isEmpty() && (warm.size() > 1 || found.size() != 1)) {
            throw new Refusal(dir, "", 0, 0, "a folder with a warm-start log (" + WARM + "...) holds it and one other"
                    + " TORCH_TRACE log, the first process's; it holds " + found.size() + " and " + warm.size() + " warm"
                    + chooseOne(inputs));
        }
        Map<Integer, Path> logs = new TreeMap<>();
        for (Path file : found) {
            Matcher rank = RANK.matcher(file.getFileName().toString());
            if (!rank.find()) {
                if (found.size() == 1) {
                    logs.put(0, file);
                    continue;
                }
                throw new Refusal(dir, "", 0, 0, "the folder holds " + found.size() + " TORCH_TRACE logs and "
                        + file.getFileName() + " names no rank; each log of a multi-rank folder needs rank_<N> in its name"
                        + chooseOne(inputs));
            }
            Path other = logs.put(Integer.parseInt(rank.group(1)), file);
            if (other != null) {
                throw new Refusal(dir, "", 0, 0, "two logs for rank " + rank.group(1) + ": "
                        + other.getFileName() + " and " + file.getFileName());
            }
        }
        return new TorchTraceFolder(dir, logs, warm.stream().findFirst());
    }

    /**
     * The end of the refusal of a folder that holds more inputs than one receipt reads: the files it
     * holds that read as inputs (all but plain text), and how to read one of them instead.
     */
    static String chooseOne(List<Path> inputs) {
        return "; its inputs are " + inputs.stream().map(file -> file.getFileName().toString()).toList()
                + ": read one by its file (TraceRequest.of(file), the CLI's file argument)";
    }

    /** The files directly in {@code dir} that read as inputs, by content, sorted by name. */
    static List<Path> inputsIn(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).sorted()
                    .filter(file -> TraceSource.of(file) != TraceSource.TEXT).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    public List<Integer> ranks() {
        return List.copyOf(logs.keySet());
    }

    public Path only() {
        if (logs.size() > 1) {
            throw new Refusal(dir, "", 0, 0, "the folder holds logs of ranks " + VisibleText.list(ranks())
                    + "; choose one (TraceRequest.of(dir).withRank(N), the CLI's --rank or @TraceFixture(rank = N))");
        }
        return logs.values().iterator().next();
    }

    public Path rank(int rank) {
        Path log = logs.get(rank);
        if (log == null) {
            throw new Refusal(dir, "", 0, 0, "no log for rank " + rank + "; the folder holds ranks " + VisibleText.list(ranks()));
        }
        return log;
    }
}
