package dev.compilereceipt.read.torchtrace;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the sites of graph breaks that older logs record only as {@code restart_reasons}. When a
 * frame breaks, Dynamo compiles the rest of it as a resume frame named
 * {@code torch_dynamo_resume_in_<fn>_at_<line>}; that name and the frame's file give the site
 * {@code file:line} of the oldest pending break of {@code fn} in that file. A break whose resume
 * frame never compiles (its variant was already cached) takes the site last found for the same
 * function, and failing that {@code file:0} (line unknown).
 */
final class BreakSiteResolver {

    private static final Pattern RESUME = Pattern.compile("torch_dynamo_resume_in_(.+)_at_([0-9]+)");
    private static final int MAX_REMEMBERED = 4096;

    private final Deque<LogBreak> pending = new ArrayDeque<>();
    private final Map<String, String> lastSite = new HashMap<>();

    /** The function a frame belongs to: {@code fn} for {@code fn} and for its resume frames. */
    static String functionOf(String frameName) {
        Matcher resume = RESUME.matcher(frameName);
        return resume.matches() ? resume.group(1) : frameName;
    }

    static Optional<Integer> resumeLine(String frameName) {
        Matcher resume = RESUME.matcher(frameName);
        return resume.matches() ? Optional.of(Integer.parseInt(resume.group(2))) : Optional.empty();
    }

    void add(LogBreak brk) {
        if (brk.isPending()) {
            pending.add(brk);
        }
    }

    /** A compile of {@code frameName} in {@code file} finished: if it is a resume frame, it settles a break. */
    void compiled(String frameName, String file) {
        Optional<Integer> line = resumeLine(frameName);
        if (line.isEmpty()) {
            return;
        }
        String function = functionOf(frameName);
        String site = file + ":" + line.get();
        for (Iterator<LogBreak> it = pending.iterator(); it.hasNext(); ) {
            LogBreak brk = it.next();
            if (brk.file().equals(file) && functionOf(brk.frameName()).equals(function)) {
                brk.settle(site);
                it.remove();
                break;
            }
        }
        if (lastSite.size() < MAX_REMEMBERED) {
            lastSite.put(key(file, function), site);
        }
    }

    /** Settles every break still pending, with the last site known for its function or line 0. */
    void settleAll() {
        for (LogBreak brk : pending) {
            String function = functionOf(brk.frameName());
            brk.settle(lastSite.getOrDefault(key(brk.file(), function), brk.file() + ":0"));
        }
        pending.clear();
    }

    private static String key(String file, String function) {
        return file + '\u0000' + function;
    }
}
