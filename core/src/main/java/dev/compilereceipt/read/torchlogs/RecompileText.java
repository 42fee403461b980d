package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.trace.GuardText;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.read.StringPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A recompile message of TORCH_LOGS text read into the function, where it starts, and its guard
 * failures, one per older variant whose guards missed:
 * <pre>
 * Recompiling function f in /rtl/scenarios.py:64
 *     triggered by the following guard failure(s):
 *     - 0/1: L['n'] == 2
 *     - 0/0: L['n'] == 1</pre>
 * ({@code recompiles}), or with {@code recompiles_verbose} each older variant's failure under its
 * own {@code guard N failures:} header, blocks apart by a blank line. PyTorch indents every line
 * of a failure with {@code - }, so a failure of several lines (2.14 adds {@code User stack trace:}
 * and the frames) has a bullet on each: a bullet that starts with a compile id ({@code 0/1: })
 * begins a failure, any other bullet continues it. Each failure is its lines without the bullets,
 * joined by line breaks and trimmed: the text a TORCH_TRACE {@code recompile_reasons} artifact of
 * the same compile holds.
 */
record RecompileText(String function, String location, List<String> guards) {

    private static final Pattern HEADER = Pattern.compile("Recompiling function (\\S+) in (.+:[0-9]+)\\s*");
    private static final Pattern BLOCK = Pattern.compile("guard [0-9]+ failures:\\s*");
    private static final Pattern FAILED_ID = Pattern.compile("(?:![0-9]{1,18}/)?([0-9]{1,18})/([0-9]{1,18}): ");

    /** The recompile a message states; empty when it is torn (no header, or no guard failure). */
    static Optional<RecompileText> read(List<String> lines, StringPool pool) {
        Matcher header = HEADER.matcher(lines.get(0));
        if (!header.matches()) {
            return Optional.empty();
        }
        List<String> guards = new ArrayList<>();
        StringBuilder guard = null;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).stripLeading();
            if (BLOCK.matcher(line).matches()) {
                finish(guard, guards, pool);
                guard = null;
            } else if (line.startsWith("-")) {
                String text = line.startsWith("- ") ? line.substring(2) : line.substring(1);
                if (guard == null || FAILED_ID.matcher(text).lookingAt()) {
                    finish(guard, guards, pool);
                    guard = new StringBuilder(text);
                } else {
                    guard.append('\n').append(text);
                }
            }
            // "triggered by the following guard failure(s):" and the blank lines between blocks say nothing more.
        }
        finish(guard, guards, pool);
        if (guards.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RecompileText(pool.intern(header.group(1)), pool.intern(header.group(2).strip()), guards));
    }

    private static void finish(StringBuilder guard, List<String> guards, StringPool pool) {
        if (guard != null && !guard.toString().isBlank()) {
            guards.add(pool.intern(GuardText.normal(guard.toString())));
        }
    }

    /** The compile id a guard failure names: the older variant whose guards missed. */
    static Optional<GraphId> failedVariant(String guard) {
        Matcher id = FAILED_ID.matcher(guard);
        return id.lookingAt() ? GraphId.parse(id.group(1) + "/" + id.group(2)) : Optional.empty();
    }

    /**
     * The compile id of a recompile whose text has none (the bare format): one past the newest
     * variant its failures name, {@code F/(V+1)}, when they all name one frame {@code F}. Each cached
     * variant of the frame has a failure, so that is the next variant; a compile of the frame that
     * made no variant in between would make PyTorch's id higher.
     */
    Optional<GraphId> inferredGraph() {
        long frame = -1;
        long newest = -1;
        for (String guard : guards) {
            Optional<GraphId> failed = failedVariant(guard);
            if (failed.isEmpty() || frame >= 0 && failed.get().frame() != frame) {
                return Optional.empty();
            }
            frame = failed.get().frame();
            newest = Math.max(newest, failed.get().variant());
        }
        return frame < 0 || newest == Long.MAX_VALUE ? Optional.empty() : Optional.of(new GraphId(frame, newest + 1));
    }
}
