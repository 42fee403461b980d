package dev.compilereceipt.assertj.internal;

import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.VisibleText;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.assertj.core.presentation.Representation;

/**
 * The evidence under a failure message: the offending calls as a small ledger table (run, call,
 * phase, family, graph ids, cache outcome, compile ms) and the break sites they crossed with the reason.
 * The figures in the cells (phase, graph ids, cache outcome, compile ms) are written by the assert's
 * representation, the table's layout by the table.
 *
 * <p>Example: {@code LedgerTable.of(rows, representation)} renders
 * {@code "  run       call  phase    family  graphs   cache    compile ms"} and one line a call.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class LedgerTable {

    private static final String[] HEADER = {"run", "call", "phase", "family", "graphs", "cache", "compile ms"};

    private LedgerTable() {
    }

    public static String of(List<LedgerRow> rows, Representation representation) {
        return table(rows, false, representation);
    }

    /** The table with a {@code breaks} column (the breaks each call crossed), for a check on breaks per call. */
    public static String withBreaks(List<LedgerRow> rows, Representation representation) {
        return table(rows, true, representation);
    }

    private static String table(List<LedgerRow> rows, boolean breaks, Representation representation) {
        List<String[]> cells = new ArrayList<>();
        cells.add(breaks ? withBreaksColumn(HEADER, "breaks") : HEADER);
        for (LedgerRow row : rows) {
            String[] line = {row.run(), row.call(), representation.toStringOf(row.phase()), row.family(),
                    row.graphs().isEmpty() ? "-" : row.graphs().stream().map(representation::toStringOf).collect(Collectors.joining(" ")),
                    row.cache().map(representation::toStringOf).orElse("n/m"), FigureText.ms(representation, row.compileMs())};
            cells.add(breaks ? withBreaksColumn(line, Integer.toString(row.breakSites().size())) : line);
        }
        int[] widths = new int[cells.get(0).length];
        for (String[] line : cells) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] line : cells) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                text.append(line[i]);
                if (i < line.length - 1) {
                    text.append(" ".repeat(widths[i] - line[i].length() + 2));
                }
            }
            lines.add(text.toString());
        }
        return FigureText.indented(lines.stream().map(VisibleText::of).toList());
    }

    /** The cells with {@code breaks} after the cache column. */
    private static String[] withBreaksColumn(String[] cells, String breaks) {
        String[] wider = new String[cells.length + 1];
        System.arraycopy(cells, 0, wider, 0, 6);
        wider[6] = breaks;
        System.arraycopy(cells, 6, wider, 7, cells.length - 6);
        return wider;
    }

    /** The calls as sorted lines {@code baseline b04: 0/1} (run, call, graph ids touched): the actual of an IDE diff. */
    public static String graphLines(List<LedgerRow> rows) {
        return FigureText.sortedLines(rows.stream().map(row -> VisibleText.of(row.run() + " " + row.call()) + ": "
                + (row.graphs().isEmpty() ? "-" : row.graphs().stream().map(GraphId::toString).collect(Collectors.joining(" "))))
                .distinct().toList());
    }

    /** The break sites these calls crossed, with the reason each run gave for them. */
    public static String breakSites(Receipt receipt, List<LedgerRow> rows) {
        List<String> lines = new ArrayList<>();
        for (LedgerRow row : rows) {
            for (String site : row.breakSites()) {
                String line = row.run() + " " + site + "  " + receipt.run(row.run()).breakSite(site)
                        .map(b -> b.reason()).orElse("(no reason recorded)");
                if (!lines.contains(line)) {
                    lines.add(line);
                }
            }
        }
        return lines.isEmpty() ? "" : FigureText.NL + "break sites crossed:" + FigureText.NL
                + FigureText.indented(lines.stream().map(VisibleText::of).toList());
    }
}
