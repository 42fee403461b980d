package dev.compilereceipt.junit;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the approved receipt of an injected receipt lives: beside its fixture in the source tree,
 * or nowhere with the reason; {@code mayWrite} is false for a mutated receipt, which is compared
 * but never written.
 */
record ApprovalTarget(Optional<Path> fixture, String unavailable, boolean mayWrite) {

    static ApprovalTarget at(Path fixture) {
        return new ApprovalTarget(Optional.of(fixture), "", true);
    }

    static ApprovalTarget unavailable(String reason) {
        return new ApprovalTarget(Optional.empty(), reason, true);
    }

    ApprovalTarget comparedOnly() {
        return new ApprovalTarget(fixture, unavailable, false);
    }
}
