package dev.compilereceipt.approval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.diff.FigurePattern;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.json.JsonReading;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Times measured over repeated captures of one run: for each time figure of the receipts (not the
 * ledger, whose rows repeat the phase figures), its min, median and max. A check
 * ({@link ApprovalRules#within}) holds a received time to {@code min - margin(min) .. max + margin(max)}.
 * Kept as a file of format {@value #FORMAT}:
 * <pre>
 * {"figures":{"runs.baseline.phases.warmup.compile_ms":{"max":2810.2,"median":2790.0,"min":2781.771}},
 *  "format":"compile-receipt-bands/1","runs":5}
 * </pre>
 *
 * <p>Example:
 * <pre>{@code
 * TimeBands.measure(List.of(ReceiptJson.tree(receipt), ReceiptJson.tree(Receipt.of(trace)))).write(file);
 * ApprovalRules rules = ApprovalRules.EXACT.within(TimeBands.read(file));
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public record TimeBands(int runs, Map<String, Stats> figures) {

    public static final String FORMAT = "compile-receipt-bands/1";

    private static final List<String> KEYS = List.of("site", "call", "graph", "id", "name");
    private static final ObjectMapper MAPPER = JsonReading.trees();

    /** One time figure's min, median and max over the runs. */
    public record Stats(double min, double median, double max) {
    }

    public TimeBands {
        figures = java.util.Collections.unmodifiableMap(new TreeMap<>(figures));
    }

    /** The stats of a figure by its path text, as the diff names it. */
    public Optional<Stats> of(String figure) {
        return Optional.ofNullable(figures.get(figure));
    }

    /**
     * The bands of receipts (as JSON) of repeated captures of one run: every time figure that is a
     * number in each of them; an {@link IllegalArgumentException} for fewer than two receipts.
     */
    public static TimeBands measure(List<JsonNode> receipts) {
        if (receipts.size() < 2) {
            throw new IllegalArgumentException("bands are measured over two runs or more; found " + receipts.size());
        }
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (JsonNode receipt : receipts) {
            Map<String, Double> times = new LinkedHashMap<>();
            times(List.of(), receipt, times);
            times.forEach((figure, value) -> values.computeIfAbsent(figure, f -> new ArrayList<>()).add(value));
        }
        Map<String, Stats> figures = new TreeMap<>();
        values.forEach((figure, list) -> {
            if (list.size() == receipts.size()) {
                List<Double> sorted = list.stream().sorted().toList();
                int n = sorted.size();
                double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
                figures.put(figure, new Stats(sorted.get(0), median, sorted.get(n - 1)));
            }
        });
        return new TimeBands(receipts.size(), figures);
    }

    private static void times(List<String> path, JsonNode node, Map<String, Double> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                if (!(path.isEmpty() && field.getKey().equals("ledger"))) {
                    times(deeper(path, field.getKey()), field.getValue(), out);
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode element = node.get(i);
                String name = "" + i;
                for (String key : KEYS) {
                    if (element.path(key).isTextual()) {
                        name = element.path(key).asText();
                        break;
                    }
                }
                times(deeper(path, "[" + name + "]"), element, out);
            }
        } else if (node.isNumber() && !path.isEmpty() && TimeFamily.of(path).isPresent()) {
            out.put(FigurePattern.text(path), node.asDouble());
        }
    }

    private static List<String> deeper(List<String> path, String segment) {
        List<String> deeper = new ArrayList<>(path);
        deeper.add(segment);
        return deeper;
    }

    /** The file's canonical JSON, as {@link #write} writes it. */
    public ObjectNode json() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("format", FORMAT);
        root.put("runs", runs);
        ObjectNode list = root.putObject("figures");
        figures.forEach((figure, stats) -> {
            ObjectNode node = list.putObject(figure);
            node.put("min", stats.min());
            node.put("median", stats.median());
            node.put("max", stats.max());
        });
        return root;
    }

    /** Writes the file as every output is written ({@link dev.compilereceipt.output.OutputFile}): whole or not at all. */
    public void write(Path file) throws IOException {
        dev.compilereceipt.output.OutputFile.write(file, CanonicalJson.write(json()) + "\n", null);
    }

    /**
     * Reads a bands file; an {@link IllegalArgumentException} naming the file, the place and the rule
     * for one that is not {@value #FORMAT}.
     */
    public static TimeBands read(Path file) {
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not a bands file: line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot be read: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText(null))) {
            throw new IllegalArgumentException(file + ": not a bands file: \"format\" must be \"" + FORMAT + "\" (write one with receipt bands TRACE... -o FILE)");
        }
        if (!root.path("runs").canConvertToInt() || root.path("runs").asInt() < 2) {
            throw new IllegalArgumentException(file + ": \"runs\" must be a whole number of 2 or more");
        }
        if (!root.path("figures").isObject()) {
            throw new IllegalArgumentException(file + ": \"figures\" must be an object of figure: {min, median, max}");
        }
        Map<String, Stats> figures = new TreeMap<>();
        for (Map.Entry<String, JsonNode> field : root.path("figures").properties()) {
            JsonNode stats = field.getValue();
            for (String key : List.of("min", "median", "max")) {
                if (!stats.path(key).isNumber()) {
                    throw new IllegalArgumentException(file + ": figures." + field.getKey() + "." + key + " must be a number");
                }
            }
            Stats read = new Stats(stats.path("min").asDouble(), stats.path("median").asDouble(), stats.path("max").asDouble());
            if (!(read.min() <= read.median() && read.median() <= read.max())) {
                throw new IllegalArgumentException(file + ": figures." + field.getKey() + ": min <= median <= max does not hold");
            }
            figures.put(field.getKey(), read);
        }
        return new TimeBands(root.path("runs").asInt(), figures);
    }
}
