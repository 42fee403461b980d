package dev.compilereceipt.junit;

import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.receipt.Receipt;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.opentest4j.AssertionFailedError;

/**
 * The last invocation of a {@link MutantTest} whose fixture can tell no mutant apart from the truth:
 * every mutant invocation was aborted, so a green template would have proved nothing. It does not
 * run the method; it fails once, naming the fixture, each mutant's reason and the attribute that
 * declares the case expected ({@code @MutantTest(allowNoDistinguishable = true)}).
 */
final class IndistinguishableInvocationContext implements TestTemplateInvocationContext {

    private final Receipt truth;
    private final String fixture;
    private final Map<Mutant, String> lacks;

    /** {@code fixture} names it as the message shows it: its name, and the path the test wrote. */
    IndistinguishableInvocationContext(Receipt truth, String fixture, Map<Mutant, String> lacks) {
        this.truth = truth;
        this.fixture = fixture;
        this.lacks = Map.copyOf(lacks);
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return "no mutant distinguishable";
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return List.of(new TruthResolver(), new Failing());
    }

    String message() {
        StringBuilder text = new StringBuilder("@MutantTest proved nothing on fixture ").append(fixture)
                .append(": every mutant was aborted as not distinguishable, so none could be killed:\n");
        for (Mutant mutant : Mutant.values()) {
            text.append("  ").append(mutant.id()).append(": ").append(lacks.get(mutant)).append('\n');
        }
        return text.append("Use a fixture on which a mutant changes the receipt, or, if that is expected, "
                + "say so with @MutantTest(allowNoDistinguishable = true).").toString();
    }

    /** Claims the {@code @TraceFixture Receipt} parameter, which JUnit resolves before the interceptor skips the method. */
    private final class TruthResolver implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            return InjectionPoint.takesReceipt(parameterContext.getParameter().getType())
                    && parameterContext.isAnnotated(TraceFixture.class);
        }

        @Override
        public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            return InjectionPoint.receiptAs(parameterContext.getParameter().getType(), truth);
        }
    }

    private final class Failing implements InvocationInterceptor {
        @Override
        public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                                ExtensionContext extensionContext) {
            invocation.skip();
            throw new AssertionFailedError(message());
        }
    }
}
