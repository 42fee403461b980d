package dev.compilereceipt.junit;

import java.util.ArrayDeque;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The extension context of the test running on this thread, for the one caller that has none: an
 * approval ({@code matchesApprovedReceipt()} of the AssertJ asserts, through core's
 * {@code ApprovalContext} service, {@link JUnitApprovalContext}) reading its receipt's approval
 * record from that test's store. JUnit offers no static way to the current context, so {@link TraceFixtureExtension}
 * binds it here from its {@code beforeEach} to its {@code afterEach} (and a class's from
 * {@code beforeAll} to {@code afterAll}), callbacks JUnit runs on the test's own thread and, for
 * {@code afterEach}, always, even when the test or an earlier callback failed. What is bound is
 * only a way to the context: the records themselves live in its store ({@link ApprovalRecords}).
 *
 * <p>Per thread, so tests run in parallel each see their own; a stack, because a thread of the
 * parallel executor that waits for its tests may run another test meanwhile (work stealing), and
 * the outer binding must be there again when the inner one ends. An empty stack is removed, so a
 * pooled thread keeps nothing once its test is done. A thread the test starts itself sees no test.
 */
final class RunningTest {

    private static final ThreadLocal<ArrayDeque<ExtensionContext>> BOUND = new ThreadLocal<>();

    private RunningTest() {
    }

    static void enter(ExtensionContext context) {
        ArrayDeque<ExtensionContext> bound = BOUND.get();
        if (bound == null) {
            bound = new ArrayDeque<>();
            BOUND.set(bound);
        }
        bound.push(context);
    }

    /**
     * Unbinds {@code context} and whatever was bound after it and not unbound; nothing when it is not
     * bound (an earlier extension's {@code beforeEach} failed before this one's ran).
     */
    static void leave(ExtensionContext context) {
        ArrayDeque<ExtensionContext> bound = BOUND.get();
        if (bound == null || !bound.contains(context)) {
            return;
        }
        // a binding left above it by a callback whose end never ran goes with the context it was inside
        ExtensionContext top;
        do {
            top = bound.pop();
        } while (top != context);
        if (bound.isEmpty()) {
            BOUND.remove();
        }
    }

    /** The innermost test or class running on this thread. */
    static Optional<ExtensionContext> current() {
        ArrayDeque<ExtensionContext> bound = BOUND.get();
        return bound == null ? Optional.empty() : Optional.ofNullable(bound.peek());
    }
}
