package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.trace.GuardText;
import dev.compilereceipt.read.PassedLimit;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
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

    /**
     * A recompile message read as its lines arrive, so that what it keeps is bounded while it is
     * kept, not after: a failure longer than {@code max_string_length} stops being kept at that
     * length (only its length is counted on, for the refusal), and past {@code max_recompile_reasons}
     * failures nothing more is kept, since no run may hold that many. The refusal is thrown when the
     * message is read ({@link #read(StringPool)}), as a whole message's would be: a message found
     * torn or damaged by then is a bad line, not a refusal.
     */
    static final class Reading {

        private final String header;
        private final int maxLength;
        private final int maxReasons;
        private final List<String> guards = new ArrayList<>();
        /** The failure being read, stripped as far as it has come: from its first non-blank character to its last. */
        private StringBuilder guard;
        /** White space after the failure's last character so far: kept only if a character follows. */
        private final StringBuilder pending = new StringBuilder();
        private long guardLength;
        private long pendingLength;
        private long overLength = -1;
        private boolean overCount;

        Reading(String header, Limits limits) {
            this.header = header;
            this.maxLength = limits.maxStringLength();
            this.maxReasons = limits.maxRecompileReasons();
        }

        /** A line after the header. */
        void add(String text) {
            if (overCount || overLength >= 0 && guard == null) {
                return;
            }
            String line = text.stripLeading();
            // The start tested first: the expressions run only on lines that may match them, not on every line of a long failure.
            if (line.startsWith("guard ") && BLOCK.matcher(line).matches()) {
                finish();
            } else if (line.startsWith("-")) {
                String bullet = line.startsWith("- ") ? line.substring(2) : line.substring(1);
                if (guard == null || startsCompileId(bullet) && FAILED_ID.matcher(bullet).lookingAt()) {
                    finish();
                    if (overLength >= 0 || overCount) {
                        return;
                    }
                    guard = new StringBuilder();
                    guardLength = 0;
                } else {
                    append('\n');
                }
                for (int i = 0; i < bullet.length(); i++) {
                    append(bullet.charAt(i));
                }
            }
            // "triggered by the following guard failure(s):" and the blank lines between blocks say nothing more.
        }

        /** One character of the failure: white space is held back until a character follows it, as strip() would drop it. */
        private void append(char c) {
            if (Character.isWhitespace(c)) {
                if (guardLength > 0) {
                    pendingLength++;
                    if (guardLength + pendingLength <= maxLength) {
                        pending.append(c);
                    }
                }
                return;
            }
            guardLength += pendingLength + 1;
            if (guardLength <= maxLength) {
                guard.append(pending).append(c);
            }
            pending.setLength(0);
            pendingLength = 0;
        }

        private void finish() {
            if (guard != null && guardLength > 0) {
                if (guardLength > maxLength) {
                    overLength = guardLength;
                } else if (guards.size() == maxReasons) {
                    overCount = true;
                } else {
                    guards.add(GuardText.normal(guard.toString()));
                }
            }
            guard = null;
            pending.setLength(0);
            pendingLength = 0;
        }

        /** The recompile the message states; empty when it is torn; a {@link PassedLimit} past a limit. */
        Optional<RecompileText> read(StringPool pool) {
            Matcher matched = HEADER.matcher(header);
            if (!matched.matches()) {
                return Optional.empty();
            }
            finish();
            List<String> kept = new ArrayList<>(guards.size());
            for (String text : guards) {
                kept.add(pool.intern(text));
            }
            if (overLength >= 0) {
                throw PassedLimit.over("a string of " + overLength + " characters", maxLength, "max_string_length",
                        "withMaxStringLength");
            }
            if (overCount) {
                throw PassedLimit.over("the text has more than " + maxReasons + " recompile reasons", maxReasons,
                        "max_recompile_reasons", "withMaxRecompileReasons");
            }
            if (kept.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new RecompileText(pool.intern(matched.group(1)), pool.intern(matched.group(2).strip()), kept));
        }
    }

    private static boolean startsCompileId(String bullet) {
        return !bullet.isEmpty() && (bullet.charAt(0) == '!' || bullet.charAt(0) >= '0' && bullet.charAt(0) <= '9');
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
