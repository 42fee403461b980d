package dev.compilereceipt.cli;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.trace.VisibleText;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code receipt fingerprint LOG -o FP.json}: one rank's fingerprint, small canonical JSON, written
 * where the log is (one task per rank on the job's own scheduler) so that {@code receipt ranks}
 * merges fingerprints instead of reading every log on one machine. LOG is one rank's TORCH_TRACE
 * log, a {@code rank_<N>} folder or a TORCH_LOGS text of one rank. FP.json is written as every
 * output is (whole or not at all, never over a link or the log).
 */
@Command(name = "fingerprint", mixinStandardHelpOptions = true,
        description = "Write one rank's fingerprint (what it compiled, in order) for receipt ranks to merge.")
final class FingerprintCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "LOG", description = "One rank's TORCH_TRACE log (or TORCH_LOGS text).")
    Path log;

    @Option(names = {"-o", "--output"}, paramLabel = "FP.json", required = true, description = "The fingerprint file to write.")
    Path output;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        String json = Ranks.writeFingerprint(log, output);
        // Canonical JSON sorts its keys: the top level's "rank" is the only one (steps hold none).
        java.util.regex.Matcher rank = java.util.regex.Pattern.compile("\"rank\":([0-9]+)").matcher(json);
        spec.commandLine().getOut().println("wrote the fingerprint of rank " + (rank.find() ? rank.group(1) : "?") + " to "
                + VisibleText.of(output.toString()));
        return 0;
    }
}
