package dev.compilereceipt.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code receipt mutants TRACE}: placeholder until the oracle lands. */
@Command(name = "mutants", mixinStandardHelpOptions = true,
        description = "Run the five bookkeeping mutants against the oracle.")
final class MutantsCommand implements Callable<Integer> {

    @Mixin
    TraceOptions options;

    @Option(names = "--json", description = "Print a JSON array, one object per mutant.")
    boolean json;

    @Override
    public Integer call() {
        throw new UnsupportedOperationException("mutants: not built yet");
    }
}
