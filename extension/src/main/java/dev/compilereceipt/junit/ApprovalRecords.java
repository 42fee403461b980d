package dev.compilereceipt.junit;

import dev.compilereceipt.approval.ApprovalTarget;
import dev.compilereceipt.receipt.Receipt;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the extension knows about the approval of each receipt it hands out, kept in the store of
 * the context that received it (a test method's, a class's for a field or {@code @BeforeAll}, a
 * {@code @MutantTest}'s for its invocations): a test sees the receipts given to it and to the
 * contexts above it, never those of a sibling running beside it, and the records go when the
 * context closes.
 */
final class ApprovalRecords {

    private ApprovalRecords() {
    }

    /** Records where {@code receipt}, handed out in {@code context}, is approved. */
    static void keep(ExtensionContext context, Receipt receipt, ApprovalTarget target) {
        context.getStore(SharedFixtures.NAMESPACE).put(new Handed(receipt), target);
    }

    /** Where {@code receipt} is approved, if it was handed out in {@code context} or a context above it. */
    static Optional<ApprovalTarget> of(ExtensionContext context, Receipt receipt) {
        return Optional.ofNullable(context.getStore(SharedFixtures.NAMESPACE).get(new Handed(receipt), ApprovalTarget.class));
    }

    /**
     * A receipt as a store key, by identity: two fixtures read under different limits can give
     * equal figures but are approved in different files, and a record's own {@code equals} would
     * compare the whole receipt on every lookup.
     */
    private record Handed(Receipt receipt) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Handed handed && handed.receipt == receipt;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(receipt);
        }
    }
}
