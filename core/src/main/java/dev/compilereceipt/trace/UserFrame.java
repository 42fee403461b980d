package dev.compilereceipt.trace;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The user's own frame of a graph break: the innermost frame of the message's
 * {@code User code traceback:} whose file is not PyTorch's, as {@code file:line}. Where the logged
 * site is inside PyTorch (a polyfill, {@code torch/distributions}), the site stays and the user
 * frame says where the user's code called in.
 *
 * <p>Example: a {@code torch.distributions.Normal(..., validate_args=True)} in
 * {@code mymodel/layers.py} line 26 breaks at {@code .../torch/distributions/distribution.py:68}
 * on 2.14; its user frame is {@code /bk/mymodel/layers.py:26}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class UserFrame {

    private static final String TRACEBACK = "User code traceback:";
    private static final Pattern FRAME = Pattern.compile("^\\s+File \"(.+)\", line ([0-9]+)");

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
            frame = outsidePyTorch(line).orElse(frame);
        }
        return Optional.ofNullable(frame);
    }

    /** Whether a line ends a traceback: a blank line, or one that is not indented. */
    public static boolean endsTraceback(String line) {
        return line.isBlank() || !Character.isWhitespace(line.charAt(0));
    }

    /** A traceback line {@code   File "PATH", line N, in F} as {@code PATH:N} when the file is not PyTorch's. */
    public static Optional<String> outsidePyTorch(String tracebackLine) {
        Matcher file = FRAME.matcher(tracebackLine);
        return file.find() && !isPyTorch(file.group(1)) ? Optional.of(file.group(1) + ":" + file.group(2)) : Optional.empty();
    }

    /** Whether a file is PyTorch's own: under {@code torch/}, {@code site-packages/torch/} or {@code dist-packages/torch/}. */
    public static boolean isPyTorch(String path) {
        String file = path.replace('\\', '/');
        return file.startsWith("torch/") || file.contains("/site-packages/torch/") || file.contains("/dist-packages/torch/");
    }
}
