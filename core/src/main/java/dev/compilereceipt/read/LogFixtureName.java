package dev.compilereceipt.read;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The fixture name of a log's receipt. A log's file stem names it, unless the stem is one PyTorch
 * gives every log ({@code torch_trace}, {@code torch_logs}, {@code dedicated_log_torch_trace_...}):
 * then the folder it sits in does, so that two captures' messages do not both say
 * "torch_trace receipt". A log read for one rank, or a rank's own log, says which: {@code ddp rank 1}.
 *
 * <p>Example: {@code LogFixtureName.of(Path.of("fixtures/print-bridge/torch_trace.log"), OptionalInt.empty())}
 * is {@code print-bridge}.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class LogFixtureName {

    private static final List<String> ENDINGS = List.of(".log", ".txt");
    private static final List<String> PYTORCH_STEMS = List.of("torch_trace", "torch_logs");
    /** TORCH_TRACE's own file name in its folder: {@code dedicated_log_torch_trace_rank_0_a1b2c3.log}, or without a rank. */
    private static final Pattern DEDICATED = Pattern.compile("dedicated_log_torch_trace(?:_rank_(\\d+))?_.*");

    private LogFixtureName() {
    }

    public static String of(Path file, OptionalInt rank) {
        String stem = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        for (String end : ENDINGS) {
            if (stem.endsWith(end) && stem.length() > end.length()) {
                stem = stem.substring(0, stem.length() - end.length());
                break;
            }
        }
        Matcher dedicated = DEDICATED.matcher(stem);
        boolean pytorchsOwn = PYTORCH_STEMS.contains(stem) || dedicated.matches();
        OptionalInt named = rank.isPresent() ? rank
                : dedicated.matches() && dedicated.group(1) != null ? OptionalInt.of(Integer.parseInt(dedicated.group(1))) : OptionalInt.empty();
        Path folder = file.getParent() == null ? null : file.getParent().getFileName();
        String name = pytorchsOwn && folder != null && !folder.toString().isEmpty() ? folder.toString() : stem;
        return named.isPresent() ? name + " rank " + named.getAsInt() : name;
    }
}
