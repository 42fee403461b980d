package dev.compilereceipt.cli;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.approval.ApprovedFileName;
import dev.compilereceipt.approval.ApprovedFormat;
import dev.compilereceipt.approval.ApprovedReceipt;
import dev.compilereceipt.diff.ReceiptFormat;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code receipt approve --refresh DIR}: every approved receipt under {@code DIR} of an older format
 * rewritten in the current one where each figure both formats define still matches the receipt of
 * its fixture (found by the approved file's name, {@link ApprovedFileName}); one line per file
 * saying what was done, the differences of a file left alone, and a count. Exit 0 when every file
 * is current or refreshed, 1 when one is left to re-approve, 2 when {@code DIR} is not a folder.
 */
@Command(name = "approve", mixinStandardHelpOptions = true,
        description = "Refresh approved receipts of an older format to the current one (only where every figure both formats define"
                + " still matches); exit 0 when every file is current or refreshed, 1 when one is left to re-approve.")
final class ApproveCommand implements Callable<Integer> {

    @Option(names = "--refresh", required = true, paramLabel = "DIR",
            description = "The folder whose *.approved.json files (at any depth) are refreshed, each beside its fixture.")
    Path folder;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new TraceRefusedException(folder, "", 0, 0, "not a folder: --refresh takes the folder of your approved receipts");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Path> approved;
        try (Stream<Path> files = Files.walk(folder)) {
            approved = files.filter(f -> f.getFileName().toString().endsWith(ApprovedReceipt.APPROVED) && Files.isRegularFile(f))
                    .sorted().toList();
        }
        Map<ApprovedFormat.Status, Integer> counts = new EnumMap<>(ApprovedFormat.Status.class);
        for (Path file : approved) {
            ApprovedFormat.Refresh refresh = refresh(file);
            counts.merge(refresh.status(), 1, Integer::sum);
            switch (refresh.status()) {
                case REFRESHED -> out.println("refreshed " + file + " (" + refresh.detail() + ")");
                case CURRENT -> out.println("current   " + file);
                default -> out.println("kept      " + file + ": " + refresh.detail().replace("\n", "\n    "));
            }
        }
        int left = counts.getOrDefault(ApprovedFormat.Status.DIFFERS, 0) + counts.getOrDefault(ApprovedFormat.Status.UNREADABLE, 0);
        out.println(counts.getOrDefault(ApprovedFormat.Status.REFRESHED, 0) + " refreshed to " + ReceiptFormat.current().id() + ", "
                + counts.getOrDefault(ApprovedFormat.Status.CURRENT, 0) + " current, " + left + " left to re-approve");
        return left == 0 ? 0 : 1;
    }

    private static ApprovedFormat.Refresh refresh(Path file) {
        var name = ApprovedFileName.of(file);
        if (name.isEmpty()) {
            return new ApprovedFormat.Refresh(file, ApprovedFormat.Status.UNREADABLE, "no fixture beside it by that name");
        }
        try {
            return ApprovedFormat.refresh(Receipt.of(trace(name.get())), file);
        } catch (TraceRefusedException refused) {
            return new ApprovedFormat.Refresh(file, ApprovedFormat.Status.UNREADABLE, "its fixture is refused: " + refused.getMessage());
        }
    }

    /** The fixture read as the test that approved it read it: its limits and rank, two sides combined. */
    private static Trace trace(ApprovedFileName name) {
        List<Trace> sides = name.fixtures().stream().map(fixture -> {
            TraceRequest request = TraceRequest.of(fixture).withLimits(name.limits());
            if (name.rank().isPresent()) {
                request = request.withRank(name.rank().getAsInt());
            }
            return Traces.read(name.fixtures().size() > 1 ? request.asSide() : request);
        }).toList();
        return sides.size() == 1 ? sides.get(0) : Trace.combine(sides.get(0), sides.get(1));
    }
}
