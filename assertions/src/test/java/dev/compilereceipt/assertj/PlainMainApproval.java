package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;

import dev.compilereceipt.Traces;
import dev.compilereceipt.approval.ApprovalContext;
import dev.compilereceipt.receipt.Receipt;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * A user's plain {@code main} approving a receipt, run by {@link ApprovalWithoutATestFrameworkTest}
 * on a class path without JUnit or the extension: it names no test framework, so it runs there.
 */
final class PlainMainApproval {

    private PlainMainApproval() {
    }

    public static void main(String[] args) {
        Path fixture = Path.of(args[0]);
        Receipt receipt = Receipt.of(Traces.read(fixture));
        System.out.println("approval contexts: " + ServiceLoader.load(ApprovalContext.class).stream().count());
        try {
            assertThat(receipt).matchesApprovedReceipt();
        } catch (IllegalArgumentException unknown) {
            System.out.println("without a fixture: " + unknown.getMessage());
        }
        assertThat(receipt).matchesApprovedReceipt(fixture);
        assertThat(receipt).matchesApprovedReceipt(fixture);
        System.out.println("approved twice");
    }
}
