package dev.compilereceipt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.Receipts;
import dev.compilereceipt.approval.ApprovalCheck;
import dev.compilereceipt.approval.ApprovalRules;
import dev.compilereceipt.approval.Judgement;
import dev.compilereceipt.approval.Margin;
import dev.compilereceipt.approval.ReleaseFiles;
import dev.compilereceipt.approval.TimeBands;
import dev.compilereceipt.approval.TimeFamily;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.trace.Limits;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code receipt check TRACE --approved FILE}: the approval gate without a test, with the rules of
 * the JUnit check ({@link ApprovalCheck}): counts exact, times within their margins (or a measured
 * {@code --bands} file; {@code --exact} for every figure exact), {@code --ratchet} failing an
 * improvement, {@code --per-release} choosing the file of the receipt's torch release. Exit 0 when
 * within, 1 with the grouped difference when not (or when no approved receipt exists), 2 on bad
 * input; {@code --update} writes the received receipt as approved after the same checks.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check a receipt against its approved receipt, counts exact and times within their bands;"
                + " exit 0 when within, 1 when not, 2 on bad input.")
final class CheckCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "TRACE", description = "A trace of any source or a receipt JSON, recognised by content.")
    Path trace;

    @Option(names = "--approved", required = true, paramLabel = "FILE",
            description = "The approved receipt; with --per-release, the plain name (trace.json.approved.json) whose per-release files are used.")
    Path approved;

    @Option(names = "--bands", paramLabel = "BANDS", description = "Times within the bands of this file (receipt bands TRACE... -o BANDS).")
    Path bands;

    @Option(names = "--margin", paramLabel = "FAMILY=M", description = "The margin of a time family (compile, start, wall, eager, ratio),"
            + " such as compile=10%%+100 (repeatable; default 25%%+50, ratios 25%%+0.1).")
    List<String> margins = new ArrayList<>();

    @Option(names = "--exact", description = "Every figure exact, times too (the rules of matchesApprovedReceipt() by default).")
    boolean exact;

    @Option(names = "--ratchet", description = "Fail an improved count too, so that it is approved on purpose.")
    boolean ratchet;

    @Option(names = "--per-release", description = "Use the approved file of the receipt's torch release, else the newest older release's.")
    boolean perRelease;

    @Option(names = "--update", description = "After the checks, write the received receipt as the approved one (the release's own file with --per-release).")
    boolean update;

    @Option(names = "--json", description = "Print {trace, approved, compared, note, updated, passed, rules, within_bands, findings: [...]} as canonical JSON.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        ApprovalRules rules;
        try {
            rules = rules();
        } catch (IllegalArgumentException wrong) {
            err.println("receipt: " + wrong.getMessage());
            return ReceiptCommand.REFUSED;
        }
        JsonNode received = Receipts.read(trace, Limits.DEFAULT);
        ReleaseFiles.Choice choice = ReleaseFiles.choose(approved, ReleaseFiles.release(received), rules.perRelease());
        Optional<Judgement> judgement = Optional.empty();
        if (Files.exists(choice.compared())) {
            // Told by content, as receipt diff tells it: an approved receipt, or a trace whose receipt is the approved one.
            JsonNode approvedTree = Receipts.read(choice.compared(), Limits.DEFAULT);
            judgement = Optional.of(ApprovalCheck.judge(ReceiptDiff.between(approvedTree, received), rules));
        }
        boolean passed = judgement.map(Judgement::passed).orElse(false);
        if (update) {
            OutputFile.write(choice.approved(), CanonicalJson.write(received) + "\n", trace);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode root = judgement.map(Judgement::json).orElseGet(() -> {
                ObjectNode none = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
                none.put("passed", false);
                none.put("rules", rules.describe());
                none.putArray("findings");
                return none;
            });
            root.put("trace", trace.toString());
            root.put("approved", choice.approved().toString());
            root.put("compared", judgement.isPresent() ? choice.compared().toString() : null);
            root.put("note", choice.note().orElse(judgement.isPresent() ? null : "no approved receipt at " + choice.compared()));
            root.put("updated", update);
            out.println(CanonicalJson.write(root));
        } else {
            out.println("received: " + trace + "\napproved: " + choice.compared());
            choice.note().ifPresent(out::println);
            out.println(judgement.map(j -> j.text("approved", "received"))
                    .orElse("no approved receipt at " + choice.compared() + "; approve this one with --update"));
            if (update) {
                out.println("approved " + choice.approved() + (passed ? "" : " (review the difference above before you commit it)"));
            }
        }
        return passed || update ? 0 : 1;
    }

    private ApprovalRules rules() {
        ApprovalRules rules = exact ? ApprovalRules.EXACT : ApprovalRules.EXACT.withinMargins();
        if (bands != null) {
            rules = rules.within(TimeBands.read(bands));
        }
        for (String margin : margins) {
            int equals = margin.indexOf('=');
            if (equals < 0) {
                throw new IllegalArgumentException("--margin takes FAMILY=MARGIN, such as compile=10%+100; found \"" + margin + "\"");
            }
            rules = rules.withMargin(TimeFamily.named(margin.substring(0, equals)), Margin.parse(margin.substring(equals + 1)));
        }
        return rules.withRatchet(ratchet).withPerRelease(perRelease);
    }
}
