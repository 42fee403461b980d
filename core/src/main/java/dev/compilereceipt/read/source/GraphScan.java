package dev.compilereceipt.read.source;

import dev.compilereceipt.read.Refusal;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The FX graphs of a TORCH_TRACE log, compile by compile, for comparing ranks: the SHA-256 of each
 * {@code dynamo_output_graph} payload with what differs from rank to rank for the same work masked
 * (device numbers, {@code cuda:3} as {@code cuda:N}; the folders of the {@code # File:} comments), and
 * the collectives the graph calls ({@code torch.ops._c10d_functional.all_reduce}, in order, the
 * waits left out). A line-by-line pass of its own over the log, beside the reader's: the reader keeps
 * no graph's code, and a rank's verdict needs only this digest.
 *
 * <p>Example: {@code GraphScan.of(log).get("0/0")} is {@code [Graph("3f9a…", [all_reduce, all_gather_into_tensor, reduce_scatter_tensor])]}
 * for tlparse's {@code multi_rank_schedule} rank 0.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public final class GraphScan {

    private static final Pattern OUTPUT_GRAPH = Pattern.compile("^(?:\\[rank[0-9]+\\]:)?[A-Z][0-9]{4} [^\\]]*\\] \\{\"dynamo_output_graph\":");
    private static final Pattern FRAME = Pattern.compile("\"frame_id\": ?([0-9]{1,18})");
    private static final Pattern VARIANT = Pattern.compile("\"frame_compile_id\": ?([0-9]{1,18})");
    private static final Pattern DEVICE = Pattern.compile("\\b(cuda|xpu|hpu|mps|npu|mtia):[0-9]+");
    private static final Pattern FILE_FOLDER = Pattern.compile("(# File: )(?:[^\\s/]*/)+");
    private static final Pattern COLLECTIVE = Pattern.compile("torch\\.ops\\._c10d_functional\\.([A-Za-z0-9_]+)\\.default\\(");

    private GraphScan() {
    }

    /** One FX graph of a compile: its masked hash (the first 16 hex digits) and the collectives it calls, in order. */
    public record Graph(String hash, List<String> collectives) {
        public Graph {
            collectives = List.copyOf(collectives);
        }
    }

    /** The graphs of {@code log} by compile id ({@code F/V}), in log order; empty for a log without {@code dynamo_output_graph}. */
    public static Map<String, List<Graph>> of(Path log) {
        Map<String, List<Graph>> graphs = new LinkedHashMap<>();
        MessageDigest digest = sha256();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(Files.newInputStream(log), StandardCharsets.UTF_8))) {
            String line;
            String id = null;
            List<String> collectives = new ArrayList<>();
            while ((line = lines.readLine()) != null) {
                if (id != null && line.startsWith("\t")) {
                    String masked = FILE_FOLDER.matcher(DEVICE.matcher(line).replaceAll("$1:N")).replaceAll("$1");
                    digest.update(masked.getBytes(StandardCharsets.UTF_8));
                    digest.update((byte) '\n');
                    // A "# File: ..., code: ..." comment repeats the user's call; the graph's own line is the collective.
                    Matcher collective = COLLECTIVE.matcher(line.strip().startsWith("#") ? "" : line);
                    while (collective.find()) {
                        if (!collective.group(1).equals("wait_tensor")) {
                            collectives.add(collective.group(1));
                        }
                    }
                    continue;
                }
                if (id != null) {
                    graphs.computeIfAbsent(id, key -> new ArrayList<>())
                            .add(new Graph(HexFormat.of().formatHex(digest.digest()).substring(0, 16), collectives));
                    id = null;
                    collectives = new ArrayList<>();
                }
                if (OUTPUT_GRAPH.matcher(line).lookingAt()) {
                    Matcher frame = FRAME.matcher(line);
                    Matcher variant = VARIANT.matcher(line);
                    if (frame.find() && variant.find()) {
                        id = Long.parseLong(frame.group(1)) + "/" + Long.parseLong(variant.group(1));
                        digest.reset();
                    }
                }
            }
            if (id != null) {
                graphs.computeIfAbsent(id, key -> new ArrayList<>())
                        .add(new Graph(HexFormat.of().formatHex(digest.digest()).substring(0, 16), collectives));
            }
        } catch (IOException e) {
            throw new Refusal(log, "", 0, 0, "cannot be read for its graphs: " + e.getMessage(), e);
        }
        return graphs;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
