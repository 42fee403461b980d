package dev.compilereceipt.junit;

import dev.compilereceipt.mutant.Discrimination;
import dev.compilereceipt.approval.ApprovalTarget;
import dev.compilereceipt.mutant.Mutant;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.diff.ReceiptDifference;
import dev.compilereceipt.trace.Trace;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * The extension behind {@link MutantTest}: checks the method, reads the fixture once through
 * {@link TraceFixture}'s shared store, steps the fixture resolver aside for {@code Receipt} and
 * plans one unmutated invocation and one invocation per mutant, and one failing invocation more when
 * the fixture can tell no mutant apart and the test did not say it expects that.
 */
final class MutantTestExtension implements TestTemplateInvocationContextProvider {

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        Optional<Method> method = context.getTestMethod();
        if (method.isEmpty() || !method.get().isAnnotationPresent(MutantTest.class)) {
            return false;
        }
        receiptParameter(method.get());
        return true;
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        Parameter parameter = receiptParameter(method);
        TraceFixtureExtension.stepAside(context, parameter.getType());
        TraceFixture annotation = parameter.getAnnotation(TraceFixture.class);
        LoadedFixture fixture = TraceFixtureExtension.fixture(context, annotation);
        ApprovalTarget approval = fixture.approval().withRules(annotation.perRelease(), annotation.ratchet());
        Trace trace = fixture.trace();
        Receipt truth = fixture.receipt();
        // Recorded in the template's store, which each invocation's store sees: a mutated receipt is
        // compared with the true receipt's approved file, and never written.
        ApprovalRecords.keep(context, truth, approval);
        List<TestTemplateInvocationContext> invocations = new ArrayList<>();
        AtomicReference<Throwable> truthFailed = new AtomicReference<>();
        invocations.add(MutantInvocationContext.unmutated(fixture, truthFailed));
        Map<Mutant, String> lacks = new LinkedHashMap<>();
        for (Mutant mutant : Mutant.values()) {
            Receipt mutated = mutant.receiptOf(trace);
            ApprovalRecords.keep(context, mutated, approval.comparedOnly());
            Optional<String> lack = Discrimination.lack(trace, mutant);
            lack.ifPresent(reason -> lacks.put(mutant, reason));
            invocations.add(MutantInvocationContext.mutated(mutant, truth, mutated,
                    lack, ReceiptDifference.between(truth, mutated), truthFailed));
        }
        // Known before any invocation runs: when no mutant can be told apart, the template proves nothing.
        if (lacks.size() == Mutant.values().length && !method.getAnnotation(MutantTest.class).allowNoDistinguishable()) {
            String path = parameter.getAnnotation(TraceFixture.class).value();
            String named = truth.fixture().name() + (path.isEmpty() ? "" : " (" + path + ")");
            invocations.add(new IndistinguishableInvocationContext(truth, named, lacks));
        }
        return invocations.stream();
    }

    private static Parameter receiptParameter(Method method) {
        List<Parameter> receipts = new ArrayList<>();
        for (Parameter parameter : method.getParameters()) {
            if (InjectionPoint.takesReceipt(parameter.getType()) && parameter.isAnnotationPresent(TraceFixture.class)) {
                receipts.add(parameter);
            }
        }
        if (receipts.size() != 1) {
            throw new ExtensionConfigurationException("@MutantTest requires exactly one parameter of type Receipt annotated "
                    + "@TraceFixture, but " + method.getDeclaringClass().getSimpleName() + "." + method.getName()
                    + " has " + receipts.size());
        }
        return receipts.get(0);
    }
}
