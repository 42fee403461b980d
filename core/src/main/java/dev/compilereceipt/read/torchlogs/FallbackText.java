package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.StringPool;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message of TORCH_LOGS text that says a frame runs eagerly from now on, read into the frame it
 * names ({@code f@/rtl/scenarios.py:64}: the function and where it starts) and, for the limit, its
 * last guard failure:
 * <ul>
 *   <li>the recompile-limit warning, {@code torch._dynamo hit config.cache_size_limit (8)} (2.6) or
 *       {@code config.recompile_limit (8)} (2.14), then {@code    function: 'f' (/rtl/scenarios.py:64)}
 *       and {@code    last reason: 0/0: L['n'] == 1} (2.14 adds the user stack after it);</li>
 *   <li>{@code WON'T CONVERT f /rtl/scenarios.py line 64} (a backend failure under
 *       {@code suppress_errors}, and other frames given up), logged after the compile ended, so
 *       without a compile id.</li>
 * </ul>
 */
record FallbackText(String frame, Optional<String> lastReason) {

    private static final Pattern LIMIT = Pattern.compile("torch\\._dynamo hit config\\.[A-Za-z_]+ \\([0-9]+\\)\\s*");
    private static final Pattern FUNCTION = Pattern.compile("function: '(.*)' \\((.+)\\)\\s*");
    private static final Pattern WONT_CONVERT = Pattern.compile("WON'T CONVERT (\\S+) (.+) line ([0-9]+)\\s*");
    private static final String LAST_REASON = "last reason:";

    /** The recompile-limit warning; empty when its first line is not one. */
    static Optional<FallbackText> limit(List<String> lines, StringPool pool) {
        if (!LIMIT.matcher(lines.get(0)).matches()) {
            return Optional.empty();
        }
        String frame = "";
        StringBuilder reason = null;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher function = FUNCTION.matcher(line.strip());
            if (reason == null && function.matches()) {
                frame = function.group(1) + "@" + function.group(2);
            } else if (reason == null && line.strip().startsWith(LAST_REASON)) {
                reason = new StringBuilder(line.strip().substring(LAST_REASON.length()).strip());
            } else if (reason != null) {
                reason.append('\n').append(line);
            }
        }
        Optional<String> last = reason == null || reason.toString().isBlank() ? Optional.empty()
                : Optional.of(pool.intern(reason.toString().strip()));
        return Optional.of(new FallbackText(pool.intern(frame), last));
    }

    /** A {@code WON'T CONVERT} line; empty when it does not name a function, a file and a line. */
    static Optional<FallbackText> wontConvert(List<String> lines, StringPool pool) {
        Matcher header = WONT_CONVERT.matcher(lines.get(0));
        if (!header.matches()) {
            return Optional.empty();
        }
        return Optional.of(new FallbackText(pool.intern(header.group(1) + "@" + header.group(2) + ":" + header.group(3)),
                Optional.empty()));
    }
}
