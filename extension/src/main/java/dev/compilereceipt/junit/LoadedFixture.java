package dev.compilereceipt.junit;

import dev.compilereceipt.approval.ApprovalTarget;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Trace;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A fixture as read once for the whole test run, kept in the root store: the trace and its
 * receipt (computed on first use), or the refusal that every test asking for it is given. A
 * refusal is kept too, so a bad file is read once, not once per test.
 *
 * <p>Implements both {@link AutoCloseable} and {@link ExtensionContext.Store.CloseableResource}
 * so every JUnit line closes it once at the end of the run; after that it hands nothing out.
 */
final class LoadedFixture implements ExtensionContext.Store.CloseableResource, AutoCloseable {

    private final String description;
    private final Trace trace;
    private final RuntimeException refusal;
    private ApprovalTarget approval = ApprovalTarget.unavailable("no approved receipt: the fixture was not read");
    private Receipt receipt;
    private boolean closed;

    private LoadedFixture(String description, Trace trace, RuntimeException refusal) {
        this.description = description;
        this.trace = trace;
        this.refusal = refusal;
    }

    static LoadedFixture of(String description, Trace trace) {
        return new LoadedFixture(description, trace, null);
    }

    static LoadedFixture refused(String description, RuntimeException refusal) {
        return new LoadedFixture(description, null, refusal);
    }

    /** Where the approved receipt of this fixture's receipt is kept. */
    LoadedFixture approvedAt(ApprovalTarget target) {
        approval = target;
        return this;
    }

    ApprovalTarget approval() {
        return approval;
    }

    /** Where it came from: a file, a resource, or the two files of a combination. */
    String description() {
        return description;
    }

    Optional<RuntimeException> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** The trace; the refusal is thrown again when the file was refused. */
    synchronized Trace trace() {
        if (closed) {
            throw new IllegalStateException("fixture " + description + " was closed at the end of the test run");
        }
        if (refusal != null) {
            throw refusal;
        }
        return trace;
    }

    synchronized Receipt receipt() {
        Trace read = trace();
        if (receipt == null) {
            receipt = Receipt.of(read);
        }
        return receipt;
    }

    Ledger ledger() {
        return receipt().ledger();
    }

    @Override
    public synchronized void close() {
        closed = true;
        receipt = null;
    }
}
