package dev.compilereceipt.approval;

import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.diff.FormatGap;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.diff.ReceiptDifference;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.VisibleText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The approval of a receipt against the canonical receipt kept beside its fixture:
 * {@code <fixture><request>.approved.json} (the fixture's whole file name, what the receipt was
 * requested under when that is not the default, then {@code .approved.json}), and, when they
 * differ or none is approved, the receipt received written to {@code <fixture><request>.received.json}
 * for review. {@link #check} compares, writes what the {@link ApprovalMode} allows and says what
 * it did. Both files hold the receipt's RFC 8785 canonical JSON and a newline.
 *
 * <p>The request part of the name ({@link #request}) is empty for the default limits and no rank,
 * so such a fixture keeps {@code trace.json.approved.json}; otherwise it lists what differs, in the
 * receipt's own keys: {@code trace.json.max_calls-128.rank-1.approved.json}. One fixture read under
 * two limits gives two receipts that differ in {@code limits}, and so two approved files, not one
 * that the two tests overwrite in turn.
 *
 * <p>A received file is deleted only by a check that matches the approved receipt in every figure,
 * nothing ignored: then every check of that receipt passes, whatever it ignores, and no failure's
 * received file is left to review. A check that passes only because of what it ignores leaves the
 * received file alone: a stricter check of the same fixture failed and named it.
 *
 * <p>An approved file is read as strict UTF-8 (a byte that is not names its line, column and byte
 * offset, and the check fails like a differing file, writing the received file); a leading
 * byte-order mark, which editors on Windows write, is skipped.
 *
 * <p>Example:
 * <pre>{@code
 * ApprovedReceipt.Verdict verdict = ApprovedReceipt.check(receipt, Path.of("src/test/resources/trace.json"),
 *         ApprovalMode.MISSING, "missing", List.of("runs.*.phases.*.wall_ms"), true);
 * verdict.passed();  // true: recorded src/test/resources/trace.json.approved.json, or it matched
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ApprovedReceipt {

    public static final String APPROVED = ".approved.json";
    public static final String RECEIVED = ".received.json";

    private static final ObjectMapper MAPPER = JsonReading.trees();

    private ApprovedReceipt() {
    }

    /** What a check found and did. */
    public enum Outcome {
        /** The approved receipt matched (after what was ignored). */
        MATCHED,
        /** No approved receipt existed; this one was recorded ({@code missing}, {@code overwrite}). */
        RECORDED,
        /** The approved receipt differed and was rewritten ({@code overwrite}). */
        OVERWRITTEN,
        /**
         * The approved receipt was of an older format and matched in every figure both formats
         * define; it was rewritten in the current format ({@code refresh}, {@code overwrite}).
         */
        REFRESHED,
        /** The approved receipt differs: the check fails. */
        DIFFERS,
        /** No approved receipt exists and none may be written: the check fails. */
        MISSING
    }

    /**
     * The outcome, the two files, the differences and, for a failure, the message with an
     * expected and an actual an IDE can show side by side (the differing figures as approved
     * and as received).
     */
    public record Verdict(Outcome outcome, Path approved, Optional<Path> received, ReceiptDiff diff,
                          String message, String expected, String actual, Judgement judgement) {

        /** A verdict of the exact rules, as 0.2 made it. */
        public Verdict(Outcome outcome, Path approved, Optional<Path> received, ReceiptDiff diff,
                       String message, String expected, String actual) {
            this(outcome, approved, received, diff, message, expected, actual, ApprovalCheck.judge(diff, ApprovalRules.EXACT));
        }

        public boolean passed() {
            return outcome != Outcome.DIFFERS && outcome != Outcome.MISSING;
        }

        /** Whether the approved file matched but is of an older format, so it can be refreshed to hold the new figures. */
        public boolean refreshable() {
            return outcome == Outcome.MATCHED && diff.formatGap().isPresent();
        }
    }

    /** The approved file of a receipt of {@code fixture} read under the default limits and no rank. */
    public static Path approvedFile(Path fixture) {
        return approvedFile(fixture, Limits.DEFAULT, OptionalInt.empty());
    }

    public static Path receivedFile(Path fixture) {
        return receivedFile(fixture, Limits.DEFAULT, OptionalInt.empty());
    }

    /** The approved file of a receipt of {@code fixture} read under {@code limits} and {@code rank}. */
    public static Path approvedFile(Path fixture, Limits limits, OptionalInt rank) {
        return fixture.resolveSibling(fixture.getFileName() + request(limits, rank) + APPROVED);
    }

    public static Path receivedFile(Path fixture, Limits limits, OptionalInt rank) {
        return fixture.resolveSibling(fixture.getFileName() + request(limits, rank) + RECEIVED);
    }

    /**
     * What a receipt was requested under, as its approved file's name says it: empty for
     * {@link Limits#DEFAULT} and no rank, else {@code .<key>-<value>} for each limit that differs
     * from the default (the receipt's {@code limits} keys, in their order) and {@code .rank-<n>}:
     * {@code .max_calls-128.rank-1}.
     */
    public static String request(Limits limits, OptionalInt rank) {
        StringBuilder name = new StringBuilder();
        long[] values = limits.asValues();
        long[] defaults = Limits.DEFAULT.asValues();
        for (int i = 0; i < Limits.KEYS.size(); i++) {
            if (values[i] != defaults[i]) {
                name.append('.').append(Limits.KEYS.get(i)).append('-').append(values[i]);
            }
        }
        rank.ifPresent(r -> name.append(".rank-").append(r));
        return name.toString();
    }

    /**
     * Compares {@code receipt} with the approved receipt of {@code fixture}. {@code modeText}
     * says in messages where the mode came from ({@code "readonly (the default where CI is set)"}).
     * With {@code mayWrite} false (a mutated receipt) nothing is written or deleted, whatever the mode.
     * The files are named for the limits the receipt was read under and no rank.
     * An {@link IllegalStateException} naming the file when a file cannot be read or written.
     */
    public static Verdict check(Receipt receipt, Path fixture, ApprovalMode mode, String modeText,
                                List<String> ignored, boolean mayWrite) {
        return check(receipt, fixture, OptionalInt.empty(), mode, modeText, ignored, mayWrite);
    }

    /** As {@link #check(Receipt, Path, ApprovalMode, String, List, boolean)}, for a receipt of one rank of a multi-rank fixture. */
    public static Verdict check(Receipt receipt, Path fixture, OptionalInt rank, ApprovalMode mode, String modeText,
                                List<String> ignored, boolean mayWrite) {
        return check(receipt, fixture, rank, mode, modeText, ignored, mayWrite, ApprovalRules.EXACT);
    }

    /**
     * As {@link #check(Receipt, Path, OptionalInt, ApprovalMode, String, List, boolean)}, judged under
     * {@code rules}: the file per release ({@link ReleaseFiles}) and times within their bands
     * ({@link ApprovalCheck}). A passing receipt of a release with no approved file of its own, compared
     * with an older release's, is recorded as its release's file where the mode records a missing one.
     */
    public static Verdict check(Receipt receipt, Path fixture, OptionalInt rank, ApprovalMode mode, String modeText,
                                List<String> ignored, boolean mayWrite, ApprovalRules rules) {
        JsonNode receivedTree = ReceiptJson.tree(receipt);
        ReleaseFiles.Choice choice = ReleaseFiles.choose(approvedFile(fixture, receipt.limits().readUnder(), rank),
                ReleaseFiles.release(receivedTree), rules.perRelease());
        Path approved = choice.approved();
        Path received = ReleaseFiles.receivedFile(approved);
        String note = choice.note().map(n -> n + "%n".formatted()).orElse("");
        String canonical = CanonicalJson.write(receivedTree) + "\n";
        String subject = "the " + VisibleText.of(receipt.fixture().name()) + " receipt";
        Optional<ApprovedText> approvedFile = ApprovedText.read(choice.compared());
        if (approvedFile.isEmpty()) {
            ReceiptDiff none = ReceiptDiff.between(receivedTree, receivedTree).ignoring(ignored);
            if ((mode == ApprovalMode.MISSING || mode == ApprovalMode.OVERWRITE) && mayWrite) {
                write(approved, canonical);
                delete(received);
                return new Verdict(Outcome.RECORDED, approved, Optional.empty(), none,
                        "recorded the approved receipt " + approved + " (" + ApprovalMode.PARAMETER + " = " + modeText + ")", "", "");
            }
            StringBuilder unwritten = new StringBuilder();
            Optional<Path> written = mayWrite ? writeReceived(received, canonical, unwritten) : Optional.empty();
            String message = "%nExpecting%n  %s%nto match the approved receipt %s%nbut there is none, and %s = %s never writes one.%n"
                    .formatted(subject, approved, ApprovalMode.PARAMETER, modeText)
                    + written.map(file -> "The received receipt is " + file + ".%n".formatted()
                            + "Approve it: review it, then mv " + quoted(file) + " " + quoted(approved)
                            + ", or run the tests once with -D" + ApprovalMode.PARAMETER + "=missing and commit " + approved.getFileName() + ".")
                    .orElse(unwritten.toString());
            return new Verdict(Outcome.MISSING, approved, written, none, message, "an approved receipt at " + approved, "none");
        }
        ApprovedText approvedText = approvedFile.get();
        Optional<JsonNode> approvedTree = approvedText.notUtf8().isPresent() ? Optional.empty() : parse(approvedText.text());
        ReceiptDiff everyFigure = approvedTree.map(tree -> ReceiptDiff.between(tree, receivedTree))
                .orElseGet(() -> ReceiptDiff.between(receivedTree, receivedTree));
        ReceiptDiff diff = everyFigure.ignoring(ignored);
        Judgement judgement = ApprovalCheck.judge(diff, rules);
        boolean fallback = !choice.compared().equals(approved);
        if (approvedTree.isPresent() && judgement.passed() && fallback) {
            if ((mode == ApprovalMode.MISSING || mode == ApprovalMode.OVERWRITE) && mayWrite) {
                write(approved, canonical);
                delete(received);
                return new Verdict(Outcome.RECORDED, approved, Optional.empty(), diff, "recorded the approved receipt " + approved
                        + " (" + choice.note().orElse("") + "; " + ApprovalMode.PARAMETER + " = " + modeText + ")", "", "", judgement);
            }
            return new Verdict(Outcome.MATCHED, choice.compared(), Optional.empty(), diff,
                    "matched " + choice.compared() + " (" + choice.note().orElse("") + ")", "", "", judgement);
        }
        if (approvedTree.isPresent() && !rules.equals(ApprovalRules.EXACT) && judgement.passed() && !diff.isEmpty()) {
            if (mayWrite && everyFigure.isEmpty()) {
                delete(received);
            }
            return new Verdict(Outcome.MATCHED, approved, Optional.empty(), diff, "matched " + approved + " within the rules: "
                    + judgement.text("approved", "received"), "", "", judgement);
        }
        if (approvedTree.isPresent() && diff.isEmpty() && everyFigure.formatGap().isPresent() && mayWrite
                && (mode == ApprovalMode.REFRESH || mode == ApprovalMode.OVERWRITE)) {
            write(approved, canonical);
            delete(received);
            return new Verdict(Outcome.REFRESHED, approved, Optional.empty(), diff,
                    ApprovedFormat.refreshed(approved, everyFigure.formatGap().get(), modeText), "", "");
        }
        if (approvedTree.isPresent() && diff.isEmpty()) {
            // Only a match in every figure says that no check of this receipt fails: one that passes by
            // ignoring a figure leaves the received file a stricter check of the same fixture named.
            if (mayWrite && everyFigure.isEmpty()) {
                delete(received);
            }
            return new Verdict(Outcome.MATCHED, approved, Optional.empty(), diff, "matched " + approved, "", "");
        }
        if (mode == ApprovalMode.OVERWRITE && mayWrite) {
            write(approved, canonical);
            delete(received);
            return new Verdict(Outcome.OVERWRITTEN, approved, Optional.empty(), diff,
                    "overwrote the approved receipt " + approved + " (" + ApprovalMode.PARAMETER + " = overwrite): " + diff.text("approved", "received"),
                    "", "");
        }
        StringBuilder unwritten = new StringBuilder();
        Optional<Path> written = mayWrite ? writeReceived(received, canonical, unwritten) : Optional.empty();
        boolean judged = !rules.exact() || rules.ratchet();
        String why = approvedTree.isPresent() ? note + (judged ? judgement.text("approved", "received") : diff.text("approved", "received"))
                : approvedText.notUtf8().map(place -> "the approved file is not UTF-8: " + place)
                        .orElseGet(() -> "the approved file is not a JSON receipt: " + unreadable(approvedText.text()));
        String message = "%nExpecting%n  %s%nto match the approved receipt %s%nbut %s%n".formatted(subject, choice.compared(), why)
                + written.map(file -> "The received receipt is " + file + ".%n".formatted()
                        + "Approve it: review the difference, then mv " + quoted(file) + " " + quoted(approved)
                        + ", or run the tests with -D" + ApprovalMode.PARAMETER + "=overwrite (rewrites every approved receipt that differs).")
                .orElse(mayWrite ? unwritten.toString() : "(a mutated receipt: nothing was written)");
        String expected = approvedTree.isPresent() ? side(diff, true) : approvedText.text().strip();
        String actual = approvedTree.isPresent() ? side(diff, false) : canonical.strip();
        return new Verdict(Outcome.DIFFERS, approved, written, diff, message, expected, actual, judgement);
    }

    /** The differing figures as one side has them, one {@code path: value} a line. */
    private static String side(ReceiptDiff diff, boolean before) {
        Stream<ReceiptDifference> changed = diff.formatGap().stream().flatMap(gap -> gap.changes().stream())
                .map(FormatGap.Change::difference);
        return Stream.concat(changed, diff.differences().stream())
                .map(d -> d.pathText() + ": " + (before ? d.before() : d.after()).orElse("(absent)"))
                .collect(Collectors.joining("\n"));
    }

    private static Optional<JsonNode> parse(String text) {
        try {
            JsonNode tree = MAPPER.readTree(text);
            return tree != null && tree.isObject() ? Optional.of(tree) : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    private static String unreadable(String text) {
        try {
            JsonNode tree = MAPPER.readTree(text);
            return tree == null ? "it is empty" : "it holds a JSON " + tree.getNodeType().name().toLowerCase(Locale.ROOT) + ", not an object";
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            return (at == null ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ") + e.getOriginalMessage();
        }
    }

    /**
     * Writes an approved or received file as every output is written ({@link OutputFile}): whole
     * or not at all, never through a symbolic link (the link would be left pointing at a stale
     * receipt), never over a read-only file or a folder, the mode of a replaced file kept.
     */
    private static Path write(Path file, String text) {
        try {
            OutputFile.write(file, text, null);
            return file;
        } catch (IOException | OutputFile.Refused e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * The received file written, or, where it cannot be, the one line that says so: a failing
     * check's difference is told whether or not the received file could be written.
     */
    private static Optional<Path> writeReceived(Path file, String text, StringBuilder unwritten) {
        try {
            return Optional.of(write(file, text));
        } catch (IllegalStateException e) {
            unwritten.append("The received receipt could not be written: ").append(e.getMessage()).append('.');
            return Optional.empty();
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new IllegalStateException(file + ": cannot be deleted: " + e, e);
        }
    }

    private static String quoted(Path file) {
        String text = file.toString();
        return text.matches("[A-Za-z0-9_./+:-]+") ? text : "'" + text.replace("'", "'\\''") + "'";
    }
}
