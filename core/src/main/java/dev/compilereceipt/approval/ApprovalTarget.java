package dev.compilereceipt.approval;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * Where the approved receipt of a receipt handed to a test lives: beside its fixture in the source
 * tree (named, with the limits the receipt itself records, for the {@code rank} it was read at), or
 * nowhere with the reason; {@code mayWrite} is false for a mutated receipt, which is compared but
 * never written. An {@link ApprovalContext} answers it for the receipts its test was handed.
 *
 * <p>Example: {@code ApprovalTarget.at(Path.of("src/test/resources/traces/print-bridge.json"), OptionalInt.empty())}
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record ApprovalTarget(Optional<Path> fixture, OptionalInt rank, String unavailable, boolean mayWrite, boolean perRelease,
                             boolean ratchet) {

    /** A place with the rules of the suite alone. */
    public ApprovalTarget(Optional<Path> fixture, OptionalInt rank, String unavailable, boolean mayWrite) {
        this(fixture, rank, unavailable, mayWrite, false, false);
    }

    /** Approved beside {@code fixture}, for {@code rank}. */
    public static ApprovalTarget at(Path fixture, OptionalInt rank) {
        return new ApprovalTarget(Optional.of(fixture), rank, "", true);
    }

    /** Not approvable, for {@code reason}. */
    public static ApprovalTarget unavailable(String reason) {
        return new ApprovalTarget(Optional.empty(), OptionalInt.empty(), reason, true);
    }

    /** The same place, compared against but never written. */
    public ApprovalTarget comparedOnly() {
        return new ApprovalTarget(fixture, rank, unavailable, false, perRelease, ratchet);
    }

    /**
     * The same place, checked per release and in ratchet mode where these say so
     * ({@code @TraceFixture(perRelease = true, ratchet = true)}); a rule already on stays on.
     */
    public ApprovalTarget withRules(boolean perRelease, boolean ratchet) {
        return new ApprovalTarget(fixture, rank, unavailable, mayWrite, this.perRelease || perRelease, this.ratchet || ratchet);
    }
}
