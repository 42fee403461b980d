package dev.compilereceipt.read.source;

import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Tells the files of a multi-rank job apart, one input per rank: a TORCH_TRACE log as PyTorch names
 * it ({@code dedicated_log_torch_trace_rank_<N>_<suffix>.log}, the suffix any characters, {@code _}
 * included); a log whose name has no rank (the process group started after its first record), by
 * the {@code "rank"} field of its first records; our own {@code rank_<N>/} folders, each holding one
 * log, text or fingerprint; a TORCH_LOGS text with {@code [rankN]:} lines, one input per rank of it;
 * and fingerprint files ({@code compile-receipt-fingerprint/2}, or {@code /1} without cache keys), which carry their rank. A name's
 * rank wins over the records'. Two inputs claiming one rank, and a log with no rank beside others,
 * are refused, naming the file and the rule. Files of a folder that are none of these (notes,
 * tlparse output, an {@code .expect.json}) are passed over.
 *
 * <p>Example: {@code RankFiles.of(List.of(dir))} for a folder of four PyTorch logs is four
 * {@link RankInput}s of kind {@link Kind#LOG}, ranks 0 to 3.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
public final class RankFiles {

    /** PyTorch's name for a rank's log: the rank, then a suffix that may hold {@code _}. */
    static final Pattern PYTORCH_NAME = Pattern.compile("^dedicated_log_torch_trace_rank_([0-9]{1,9})_(.+)\\.log$");
    /** Our own folder of one rank. */
    static final Pattern RANK_FOLDER = Pattern.compile("^rank_([0-9]{1,9})$");
    /** The rank field of a record's envelope, as PyTorch writes it once the process group is up. */
    private static final Pattern RECORD_RANK = Pattern.compile("\"rank\":\\s*([0-9]{1,9})[,}\\s]");
    /** How far into a log its records' rank is looked for. */
    static final int HEAD_BYTES = 1 << 20;
    /** The format of a fingerprint file, as {@code ranks.RankFingerprint} writes it. */
    public static final String FINGERPRINT_PREFIX = "compile-receipt-fingerprint/";

    private RankFiles() {
    }

    /** How a rank's input is read: a TORCH_TRACE log, one rank of a TORCH_LOGS text, a fingerprint file. */
    public enum Kind { LOG, TEXT, FINGERPRINT }

    /** One rank's input: its rank, its file, how it is read, and a fingerprint's JSON. */
    public record RankInput(int rank, Path file, Kind kind, Optional<JsonNode> fingerprint) {
        /** The name of its reader, as a fingerprint says it: {@code torch_trace}, {@code torch_logs}, {@code fingerprint}. */
        public String source() {
            return switch (kind) {
                case LOG -> "torch_trace";
                case TEXT -> "torch_logs";
                case FINGERPRINT -> "fingerprint";
            };
        }
    }

    /** The inputs of {@code paths} (folders or files), one per rank, in rank order. */
    public static List<RankInput> of(List<Path> paths) {
        if (paths.isEmpty()) {
            throw new Refusal(Path.of("."), "", 0, 0, "the ranks of a job are read from a folder or a list of files; none was given");
        }
        List<RankInput> found = new ArrayList<>();
        List<Path> unnamed = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                folder(path, found, unnamed);
            } else if (Files.isRegularFile(path)) {
                if (!file(path, OptionalInt.empty(), found, unnamed)) {
                    throw new Refusal(path, "", 0, 0, "a rank's input is a TORCH_TRACE log, a TORCH_LOGS text or a fingerprint"
                            + " file (" + FINGERPRINT_PREFIX + "2); this is none of them");
                }
            } else {
                throw new Refusal(path, "", 0, 0, "no such file or folder");
            }
        }
        Map<Integer, RankInput> byRank = new TreeMap<>();
        int logs = found.size() + unnamed.size();
        for (Path log : unnamed) {
            if (logs > 1) {
                throw new Refusal(log, "", 0, 0, "names no rank (dedicated_log_torch_trace_rank_<N>_<suffix>.log) and its"
                        + " first records carry no \"rank\" field; with other ranks beside it, its rank cannot be told");
            }
            found.add(new RankInput(0, log, Kind.LOG, Optional.empty()));
        }
        for (RankInput input : found) {
            RankInput other = byRank.put(input.rank(), input);
            if (other != null) {
                throw new Refusal(input.file(), "", 0, 0, "claims rank " + input.rank() + ", which " + other.file()
                        + " claims too; one job has one input per rank");
            }
        }
        if (byRank.isEmpty()) {
            throw new Refusal(paths.get(0), "", 0, 0, "holds no rank's input: a TORCH_TRACE log, a TORCH_LOGS text with"
                    + " [rankN]: lines, a rank_<N> folder or a fingerprint file");
        }
        return List.copyOf(byRank.values());
    }

    private static void folder(Path dir, List<RankInput> found, List<Path> unnamed) {
        List<Path> entries;
        try (Stream<Path> list = Files.list(dir)) {
            entries = list.sorted().toList();
        } catch (IOException e) {
            throw new Refusal(dir, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
        for (Path entry : entries) {
            String name = entry.getFileName().toString();
            Matcher rankFolder = RANK_FOLDER.matcher(name);
            if (Files.isDirectory(entry) && rankFolder.matches()) {
                int rank = Integer.parseInt(rankFolder.group(1));
                List<RankInput> inside = new ArrayList<>();
                List<Path> inUnnamed = new ArrayList<>();
                try (Stream<Path> list = Files.list(entry)) {
                    for (Path file : list.filter(Files::isRegularFile).sorted().toList()) {
                        file(file, OptionalInt.of(rank), inside, inUnnamed);
                    }
                } catch (IOException e) {
                    throw new Refusal(entry, "", 0, 0, "cannot be read: " + e.getMessage(), e);
                }
                if (inside.size() != 1) {
                    throw new Refusal(entry, "", 0, 0, "a rank folder holds one input of its rank (a log, a text or a"
                            + " fingerprint); this holds " + inside.size());
                }
                found.addAll(inside);
            } else if (Files.isRegularFile(entry)) {
                file(entry, OptionalInt.empty(), found, unnamed);
            }
        }
    }

    /** Adds the ranks {@code file} holds; false where it holds no rank's input. */
    private static boolean file(Path file, OptionalInt folderRank, List<RankInput> found, List<Path> unnamed) {
        TraceSource source;
        try {
            source = TraceSource.of(file);
        } catch (Refusal notAnInput) {
            return false;
        }
        switch (source) {
            case COMPILE_TRACE -> {
                Optional<JsonNode> fingerprint = fingerprint(file);
                if (fingerprint.isEmpty()) {
                    return false;
                }
                JsonNode rank = fingerprint.get().path("rank");
                if (!rank.canConvertToInt() || rank.asInt() < 0) {
                    throw new Refusal(file, "/rank", 0, 0, "a fingerprint names its rank, a non-negative number");
                }
                checkFolder(file, folderRank, rank.asInt(), "its fingerprint says");
                found.add(new RankInput(rank.asInt(), file, Kind.FINGERPRINT, fingerprint));
                return true;
            }
            case TORCH_TRACE -> {
                // The name wins where it has a rank: tlparse's own multi-rank logs were made from one rank's log,
                // their records all saying rank 0.
                OptionalInt named = nameRank(file.getFileName().toString());
                OptionalInt rank = named.isPresent() ? named : recordRank(file);
                if (rank.isPresent()) {
                    checkFolder(file, folderRank, rank.getAsInt(), "it says");
                    found.add(new RankInput(rank.getAsInt(), file, Kind.LOG, Optional.empty()));
                } else if (folderRank.isPresent()) {
                    found.add(new RankInput(folderRank.getAsInt(), file, Kind.LOG, Optional.empty()));
                } else {
                    unnamed.add(file);
                }
                return true;
            }
            case TORCH_LOGS -> {
                if (folderRank.isPresent()) {
                    found.add(new RankInput(folderRank.getAsInt(), file, Kind.TEXT, Optional.empty()));
                    return true;
                }
                for (int rank : SourceReading.ranks(file)) {
                    found.add(new RankInput(rank, file, Kind.TEXT, Optional.empty()));
                }
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    private static void checkFolder(Path file, OptionalInt folderRank, int rank, String says) {
        if (folderRank.isPresent() && folderRank.getAsInt() != rank) {
            throw new Refusal(file, "", 0, 0, "is in the folder of rank " + folderRank.getAsInt() + " and " + says + " rank " + rank);
        }
    }

    /** The rank in a PyTorch log's name, or in {@code rank_<N>} anywhere in it; empty for a name without one. */
    static OptionalInt nameRank(String name) {
        Matcher pytorch = PYTORCH_NAME.matcher(name);
        if (pytorch.matches()) {
            return OptionalInt.of(Integer.parseInt(pytorch.group(1)));
        }
        Matcher ours = Pattern.compile("(?:^|[^A-Za-z0-9])rank_([0-9]{1,9})(?:[^0-9]|$)").matcher(name);
        return ours.find() ? OptionalInt.of(Integer.parseInt(ours.group(1))) : OptionalInt.empty();
    }

    /** The {@code "rank"} of the first envelope that has one within the first {@value #HEAD_BYTES} bytes. */
    static OptionalInt recordRank(Path log) {
        try (InputStream in = Files.newInputStream(log);
             BufferedReader lines = new BufferedReader(new InputStreamReader(
                     new java.io.ByteArrayInputStream(in.readNBytes(HEAD_BYTES)), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("\t")) {
                    continue;
                }
                int envelope = line.indexOf("] {");
                if (envelope < 0) {
                    continue;
                }
                Matcher rank = RECORD_RANK.matcher(line);
                rank.region(envelope, line.length());
                if (rank.find()) {
                    return OptionalInt.of(Integer.parseInt(rank.group(1)));
                }
            }
            return OptionalInt.empty();
        } catch (IOException e) {
            throw new Refusal(log, "", 0, 0, "cannot be read: " + e.getMessage(), e);
        }
    }

    /** A fingerprint file's JSON, where {@code file} is a JSON object whose {@code format} starts with {@value #FINGERPRINT_PREFIX}. */
    private static Optional<JsonNode> fingerprint(Path file) {
        try {
            if (Files.size(file) > (64L << 20)) {
                return Optional.empty();
            }
            JsonNode root = JsonReading.trees().readTree(file.toFile());
            if (root != null && root.isObject() && root.path("format").asText("").startsWith(FINGERPRINT_PREFIX)) {
                return Optional.of(root);
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The FX graphs of a rank's TORCH_TRACE log by compile id ({@link GraphScan}); empty for a text. */
    public static Map<String, List<GraphScan.Graph>> graphs(RankInput input) {
        return input.kind() == Kind.LOG ? GraphScan.of(input.file()) : Map.of();
    }

    /** The trace of one rank's log or text, read as {@code Traces.read} reads it. */
    public static Trace read(RankInput input, Limits limits) {
        if (input.kind() == Kind.FINGERPRINT) {
            throw new Refusal(input.file(), "", 0, 0, "rank " + input.rank() + " was read from its fingerprint, which holds"
                    + " no receipt; read its log for that");
        }
        OptionalInt rank = input.kind() == Kind.TEXT ? OptionalInt.of(input.rank()) : OptionalInt.empty();
        return SourceReading.read(new SourceRequest(input.file(), Optional.empty(), rank, false, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), limits, Spelling.LIBRARY));
    }
}
