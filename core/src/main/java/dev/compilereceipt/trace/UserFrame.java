package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The user's own frame of a graph break: the innermost frame of the message's
 * {@code User code traceback:} whose file is neither PyTorch's nor the Python standard library's,
 * as {@code file:line}. Where the logged site is inside PyTorch (a polyfill,
 * {@code torch/distributions}) or the standard library (a {@code logger.info} that Dynamo traced
 * into {@code logging/__init__.py}), the site stays and the user frame says where the user's code
 * called in. The rules for each kind of path are in {@code docs/assertj.md}, "Break kinds".
 *
 * <p>Example: a {@code torch.distributions.Normal(..., validate_args=True)} in
 * {@code mymodel/layers.py} line 26 breaks at {@code .../torch/distributions/distribution.py:68}
 * on 2.14; its user frame is {@code /bk/mymodel/layers.py:26}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class UserFrame {

    private static final String TRACEBACK = "User code traceback:";
    private static final Pattern FRAME = Pattern.compile("^\\s+File \"(.+)\", line ([0-9]+)");
    /** The standard library as Python reports its files: {@code /usr/lib/python3.13/}, {@code ~/.pyenv/versions/3.11.7/lib/python3.11/}. */
    private static final Pattern POSIX_STDLIB = Pattern.compile("(^|/)lib/python3\\.[0-9]+/(?!(site|dist)-packages/)");
    /** ... and on Windows: {@code C:\\Python313\\Lib\\logging\\__init__.py}, a venv's base {@code Lib\\}. */
    private static final Pattern WINDOWS_DRIVE = Pattern.compile("^[A-Za-z]:[\\\\/]");
    private static final Pattern WINDOWS_STDLIB = Pattern.compile("(^|/)Lib/(?!site-packages/)");

    private UserFrame() {
    }

    /** The innermost frame outside PyTorch of the first {@code User code traceback:} among a message's lines. */
    public static Optional<String> of(List<String> lines) {
        int start = -1;
        for (int i = 0; i < lines.size() && start < 0; i++) {
            if (lines.get(i).strip().equals(TRACEBACK)) {
                start = i + 1;
            }
        }
        String frame = null;
        for (int i = Math.max(start, 0); start >= 0 && i < lines.size(); i++) {
            String line = lines.get(i);
            if (endsTraceback(line)) {
                break;
            }
            frame = usersFrame(line).orElse(frame);
        }
        return Optional.ofNullable(frame);
    }

    /** Whether a line ends a traceback: a blank line, or one that is not indented. */
    public static boolean endsTraceback(String line) {
        return line.isBlank() || !Character.isWhitespace(line.charAt(0));
    }

    /** A traceback line {@code   File "PATH", line N, in F} as {@code PATH:N} when the file is the user's. */
    public static Optional<String> usersFrame(String tracebackLine) {
        if (!mayBeFrame(tracebackLine)) {
            return Optional.empty();
        }
        Matcher file = FRAME.matcher(tracebackLine);
        return file.find() && isUsers(file.group(1)) ? Optional.of(file.group(1) + ":" + file.group(2)) : Optional.empty();
    }

    /** What {@link #FRAME} needs at the start: white space, then {@code File "}; tested before it on every line of a traceback. */
    private static boolean mayBeFrame(String line) {
        int i = 0;
        while (i < line.length() && " \t\n\u000b\f\r".indexOf(line.charAt(i)) >= 0) {
            i++;
        }
        return i > 0 && line.startsWith("File \"", i);
    }

    /** Whether a file (or a {@code file:line} site) is the user's: neither PyTorch's nor the standard library's. */
    public static boolean isUsers(String path) {
        return !isPyTorch(path) && !isStandardLibrary(path);
    }

    /**
     * Whether a file is the Python standard library's, in the shapes Python reports it:
     * {@code lib/python3.N/} not followed by {@code site-packages/} or {@code dist-packages/}
     * ({@code /usr/lib/python3.14/logging/__init__.py}, {@code /opt/conda/lib/python3.11/copy.py}),
     * a Windows {@code Lib\} not followed by {@code site-packages\} ({@code C:\Python313\Lib\copy.py}),
     * and the interpreter's frozen modules ({@code <frozen importlib._bootstrap>}).
     */
    public static boolean isStandardLibrary(String path) {
        if (path.startsWith("<frozen ")) {
            return true;
        }
        String file = path.replace('\\', '/');
        boolean windows = path.indexOf('\\') >= 0 || WINDOWS_DRIVE.matcher(path).find();
        return POSIX_STDLIB.matcher(file).find() || windows && WINDOWS_STDLIB.matcher(file).find();
    }

    /** Whether a file is PyTorch's own: under {@code torch/}, {@code site-packages/torch/} or {@code dist-packages/torch/}. */
    public static boolean isPyTorch(String path) {
        String file = path.replace('\\', '/');
        return file.startsWith("torch/") || file.contains("/site-packages/torch/") || file.contains("/dist-packages/torch/");
    }
}
