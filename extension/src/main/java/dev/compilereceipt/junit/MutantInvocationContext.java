package dev.compilereceipt.junit;

import dev.compilereceipt.diff.ReceiptDifference;
import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.receipt.Receipt;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * One invocation of a {@link MutantTest}: the true receipt, or the receipt with one mutant switched
 * on, handed to the method's {@code Receipt} parameter; for a mutant, the outcome is inverted. The
 * unmutated invocation counts its fixture as received, so when it fails the true receipt is
 * attached to the report as for any {@link TraceFixture} test; a mutant invocation attaches
 * nothing, its failure message already says what the mutant changed.
 */
final class MutantInvocationContext implements TestTemplateInvocationContext {

    private final Optional<Mutant> mutant;
    private final Receipt truth;
    private final Receipt receipt;
    private final Optional<String> lack;
    private final List<ReceiptDifference> changes;
    private final Optional<LoadedFixture> attached;
    /** Set by the unmutated invocation when the test fails on the true receipt: a kill then proves nothing. */
    private final AtomicReference<Throwable> truthFailed;

    private MutantInvocationContext(Optional<Mutant> mutant, Receipt truth, Receipt receipt, Optional<String> lack,
                                    List<ReceiptDifference> changes, Optional<LoadedFixture> attached,
                                    AtomicReference<Throwable> truthFailed) {
        this.mutant = mutant;
        this.truth = truth;
        this.receipt = receipt;
        this.lack = lack;
        this.changes = List.copyOf(changes);
        this.attached = attached;
        this.truthFailed = truthFailed;
    }

    /** The invocation on the fixture's true receipt. */
    static MutantInvocationContext unmutated(LoadedFixture fixture, AtomicReference<Throwable> truthFailed) {
        Receipt truth = fixture.receipt();
        return new MutantInvocationContext(Optional.empty(), truth, truth, Optional.empty(), List.of(), Optional.of(fixture),
                truthFailed);
    }

    /** The invocation on the receipt with {@code mutant} switched on; {@code lack} says why the fixture cannot show it. */
    static MutantInvocationContext mutated(Mutant mutant, Receipt truth, Receipt mutated, Optional<String> lack,
                                           List<ReceiptDifference> changes, AtomicReference<Throwable> truthFailed) {
        return new MutantInvocationContext(Optional.of(mutant), truth, mutated, lack, changes, Optional.empty(), truthFailed);
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return mutant.map(m -> "mutant: " + m.id()).orElse("unmutated");
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return mutant.<List<Extension>>map(m -> List.of(new MutantReceiptResolver(receipt, attached), new KillInterceptor(m)))
                .orElseGet(() -> List.of(new MutantReceiptResolver(receipt, attached), new TruthInterceptor()));
    }

    /**
     * Claims only the {@code @TraceFixture Receipt} parameter of this invocation's method; when the
     * receipt is the true one, its fixture is counted as received, to be attached on failure.
     */
    private static final class MutantReceiptResolver implements ParameterResolver {
        private final Receipt receipt;
        private final Optional<LoadedFixture> attached;

        MutantReceiptResolver(Receipt receipt, Optional<LoadedFixture> attached) {
            this.receipt = receipt;
            this.attached = attached;
        }

        @Override
        public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            return InjectionPoint.takesReceipt(parameterContext.getParameter().getType())
                    && parameterContext.isAnnotated(TraceFixture.class);
        }

        @Override
        public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            attached.ifPresent(fixture -> TraceFixtureExtension.received(extensionContext, fixture));
            return InjectionPoint.receiptAs(parameterContext.getParameter().getType(), receipt);
        }
    }

    /** Remembers that the test failed on the true receipt, for the mutant invocations after it. */
    private final class TruthInterceptor implements InvocationInterceptor {
        @Override
        public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                                ExtensionContext extensionContext) throws Throwable {
            try {
                invocation.proceed();
            } catch (TestAbortedException aborted) {
                throw aborted;
            } catch (Throwable failed) {
                truthFailed.compareAndSet(null, failed);
                throw failed;
            }
        }
    }

    /** A failed assertion kills the mutant and becomes a pass; a pass becomes the failure. */
    private final class KillInterceptor implements InvocationInterceptor {
        private final Mutant mutant;

        KillInterceptor(Mutant mutant) {
            this.mutant = mutant;
        }

        @Override
        public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                                ExtensionContext extensionContext) throws Throwable {
            if (truthFailed.get() != null) {
                invocation.skip();
                throw new TestAbortedException("the test fails on the true receipt of " + truth.fixture().name()
                        + "; fix it first: a mutant it fails on is not killed by it");
            }
            if (lack.isPresent()) {
                invocation.skip();
                throw new TestAbortedException("mutant " + mutant.id() + " is not distinguishable on fixture "
                        + truth.fixture().name() + ": " + lack.get() + "; it is not counted as killed");
            }
            try {
                invocation.proceed();
            } catch (AssertionError killed) {
                return;
            }
            throw new AssertionFailedError(MutantSurvival.message(mutant, truth, changes));
        }
    }
}
