package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.Refusal;
import org.apiguardian.api.API;

import dev.compilereceipt.trace.VisibleText;
import dev.compilereceipt.Traces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A TORCH_TRACE folder: the files directly in it that are TORCH_TRACE logs by content (others are
 * ignored), one per rank. A log's rank is the number after {@code rank_} in its name
 * ({@code dedicated_log_torch_trace_rank_0_xxx.log}); a folder with a single log needs none (rank 0).
 */
@API(status = API.Status.INTERNAL)
public final class TorchTraceFolder {

    private static final Pattern RANK = Pattern.compile("rank_([0-9]{1,9})");

    private final Path dir;
    private final Map<Integer, Path> logs;

    private TorchTraceFolder(Path dir, Map<Integer, Path> logs) {
        this.dir = dir;
        this.logs = logs;
    }

    public static TorchTraceFolder of(Path dir) {
        List<Path> candidates = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(Files::isRegularFile).sorted().forEach(candidates::add);
        } catch (IOException e) {
            throw new Refusal(dir, "", 0, 0, "cannot be read: " + e, e);
        }
        List<Path> found = new ArrayList<>();
        for (Path file : candidates) {
            try {
                if (TraceSource.of(file) == TraceSource.TORCH_TRACE) {
                    found.add(file);
                }
            } catch (Refusal notALog) {
                // Not a log: a folder may hold tlparse output or notes beside the logs.
            }
        }
        if (found.isEmpty()) {
            throw new Refusal(dir, "", 0, 0, "the folder holds no TORCH_TRACE log (a file whose lines start"
                    + " with a glog prefix and a JSON envelope, like " + GlogPrefix.EXAMPLE + ")");
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
                        + file.getFileName() + " names no rank; each log of a multi-rank folder needs rank_<N> in its name");
            }
            Path other = logs.put(Integer.parseInt(rank.group(1)), file);
            if (other != null) {
                throw new Refusal(dir, "", 0, 0, "two logs for rank " + rank.group(1) + ": "
                        + other.getFileName() + " and " + file.getFileName());
            }
        }
        return new TorchTraceFolder(dir, logs);
    }

    public List<Integer> ranks() {
        return List.copyOf(logs.keySet());
    }

    public Path only() {
        if (logs.size() > 1) {
            throw new Refusal(dir, "", 0, 0, "the folder holds logs of ranks " + VisibleText.list(ranks())
                    + "; choose one (Traces.read(dir, rank), the CLI's --rank or @TraceFixture(rank = N))");
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
