package dev.compilereceipt.testsupport;

import dev.compilereceipt.ReceiptExport;
import dev.compilereceipt.Receipts;
import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.Traces;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.read.compiletrace.BoundedTraceReader;
import dev.compilereceipt.read.compiletrace.LocatedJson;
import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.read.torchtrace.LogLines;
import dev.compilereceipt.read.torchtrace.TorchTraceReader;
import dev.compilereceipt.view.text.ReceiptSummary;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.core.JsonFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What must hold for whatever bytes reach a reader: it refuses them with a {@link TraceRefusedException}
 * that names the file and a rule, or it gives a trace whose receipt (true and under every mutant),
 * CSV exports and summary compute, whose canonical receipt JSON is a fixed point and hashes to its
 * {@code receipt_sha256}, and which reads the same twice. Any other outcome (another exception, an
 * error, a hang) fails the caller: the fuzz tests and the properties share these checks, one
 * method per reader.
 */
public final class ReadOutcome {

    public static final Path FILE = Path.of("input.json");
    public static final Path LOG = Path.of("input.log");

    /** Receipts are ours and can be larger than a trace; read them back without the trace limits. */
    private static final ObjectMapper RECEIPT_READER = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build()).build()).build();

    private ReadOutcome() {
    }

    /** Reads {@code bytes} as compile-trace/1; if a trace comes of it, checks it and its canonical form. */
    public static Optional<Trace> compileTrace(byte[] bytes) {
        Optional<Trace> trace = refusedOrSound(() -> readCompileTrace(bytes));
        trace.ifPresent(read -> canonicalFormRoundTrips(bytes, read));
        return trace;
    }

    /** Reads {@code bytes} as a TORCH_TRACE log, whatever its first line looks like. */
    public static Optional<Trace> torchTrace(byte[] bytes) {
        return refusedOrSound(() -> readTorchTrace(bytes));
    }

    public static Trace readTorchTrace(byte[] bytes) {
        try {
            return TorchTraceReader.read(LOG, new ByteArrayInputStream(bytes), Limits.DEFAULT, LogLines.MAX_LINE);
        } catch (IOException e) {
            throw new UncheckedIOException("a byte array cannot fail to read", e);
        }
    }

    public static Trace readCompileTrace(byte[] bytes) {
        return BoundedTraceReader.read(FILE, new ByteArrayInputStream(bytes), Limits.DEFAULT);
    }

    /** The reader's outcome: empty for a refusal, else a trace whose receipt is sound and reproducible. */
    public static Optional<Trace> refusedOrSound(Supplier<Trace> read) {
        Trace trace;
        try {
            trace = readAsTheFacadeWould(read);
        } catch (TraceRefusedException refused) {
            assertThat(refused.getMessage()).startsWith(refused.file() + ": ");
            assertThat(refused.rule()).isNotBlank();
            return Optional.empty();
        }
        Receipt receipt = receiptIsSound(trace);
        assertThat(ReceiptExport.canonicalJson(Receipt.of(read.get()))).isEqualTo(ReceiptExport.canonicalJson(receipt));
        return Optional.of(trace);
    }

    /** A reader's refusal as {@code Traces} hands it to the user. */
    private static Trace readAsTheFacadeWould(Supplier<Trace> read) {
        try {
            return read.get();
        } catch (Refusal refusal) {
            throw new TraceRefusedException(refusal);
        }
    }

    public static Receipt receiptIsSound(Trace trace) {
        Receipt receipt = Receipt.of(trace);
        String json = ReceiptExport.canonicalJson(receipt);
        JsonNode tree = parse(json);
        assertThat(CanonicalJson.write(tree)).isEqualTo(json);
        ((ObjectNode) tree).remove("receipt_sha256");
        assertThat(CanonicalJson.sha256(tree)).isEqualTo(receipt.receiptSha256());
        assertThat(receipt.traceSha256()).isEqualTo(trace.sha256());
        ReceiptExport.receiptCsv(receipt);
        ReceiptExport.ledgerCsv(receipt.ledger());
        ReceiptSummary.render(receipt);
        for (Mutant mutant : Mutant.values()) {
            Receipt mutated = mutant.receiptOf(trace);
            ReceiptExport.canonicalJson(mutated);
            ReceiptSummary.render(mutated);
        }
        return receipt;
    }

    /**
     * parse, canonical JSON, parse again: the same bytes, and the hash of those bytes is the trace's
     * {@code trace_sha256}; the canonical form reads as a trace with the same hash and receipt.
     */
    public static byte[] canonicalFormRoundTrips(byte[] bytes, Trace trace) {
        byte[] canonical = canonical(bytes);
        assertThat(CanonicalJson.sha256(canonical)).isEqualTo(trace.sha256());
        assertThat(canonical(canonical)).isEqualTo(canonical);
        Trace again = readCompileTrace(canonical);
        assertThat(again.sha256()).isEqualTo(trace.sha256());
        assertThat(ReceiptExport.canonicalJson(Receipt.of(again))).isEqualTo(ReceiptExport.canonicalJson(Receipt.of(trace)));
        return canonical;
    }

    public static byte[] canonical(byte[] bytes) {
        return CanonicalJson.bytes(LocatedJson.parse(FILE, new ByteArrayInputStream(bytes), Limits.DEFAULT).root());
    }

    private static JsonNode parse(String json) {
        try {
            return RECEIPT_READER.readTree(json.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("a receipt's canonical JSON must parse: " + e.getMessage(), e);
        }
    }
}
