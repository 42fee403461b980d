package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The runs of one text, each its own {@link TextReading}: a {@link RunMarker} line ends the run
 * being read and starts the one it names. Lines before the first marker belong to the first run
 * (what a process printed before the capture began). A text without markers is one reading, the
 * {@code baseline} run, which then holds every run its process made: {@link #marked()} is false,
 * and the receipt says its runs are merged. Each reading has its own bounds, as the compile log of
 * each run of a TORCH_TRACE log has.
 *
 * <p>Example: a capture's text, {@code compile_receipt_run baseline}, two recompiles,
 * {@code compile_receipt_run candidate}, one recompile, gives runs baseline (2) and candidate (1).
 */
final class TextRuns {

    private final Path file;
    private final Limits limits;
    private final List<String> labels = new ArrayList<>();
    private final List<Long> starts = new ArrayList<>();
    private final List<TextReading> readings = new ArrayList<>();

    TextRuns(Path file, Limits limits) {
        this.file = file;
        this.limits = limits;
        readings.add(new TextReading(file, limits));
    }

    /** One line: a marker starts its run, any other line goes to the run being read. */
    void line(long number, String text, Optional<TextLine> parsed, boolean damaged) {
        line(number, text, parsed, TextMessages.kindOf(text, parsed), damaged);
    }

    /** One line with the kind of message it starts ({@link TextMessages#kindOf}), as {@link TextSieve} sorted it. */
    void line(long number, String text, Optional<TextLine> parsed, Optional<TextMessage.Kind> kind, boolean damaged) {
        Optional<String> marker = kind.isPresent() ? Optional.empty() : RunMarker.label(file, number, text, parsed);
        if (marker.isPresent()) {
            start(marker.get(), number);
        } else {
            current().line(number, text, parsed, kind, damaged);
        }
    }

    private void start(String label, long number) {
        int seen = labels.indexOf(label);
        if (seen >= 0) {
            throw new Refusal(file, "", number, 0, "run " + label + " starts again (its " + RunMarker.WORD + " line is line "
                    + starts.get(seen) + "): a text holds each run of one capture once");
        }
        if (labels.isEmpty() && !label.equals(Run.BASELINE)) {
            throw new Refusal(file, "", number, 0, "the first " + RunMarker.WORD + " line names " + label
                    + ": a capture's runs start with its baseline");
        }
        if (!labels.isEmpty()) {
            current().finish();
            readings.add(new TextReading(file, limits));
        }
        labels.add(label);
        starts.add(number);
    }

    private TextReading current() {
        return readings.get(readings.size() - 1);
    }

    /** The text is over: every open message of the last run is read. */
    void finish() {
        current().finish();
    }

    /** Whether a {@link RunMarker} line told the runs apart. */
    boolean marked() {
        return !labels.isEmpty();
    }

    /** Whether the text held a PyTorch message or a run marker: a TORCH_LOGS text. */
    boolean sawAny() {
        return marked() || readings.stream().anyMatch(TextReading::sawMessage);
    }

    /** The readings with their labels: one {@code baseline} without markers. */
    List<Labelled> runs() {
        List<Labelled> runs = new ArrayList<>();
        for (int i = 0; i < readings.size(); i++) {
            runs.add(new Labelled(marked() ? labels.get(i) : Run.BASELINE, readings.get(i)));
        }
        return runs;
    }

    /** The first line of each skipped message, of every run, ascending. */
    List<Long> badLines() {
        List<Long> all = new ArrayList<>();
        readings.forEach(reading -> all.addAll(reading.badLines()));
        all.sort(null);
        return all;
    }

    /** A run's label and its reading. */
    record Labelled(String label, TextReading reading) {
    }
}
