package dev.compilereceipt.receipt.json;

import dev.compilereceipt.ledger.CallCache;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.receipt.WallTime;
import dev.compilereceipt.json.CanonicalJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apiguardian.api.API;

/**
 * CSV exports of a receipt: {@code ledger.csv} (one row a call) and {@code receipt.csv} (one row
 * per run and phase). RFC 4180 with CRLF line ends, a header row, {@code .} as the decimal mark
 * whatever the locale; a figure not measured is an empty cell.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class ReceiptCsv {

    static final String[] LEDGER_HEADER = {"run", "call", "phase", "family", "graphs", "break_sites", "cache",
            "wall_ms", "compile_ms", "eager_island_ms"};
    static final String[] PHASE_HEADER = {"run", "phase", "calls", "wall_ms_total", "wall_ms_mean", "wall_ms_median",
            "wall_ms_p90", "compiles", "cache_hits", "fallbacks", "breaks", "eager_island_ms", "compile_ms",
            "new_graph_variants"};

    private ReceiptCsv() {
    }

    public static String ledger(Ledger ledger) {
        List<List<String>> rows = new ArrayList<>();
        for (LedgerRow row : ledger.rows()) {
            rows.add(List.of(row.run(), text(row.call()), row.phase().id(), text(row.family()), joined(row.graphs()),
                    text(joined(row.breakSites())), row.cache().map(CallCache::id).orElse(""), number(row.wallMs()),
                    CanonicalJson.number(row.compileMs()), number(row.eagerIslandMs())));
        }
        return print(LEDGER_HEADER, rows);
    }

    public static String phases(Receipt receipt) {
        List<List<String>> rows = new ArrayList<>();
        for (RunFigures run : receipt.runs()) {
            for (PhaseFigures figures : run.phases().values()) {
                List<String> row = new ArrayList<>(List.of(run.label(), figures.phase().id(), Integer.toString(figures.calls())));
                if (figures.wallMs().isPresent()) {
                    WallTime wall = figures.wallMs().get();
                    row.addAll(List.of(CanonicalJson.number(wall.total()), CanonicalJson.number(wall.mean()),
                            CanonicalJson.number(wall.median()), CanonicalJson.number(wall.p90())));
                } else {
                    row.addAll(List.of("", "", "", ""));
                }
                row.addAll(List.of(Integer.toString(figures.compiles()), number(figures.cacheHits()),
                        Integer.toString(figures.fallbacks()), number(figures.breaks()), number(figures.eagerIslandMs()),
                        CanonicalJson.number(figures.compileMs()), joined(figures.newGraphVariants())));
                rows.add(row);
            }
        }
        return print(PHASE_HEADER, rows);
    }

    private static String print(String[] header, List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180.builder().setHeader(header).get())) {
            for (List<String> row : rows) {
                printer.printRecord(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return out.toString();
    }

    /**
     * A cell of text from the trace: one that a spreadsheet would take for a formula ({@code =},
     * {@code +}, {@code -}, {@code @}, tab, carriage return first) gets a leading {@code '}, as
     * OWASP advises against CSV injection. Numeric cells are never negative, so never touched.
     */
    static String text(String cell) {
        return !cell.isEmpty() && "=+-@\t\r".indexOf(cell.charAt(0)) >= 0 ? "'" + cell : cell;
    }

    private static String joined(List<?> values) {
        return values.stream().map(Object::toString).collect(Collectors.joining(";"));
    }

    private static String number(OptionalDouble value) {
        return value.isPresent() ? CanonicalJson.number(value.getAsDouble()) : "";
    }

    private static String number(OptionalInt value) {
        return value.isPresent() ? Integer.toString(value.getAsInt()) : "";
    }
}
