package dev.compilereceipt.approval;

import dev.compilereceipt.diff.ReceiptDiff;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.receipt.ReceiptJson;
import dev.compilereceipt.trace.VisibleText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The approval of a receipt against the canonical receipt kept beside its fixture:
 * {@code <fixture>.approved.json} (the fixture's whole file name, then {@code .approved.json}),
 * and, when they differ or none is approved, the receipt received written to
 * {@code <fixture>.received.json} for review. {@link #check} compares, writes what the
 * {@link ApprovalMode} allows and says what it did; the received file of a check that passes is
 * deleted. Both files hold the receipt's RFC 8785 canonical JSON and a newline.
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
    /** An approved receipt is a few kilobytes; a file far over that is not one. */
    static final long MAX_APPROVED_BYTES = 64L << 20;

    private static final ObjectMapper MAPPER = new ObjectMapper();

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
                          String message, String expected, String actual) {

        public boolean passed() {
            return outcome != Outcome.DIFFERS && outcome != Outcome.MISSING;
        }
    }

    public static Path approvedFile(Path fixture) {
        return fixture.resolveSibling(fixture.getFileName() + APPROVED);
    }

    public static Path receivedFile(Path fixture) {
        return fixture.resolveSibling(fixture.getFileName() + RECEIVED);
    }

    /**
     * Compares {@code receipt} with the approved receipt of {@code fixture}. {@code modeText}
     * says in messages where the mode came from ({@code "readonly (the default where CI is set)"}).
     * With {@code mayWrite} false (a mutated receipt) nothing is written or deleted, whatever the mode.
     * An {@link IllegalStateException} naming the file when a file cannot be read or written.
     */
    public static Verdict check(Receipt receipt, Path fixture, ApprovalMode mode, String modeText,
                                List<String> ignored, boolean mayWrite) {
        Path approved = approvedFile(fixture);
        Path received = receivedFile(fixture);
        String canonical = CanonicalJson.write(ReceiptJson.tree(receipt)) + "\n";
        JsonNode receivedTree = ReceiptJson.tree(receipt);
        String subject = "the " + VisibleText.of(receipt.fixture().name()) + " receipt";
        Optional<String> approvedText = readIfPresent(approved);
        if (approvedText.isEmpty()) {
            ReceiptDiff none = ReceiptDiff.between(receivedTree, receivedTree).ignoring(ignored);
            if (mode != ApprovalMode.READONLY && mayWrite) {
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
        Optional<JsonNode> approvedTree = parse(approvedText.get());
        ReceiptDiff diff = approvedTree.map(tree -> ReceiptDiff.between(tree, receivedTree).ignoring(ignored))
                .orElseGet(() -> ReceiptDiff.between(receivedTree, receivedTree).ignoring(ignored));
        if (approvedTree.isPresent() && diff.isEmpty()) {
            if (mayWrite) {
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
        String why = approvedTree.isPresent() ? diff.text("approved", "received")
                : "the approved file is not a JSON receipt: " + unreadable(approvedText.get());
        String message = "%nExpecting%n  %s%nto match the approved receipt %s%nbut %s%n".formatted(subject, approved, why)
                + written.map(file -> "The received receipt is " + file + ".%n".formatted()
                        + "Approve it: review the difference, then mv " + quoted(file) + " " + quoted(approved)
                        + ", or run the tests with -D" + ApprovalMode.PARAMETER + "=overwrite (rewrites every approved receipt that differs).")
                .orElse(mayWrite ? unwritten.toString() : "(a mutated receipt: nothing was written)");
        String expected = approvedTree.isPresent() ? side(diff, true) : approvedText.get().strip();
        String actual = approvedTree.isPresent() ? side(diff, false) : canonical.strip();
        return new Verdict(Outcome.DIFFERS, approved, written, diff, message, expected, actual);
    }

    /** The differing figures as one side has them, one {@code path: value} a line. */
    private static String side(ReceiptDiff diff, boolean before) {
        return diff.differences().stream()
                .map(d -> d.pathText() + ": " + (before ? d.before() : d.after()).orElse("(absent)"))
                .collect(Collectors.joining("\n"));
    }

    private static Optional<String> readIfPresent(Path file) {
        try {
            if (Files.size(file) > MAX_APPROVED_BYTES) {
                throw new IllegalStateException(file + ": over " + (MAX_APPROVED_BYTES >> 20)
                        + " MiB, which no approved receipt is; delete it or approve the received receipt in its place");
            }
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new IllegalStateException(file + ": cannot be read: " + e, e);
        }
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
            return tree == null ? "it is empty" : "it holds a JSON " + tree.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not an object";
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
