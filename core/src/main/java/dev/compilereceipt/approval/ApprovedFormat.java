package dev.compilereceipt.approval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.compilereceipt.diff.FormatGap;
import dev.compilereceipt.diff.ReceiptDiff;
import dev.compilereceipt.diff.ReceiptFormat;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.json.JsonReading;
import dev.compilereceipt.output.OutputFile;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * An approved file of an older receipt format brought to the current one: {@link #refresh} rewrites
 * it only where every figure both formats define still matches the receipt of its fixture, as the
 * {@code refresh} mode does inside a test; a file whose figures moved, or whose figures changed
 * their meaning, is left for a person to re-approve. {@code ./receipt approve --refresh DIR} runs it
 * over a tree.
 *
 * <p>Example: {@code ApprovedFormat.refresh(Receipt.of(trace), Path.of("traces/trace.json.approved.json")).status()}
 * is {@code REFRESHED} for a compile-receipt/1 file that differs only in figures compile-receipt/2 added.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class ApprovedFormat {

    private ApprovedFormat() {
    }

    /** What a refresh did with one approved file. */
    public enum Status {
        /** Already of the current format: left as it is. */
        CURRENT,
        /** Of an older format, every compared figure equal: rewritten in the current format. */
        REFRESHED,
        /** Of an older format, and a figure differs or changed its meaning: left as it is. */
        DIFFERS,
        /** Not a receipt this version reads (not JSON, or a format it does not know): left as it is. */
        UNREADABLE
    }

    /** One approved file's refresh: its status and the sentence that says why. */
    public record Refresh(Path approved, Status status, String detail) {
    }

    /** Compares {@code receipt} (of the approved file's fixture) with {@code approved} and rewrites it where the format rule allows. */
    public static Refresh refresh(Receipt receipt, Path approved) {
        Optional<ApprovedText> text = ApprovedText.read(approved);
        Optional<JsonNode> tree = text.filter(t -> t.notUtf8().isEmpty()).flatMap(t -> parse(t.text()));
        Optional<ReceiptFormat> format = tree.flatMap(t -> ReceiptFormat.of(t.path("format").asText()));
        if (format.isEmpty()) {
            return new Refresh(approved, Status.UNREADABLE, text.isEmpty() ? "no such file" : "not a receipt of a format this version reads");
        }
        if (format.get().equals(ReceiptFormat.current())) {
            return new Refresh(approved, Status.CURRENT, "already " + format.get().id());
        }
        ReceiptDiff diff = ReceiptDiff.between(tree.get(), ReceiptJson.tree(receipt));
        if (!diff.isEmpty()) {
            return new Refresh(approved, Status.DIFFERS, diff.text("approved", "received"));
        }
        try {
            OutputFile.write(approved, CanonicalJson.write(ReceiptJson.tree(receipt)) + "\n", null);
        } catch (IOException | OutputFile.Refused e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return new Refresh(approved, Status.REFRESHED, fromTo(diff.formatGap().orElseThrow()));
    }

    /** {@code compile-receipt/1 → compile-receipt/2, 38 figures added}. */
    static String fromTo(FormatGap gap) {
        int added = gap.notCompared().size();
        return gap.older().id() + " → " + gap.newer().id() + ", " + added + (added == 1 ? " figure added" : " figures added");
    }

    /** The message of a refresh inside a test. */
    static String refreshed(Path approved, FormatGap gap, String modeText) {
        return "refreshed the approved receipt " + approved + " (" + fromTo(gap) + "; " + ApprovalMode.PARAMETER + " = " + modeText
                + "): every figure both formats define matched";
    }

    /** The one line a run says of an approved file that matched and can be refreshed. */
    static String refreshable(Path approved, FormatGap gap) {
        int added = gap.notCompared().size();
        return approved + " is " + gap.older().id() + " and matched in every figure both formats define; " + gap.newer().id()
                + " adds " + added + (added == 1 ? " figure" : " figures") + " it does not hold: refresh it with ./receipt approve --refresh "
                + Optional.ofNullable(approved.getParent()).orElse(Path.of(".")) + " or -D" + ApprovalMode.PARAMETER + "=refresh";
    }

    private static Optional<JsonNode> parse(String text) {
        try {
            JsonNode tree = JsonReading.trees().readTree(text);
            return tree != null && tree.isObject() ? Optional.of(tree) : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }
}
