package dev.compilereceipt.junit;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where the approved receipt of an injected receipt lives: beside its fixture in the source tree
 * (named, with the limits the receipt itself records, for the {@code rank} it was read at), or
 * nowhere with the reason; {@code mayWrite} is false for a mutated receipt, which is compared but
 * never written.
 */
record ApprovalTarget(Optional<Path> fixture, OptionalInt rank, String unavailable, boolean mayWrite) {

    static ApprovalTarget at(Path fixture, OptionalInt rank) {
        return new ApprovalTarget(Optional.of(fixture), rank, "", true);
    }

    static ApprovalTarget unavailable(String reason) {
        return new ApprovalTarget(Optional.empty(), OptionalInt.empty(), reason, true);
    }

    ApprovalTarget comparedOnly() {
        return new ApprovalTarget(fixture, rank, unavailable, false);
    }
}
