package dev.compilereceipt.junit;

import dev.compilereceipt.Ranks;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * All ranks of a job as read once for the whole test run, kept in the root store beside the single-trace fixtures:
 * the {@link Ranks}, or the refusal every test asking for them is given (a folder read once, however many tests).
 *
 * <p>Implements both {@link AutoCloseable} and {@link ExtensionContext.Store.CloseableResource} so every JUnit line
 * closes it once at the end of the run; after that it hands nothing out.
 */
final class LoadedRanks implements ExtensionContext.Store.CloseableResource, AutoCloseable {

    private final String description;
    private Ranks ranks;
    private final RuntimeException refusal;

    private LoadedRanks(String description, Ranks ranks, RuntimeException refusal) {
        this.description = description;
        this.ranks = ranks;
        this.refusal = refusal;
    }

    static LoadedRanks of(String description, Ranks ranks) {
        return new LoadedRanks(description, ranks, null);
    }

    static LoadedRanks refused(String description, RuntimeException refusal) {
        return new LoadedRanks(description, null, refusal);
    }

    /** The ranks; the refusal is thrown again when the folder was refused. */
    synchronized Ranks ranks() {
        if (refusal != null) {
            throw refusal;
        }
        if (ranks == null) {
            throw new IllegalStateException("ranks " + description + " were closed at the end of the test run");
        }
        return ranks;
    }

    boolean refused() {
        return refusal != null;
    }

    @Override
    public synchronized void close() {
        ranks = null;
    }
}
