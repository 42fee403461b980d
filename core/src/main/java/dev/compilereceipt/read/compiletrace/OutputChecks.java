package dev.compilereceipt.read.compiletrace;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether a compile-trace/1 capture measured its output checks: a call of a compiled phase says
 * whether its output matched eager's in its {@code check} (its {@code ok}), and a capture with such a
 * call without one did not measure them, so no {@code OUTPUT_MISMATCH} there is no fact (issue #41).
 * An eager call is the reference and needs none.
 *
 * <p>Example: the real print-bridge capture (before the capture helper checked outputs) has 12 compiled
 * calls per run and no check: "calls in compiled phases carry no check (whether the output
 * matched eager's): 12 of 12 in run baseline (the first b03), 12 of 12 in run candidate (the first c03)".
 */
final class OutputChecks {

    private OutputChecks() {
    }

    static Map<Measure, String> missingEvidence(List<Run> runs) {
        List<String> parts = new ArrayList<>();
        for (Run run : runs) {
            List<Call> compiled = run.calls().stream().filter(call -> call.phase().isCompiled()).toList();
            List<String> unchecked = compiled.stream().filter(call -> call.check().flatMap(check -> check.ok()).isEmpty())
                    .map(Call::id).toList();
            if (!unchecked.isEmpty()) {
                parts.add(unchecked.size() + " of " + compiled.size() + " in run " + run.label() + " (the first " + unchecked.get(0) + ")");
            }
        }
        return parts.isEmpty() ? Map.of()
                : Map.of(Measure.OUTPUT_CHECKS, "calls in compiled phases carry no check (whether the output matched eager's): "
                        + String.join(", ", parts));
    }
}
