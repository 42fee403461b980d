package dev.compilereceipt.cli;

import dev.compilereceipt.trace.Run;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.mutant.MutantVerdict;
import dev.compilereceipt.trace.Trace;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code receipt mutants TRACE}: each bookkeeping mutant against the oracle, as a table or, with
 * {@code --json}, an array of {@code {mutant, verdict, code, receipt_sha256, reason}}. Exit 1 when
 * a distinguishable mutant survives.
 */
@Command(name = "mutants", mixinStandardHelpOptions = true,
        description = "Run the five bookkeeping mutants against the independent oracle.")
final class MutantsCommand implements Callable<Integer> {

    @Mixin
    TraceOptions options;

    @Option(names = "--json", description = "Print a JSON array, one object per mutant.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Trace trace = options.read();
        List<MutantVerdict> verdicts = MutantVerdict.all(trace);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ArrayNode array = JsonNodeFactory.instance.arrayNode();
            for (MutantVerdict verdict : verdicts) {
                ObjectNode node = array.addObject();
                node.put("mutant", verdict.mutant().id());
                node.put("verdict", verdict.verdict().id());
                if (verdict.code().isPresent()) {
                    node.put("code", verdict.code().get());
                } else {
                    node.putNull("code");
                }
                node.put("receipt_sha256", verdict.receiptSha256());
                node.put("reason", verdict.reason());
            }
            out.println(CanonicalJson.write(array));
        } else {
            out.print(table(verdicts));
        }
        boolean survivor = verdicts.stream().anyMatch(v -> v.verdict() == MutantVerdict.Verdict.SURVIVED);
        return survivor ? 1 : 0;
    }

    private static String table(List<MutantVerdict> verdicts) {
        StringBuilder out = new StringBuilder();
        String format = "%-31s %-12s %-31s %s%n";
        out.append(String.format(Locale.ROOT, format, "mutant", "hash changed", "oracle code", "verdict"));
        for (MutantVerdict verdict : verdicts) {
            out.append(String.format(Locale.ROOT, format, verdict.mutant().id(), verdict.hashChanged() ? "yes" : "no",
                    verdict.code().orElse("-"), verdict.reason()));
        }
        long killed = verdicts.stream().filter(v -> v.verdict() == MutantVerdict.Verdict.KILLED).count();
        long survived = verdicts.stream().filter(v -> v.verdict() == MutantVerdict.Verdict.SURVIVED).count();
        out.append(String.format(Locale.ROOT, "%n%d killed, %d survived, %d not distinguishable%n", killed, survived,
                verdicts.size() - killed - survived));
        return out.toString();
    }
}
