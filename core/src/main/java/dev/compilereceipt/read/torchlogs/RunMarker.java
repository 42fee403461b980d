package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.trace.Run;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The line the capture helper logs through PyTorch's logging as each run starts
 * ({@code structured_log.run_marker_logger}): {@code compile_receipt_run} and the run's label,
 * with the glog prefix of every TORCH_LOGS line and neither a compile id nor an artifact tag, or
 * bare under {@code TORCH_LOGS_FORMAT=""}. The TORCH_LOGS text of one process holds every run of
 * a capture; these lines are where one run's messages end and the next one's begin, as the
 * {@code compile_receipt_call} markers are in its TORCH_TRACE log.
 *
 * <p>Example: {@code I1202 04:01:02.345000 4242 compile_receipt_capture/structured_log.py:107] compile_receipt_run candidate}
 * starts run {@code candidate}.
 */
final class RunMarker {

    static final String WORD = "compile_receipt_run";
    private static final String START = WORD + " ";

    private RunMarker() {
    }

    /**
     * The label of the run that {@code text} starts, or empty when it is no marker; a marker that
     * names no run of the contract is refused, at line {@code number} of {@code file}.
     */
    static Optional<String> label(Path file, long number, String text, Optional<TextLine> parsed) {
        String message;
        if (parsed.isPresent()) {
            TextLine line = parsed.get();
            if (line.traced() || line.artifact().isPresent()) {
                return Optional.empty();
            }
            message = line.message();
        } else {
            message = text;
        }
        if (!message.startsWith(START)) {
            return Optional.empty();
        }
        String label = message.substring(START.length()).strip();
        if (!label.equals(Run.BASELINE) && !label.equals(Run.CANDIDATE)) {
            throw new Refusal(file, "", number, 0, WORD + " names run '" + label + "': a run is " + Run.BASELINE + " or "
                    + Run.CANDIDATE);
        }
        return Optional.of(label);
    }
}
