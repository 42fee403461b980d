package dev.compilereceipt.internal.json;

import org.apiguardian.api.API;

import java.util.HashMap;
import java.util.Map;

/**
 * Interns the strings a log repeats thousands of times (event kinds, artifact names, file names,
 * guard texts, compile ids) so each is held once. The pool stops growing at a fixed size, so a log
 * full of distinct strings cannot make it the thing that fills the heap.
 */
@API(status = API.Status.INTERNAL)
public final class StringPool {

    static final int MAX_ENTRIES = 1 << 14;

    private final Map<String, String> strings = new HashMap<>();

    public String intern(String text) {
        String known = strings.get(text);
        if (known != null) {
            return known;
        }
        if (strings.size() < MAX_ENTRIES) {
            strings.put(text, text);
        }
        return text;
    }
}
