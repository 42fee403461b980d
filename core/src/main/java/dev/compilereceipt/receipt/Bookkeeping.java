package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Event;
import org.apiguardian.api.API;

/**
 * The five bookkeeping choices of the receipt computation, made in one place: which calls count,
 * how an event is read, whether a break is also a compile, and what a phase's mean wall time is
 * divided by. {@link #CONTRACT} makes them as {@code trace-format.md} defines; a mutant replaces
 * exactly one of them, and the receipt it gives does not know it was mutated.
 *
 * <p>Example: {@code ReceiptCalculator.receipt(trace, Bookkeeping.CONTRACT)} is {@code Receipt.of(trace)}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface Bookkeeping {

    /** The contract's choices. */
    Bookkeeping CONTRACT = new Bookkeeping() {
    };

    /** Whether a call counts towards the ledger and every total: the contract counts every call. */
    default boolean counts(Call call) {
        return true;
    }

    /** An event as the ledger and the totals read it: the contract reads it as recorded. */
    default Event read(Event event) {
        return event;
    }

    /** Whether every break is also counted as a compile: never, in the contract. */
    default boolean countsBreaksAsCompiles() {
        return false;
    }

    /** What the mean wall time of {@code calls} calls of run {@code run} is divided by: their number. */
    default int meanDivisor(String run, int calls) {
        return calls;
    }
}
