package dev.compilereceipt.trace;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The frame Dynamo compiled: the code object's name, its file as PyTorch logged it (a frozen log
 * with a folder to cut, {@code --relative-to}, has it relative to that folder, as every path of the
 * log) and its first line. TORCH_TRACE gives it in each {@code compilation_metrics}
 * ({@code co_name}, {@code co_filename}, {@code co_firstlineno}); a TORCH_LOGS text in each
 * {@code Recompiling function NAME in FILE:LINE}. The line is empty where the log does not keep it:
 * a log frozen before 0.2 kept only the name and the file.
 *
 * <p>Example: {@code CodeFrame.at("f", "/rtl/scenarios.py:64")} is {@code f} in
 * {@code /rtl/scenarios.py} from line 64, shown as {@code `f` (scenarios.py:64)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record CodeFrame(String function, String file, OptionalInt line) {

    private static final Pattern LOCATION = Pattern.compile("(.+):([0-9]{1,9})");

    /** A frame named with its location {@code file:line}, as TORCH_LOGS texts write it; empty when the location names no line. */
    public static Optional<CodeFrame> at(String function, String location) {
        Matcher matched = LOCATION.matcher(location.strip());
        if (function.isEmpty() || !matched.matches()) {
            return Optional.empty();
        }
        return Optional.of(new CodeFrame(function, matched.group(1), OptionalInt.of(Integer.parseInt(matched.group(2)))));
    }

    /** {@code file:line}, or the file alone where the line is not kept. */
    public String location() {
        return line.isPresent() ? file + ":" + line.getAsInt() : file;
    }

    /** The frame as a person reads it: {@code `f` (scenarios.py:64)}, the file by its name alone. */
    public String described() {
        String path = location().replace('\\', '/');
        return "`" + function + "` (" + path.substring(path.lastIndexOf('/') + 1) + ")";
    }
}
