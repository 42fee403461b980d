package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.trace.UserFrame;
import java.util.HashMap;
import java.util.Map;

/**
 * Which lines of a traceback are the user's frames ({@link UserFrame#usersFrame}), remembered for the
 * lines met most: a CI log prints the same tracebacks at every compile, and each line costs a few
 * regular expressions. At most {@value #MAX} lines are remembered; past that the memory starts again.
 */
final class UserFrames {

    static final int MAX = 4096;

    private final Map<String, Boolean> users = new HashMap<>();

    /** Whether the traceback line is a frame of the user's code. */
    boolean isUsers(String tracebackLine) {
        Boolean known = users.get(tracebackLine);
        if (known == null) {
            if (users.size() == MAX) {
                users.clear();
            }
            known = UserFrame.usersFrame(tracebackLine).isPresent();
            users.put(tracebackLine, known);
        }
        return known;
    }
}
