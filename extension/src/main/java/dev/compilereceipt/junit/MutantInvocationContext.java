package dev.compilereceipt.junit;

import dev.compilereceipt.Mutant;
import dev.compilereceipt.Receipt;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
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
 * on, handed to the method's {@code Receipt} parameter; for a mutant, the outcome is inverted.
 */
final class MutantInvocationContext implements TestTemplateInvocationContext {

    private final Optional<Mutant> mutant;
    private final Receipt truth;
    private final Receipt receipt;
    private final Optional<String> lack;
    private final List<String> changes;

    MutantInvocationContext(Optional<Mutant> mutant, Receipt truth, Receipt receipt, Optional<String> lack, List<String> changes) {
        this.mutant = mutant;
        this.truth = truth;
        this.receipt = receipt;
        this.lack = lack;
        this.changes = List.copyOf(changes);
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return mutant.map(m -> "mutant: " + m.id()).orElse("unmutated");
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return mutant.<List<Extension>>map(m -> List.of(new MutantReceiptResolver(receipt), new KillInterceptor(m)))
                .orElseGet(() -> List.of(new MutantReceiptResolver(receipt)));
    }

    /** Claims only the {@code @TraceFixture Receipt} parameter of this invocation's method. */
    private static final class MutantReceiptResolver implements ParameterResolver {
        private final Receipt receipt;

        MutantReceiptResolver(Receipt receipt) {
            this.receipt = receipt;
        }

        @Override
        public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            return parameterContext.getParameter().getType() == Receipt.class
                    && parameterContext.isAnnotated(TraceFixture.class);
        }

        @Override
        public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            return receipt;
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
