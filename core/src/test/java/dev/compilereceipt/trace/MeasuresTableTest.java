package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.testsupport.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The table of what each source measures is written once, in {@link SourceShape}: {@code docs/measures.md}
 * prints it between its {@code table:start} and {@code table:end} markers, and this test keeps the two
 * equal (run with {@code -Dcompilereceipt.outputs.update=true} to rewrite the page's table after a change).
 */
class MeasuresTableTest {

    private static final Path PAGE = Fixtures.DIR.getParent().resolve("docs/measures.md");
    private static final String START = "<!-- table:start (written from SourceShape by MeasuresTableTest) -->";
    private static final String END = "<!-- table:end -->";

    static String table() {
        List<String> lines = new ArrayList<>();
        StringBuilder head = new StringBuilder("| measure |");
        StringBuilder rule = new StringBuilder("|---|");
        for (SourceShape shape : SourceShape.values()) {
            head.append(' ').append(shape.label()).append(" |");
            rule.append("---|");
        }
        lines.add(head.toString());
        lines.add(rule.toString());
        for (Measure measure : Measure.values()) {
            StringBuilder row = new StringBuilder("| `").append(measure.id()).append("` |");
            for (SourceShape shape : SourceShape.values()) {
                Coverage coverage = shape.coverage(measure);
                row.append(' ').append(switch (coverage) {
                    case MEASURED -> "measured";
                    case LOWER_BOUND -> "**lower bound**: " + shape.why(measure);
                    case UPPER_BOUND -> "**upper bound**: " + shape.why(measure);
                    case NOT_MEASURED -> "not measured: " + shape.why(measure);
                }).append(" |");
            }
            lines.add(row.toString());
        }
        return String.join("\n", lines) + "\n";
    }

    @Test
    void docsMeasuresPrintsTheTableOfSourceShape() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        assertThat(start).as("docs/measures.md has the table's start marker").isNotNegative();
        assertThat(end).as("and its end marker after it").isGreaterThan(start);
        String written = page.substring(start + START.length() + 1, end);
        if (Boolean.getBoolean("compilereceipt.outputs.update")) {
            Files.writeString(PAGE, page.substring(0, start + START.length() + 1) + table() + page.substring(end),
                    StandardCharsets.UTF_8);
            written = table();
        }
        assertThat(written).isEqualTo(table());
    }

    @Test
    void everyShapeSaysWhyForEveryFigureItDoesNotMeasure() {
        for (SourceShape shape : SourceShape.values()) {
            for (Measure measure : Measure.values()) {
                assertThat(shape.why(measure).isEmpty()).as(shape + " " + measure)
                        .isEqualTo(shape.coverage(measure) == Coverage.MEASURED);
            }
        }
        assertThat(SourceShape.TORCH_LOGS_2_6.bounds()).containsOnlyKeys(Measure.FALLBACKS);
        assertThat(SourceShape.TORCH_TRACE_MARKED.bounds()).containsOnlyKeys(Measure.SITE_CROSSINGS);
        // the table's cells: a capture's warm start and cache outcomes are measured where its file carries them (the reader says)
        assertThat(SourceShape.COMPILE_TRACE.notMeasured()).containsExactly(Measure.GRAPHS_COMPILED, Measure.COMPILE_STAGES,
                Measure.ARTIFACT_CACHE, Measure.WARM_START, Measure.FX_GRAPH_CACHE, Measure.AOTAUTOGRAD_CACHE, Measure.PHASE_STAGES);
        // issue #41: only a compile-trace/1 capture records output checks, and measures them where its calls carry them
        for (SourceShape shape : SourceShape.values()) {
            assertThat(shape.coverage(Measure.OUTPUT_CHECKS)).as(shape.label())
                    .isEqualTo(shape == SourceShape.COMPILE_TRACE ? Coverage.MEASURED : Coverage.NOT_MEASURED);
        }
        assertThat(SourceShape.PROFILER_WITH_LOG.coverage(Measure.PHASE_STAGES)).isEqualTo(Coverage.MEASURED);
        assertThat(SourceShape.TORCH_TRACE_UNMARKED.why(Measure.PHASE_STAGES))
                .isEqualTo("a log without compile_receipt_call markers cannot tell one call from the next");
    }
}
