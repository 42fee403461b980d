package dev.compilereceipt.cli;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.RanksVerdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code receipt ranks DIR|FILES... [--json] [--strict]}: whether the ranks of one distributed job
 * compiled alike. The inputs are a folder of per-rank TORCH_TRACE logs, {@code rank_<N>} folders, a
 * TORCH_LOGS text with {@code [rankN]:} lines, fingerprint files ({@code receipt fingerprint}) or a
 * list of any of these; the verdict groups the ranks by equal fingerprints and names the first
 * point where a group differs. Exit 0, or 1 on a divergence with {@code --strict}; 2 for bad input
 * (two files claiming one rank, a fingerprint of another format), naming the file and the rule.
 */
@Command(name = "ranks", mixinStandardHelpOptions = true,
        description = "Whether the ranks of a job compiled alike: ranks grouped by equal fingerprints, and the first divergence.")
final class RanksCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR|FILE",
            description = "A folder of rank logs, rank_<N> folders or fingerprints; a TORCH_LOGS text with [rankN]: lines; or such files.")
    List<Path> inputs;

    @Option(names = "--json", description = "Print the verdict as JSON (groups: one list of rank numbers per group).")
    boolean json;

    @Option(names = "--strict", description = "Exit 1 when the ranks did not compile alike.")
    boolean strict;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Ranks ranks = Ranks.read(inputs);
        var out = spec.commandLine().getOut();
        if (json) {
            out.println(ranks.verdictJson());
        } else {
            out.print(ranks.verdictText());
        }
        RanksVerdict verdict = ranks.verdict();
        return strict && !verdict.alike() ? 1 : 0;
    }
}
