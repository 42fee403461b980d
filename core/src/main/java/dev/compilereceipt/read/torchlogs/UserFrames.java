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

    /**
     * The last lines asked, by identity: the lines of one part of a file are one string each ({@link BreakLines}), which
     * the map compares char by char with the string of the part it met the line in first.
     */
    private final String[] recent = new String[RECENT];
    private final boolean[] recentUsers = new boolean[RECENT];
    private int next;
    private static final int RECENT = 8;

    /** Whether the traceback line is a frame of the user's code. */
    boolean isUsers(String tracebackLine) {
        for (int i = 0; i < RECENT; i++) {
            if (recent[i] == tracebackLine) {
                return recentUsers[i];
            }
        }
        boolean users = isUsersByText(tracebackLine);
        recent[next] = tracebackLine;
        recentUsers[next] = users;
        next = (next + 1) % RECENT;
        return users;
    }

    private boolean isUsersByText(String tracebackLine) {
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
