package dev.compilereceipt.junit;

import dev.compilereceipt.Ranks;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;
import org.opentest4j.TestAbortedException;

/**
 * The extension behind {@link TraceFixture}: resolves annotated parameters, injects annotated
 * fields (instance fields after each test instance is made, static fields before
 * {@code @BeforeAll}), and attaches the receipts a test received to its report.
 *
 * <p>Every receipt it hands out is recorded with where it is approved in the store of the context
 * that received it ({@link ApprovalRecords}), and each test's context is bound to its thread from
 * {@code beforeEach} to {@code afterEach} (a class's from {@code beforeAll} to {@code afterAll}) so
 * that an approval can read that store ({@link RunningTest}, through {@link JUnitApprovalContext}).
 *
 * <p>A test template that resolves some parameters itself (such as a mutant invocation that
 * hands over a mutated receipt) calls {@link #stepAside(ExtensionContext, Class)} with its own
 * context, so that two resolvers never claim one parameter.
 */
final class TraceFixtureExtension
        implements ParameterResolver, TestInstancePostProcessor, BeforeAllCallback, AfterAllCallback, BeforeEachCallback,
        AfterEachCallback, AfterTestExecutionCallback {

    /** A class's fields do not change: looked up once per class, not before and after every test. */
    private static final ClassValue<List<Field>> ANNOTATED_FIELDS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
            return findAnnotatedFields(type);
        }
    };

    /**
     * From now on, in {@code templateContext} and every context below it (the template's
     * invocations), parameters of {@code type} are left to another resolver.
     */
    static void stepAside(ExtensionContext templateContext, Class<?> type) {
        templateContext.getStore(SharedFixtures.NAMESPACE).put(new StepAside(type), Boolean.TRUE);
    }

    /**
     * The fixture an annotation names, shared with every other user in this test run; for a
     * template that steps aside but still needs the true fixture.
     */
    static LoadedFixture fixture(ExtensionContext context, TraceFixture annotation) {
        // What an annotation names depends on nothing but it, the run's configuration and the class loader that
        // finds its resources: found once per run, so a test neither rebuilds the request from a dozen
        // configuration parameters nor searches the classpath and the file system again. A request that fails
        // (a bad limit, a file found nowhere) is not kept, and fails every time it is asked for.
        ExtensionContext.Store store = context.getRoot().getStore(SharedFixtures.NAMESPACE);
        Named named = new Named(annotation, FixtureLocator.loader(context));
        Found known = store.get(named, Found.class);
        if (known != null) {
            return known.fixture();
        }
        LoadedFixture loaded = SharedFixtures.load(context, FixtureRequest.of(annotation, context::getConfigurationParameter));
        store.put(named, new Found(loaded));
        return loaded;
    }

    /**
     * Counts {@code fixture} as received by the test of {@code context}, so its receipt is attached
     * like an injected one; for a template that hands over the true receipt itself.
     */
    static void received(ExtensionContext context, LoadedFixture fixture) {
        received(context).add(fixture);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.isAnnotated(TraceFixture.class)
                && extensionContext.getStore(SharedFixtures.NAMESPACE)
                        .get(new StepAside(parameterContext.getParameter().getType())) == null;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        SupportedJUnit.require();
        TraceFixture annotation = parameterContext.findAnnotation(TraceFixture.class).orElseThrow();
        InjectionPoint point = InjectionPoint.of(parameterContext.getParameter());
        Object value = inject(annotation, point, extensionContext, ParameterResolutionException::new);
        if (annotation.ranks() == RankScope.ONE) {
            // all ranks of a job are no one receipt to attach to the report; the ranks' own receipts are asked for by rank
            received(extensionContext).add(fixture(extensionContext, annotation));
        }
        return value;
    }

    @Override
    public void postProcessTestInstance(Object testInstance, ExtensionContext context) {
        for (Field field : annotatedFields(testInstance.getClass())) {
            if (!Modifier.isStatic(field.getModifiers())) {
                set(field, testInstance, context);
            }
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        RunningTest.enter(context);
        SupportedJUnit.require();
        for (Field field : annotatedFields(context.getRequiredTestClass())) {
            if (Modifier.isStatic(field.getModifiers())) {
                set(field, null, context);
            }
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        RunningTest.leave(context);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        RunningTest.enter(context);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        RunningTest.leave(context);
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        boolean failed = context.getExecutionException().filter(e -> !(e instanceof TestAbortedException)).isPresent();
        if (!AttachMode.of(context).attaches(failed)) {
            return;
        }
        Set<LoadedFixture> fixtures = receivedAbove(context);
        // A field's receipt belongs to the tests of the class that declares it, not to a @MutantTest's
        // invocations (each has its own receipt) nor to the classes a @Nested class sits in.
        boolean mutantInvocation = context.getTestMethod().map(m -> m.isAnnotationPresent(MutantTest.class)).orElse(false);
        context.getTestInstances().filter(instances -> !mutantInvocation).ifPresent(instances -> {
            for (Object instance : List.of(instances.getInnermostInstance())) {
                for (Field field : annotatedFields(instance.getClass())) {
                    if (field.getAnnotation(TraceFixture.class).ranks() == RankScope.ALL
                            || context.getTestMethod().isPresent() && !FieldReads.attaches(context.getTestMethod().get(), field)) {
                        continue;
                    }
                    try {
                        fixtures.add(fixture(context, field.getAnnotation(TraceFixture.class)));
                    } catch (RuntimeException e) {
                        // the field's own injection already failed the test with this error
                    }
                }
            }
        });
        List<LoadedFixture> read = new ArrayList<>();
        for (LoadedFixture fixture : fixtures) {
            if (fixture.refusal().isEmpty()) {
                read.add(fixture);
            }
        }
        ReceiptReport.publish(context, read);
    }

    private static void set(Field field, Object instance, ExtensionContext context) {
        InjectionPoint point = InjectionPoint.of(field);
        if (Modifier.isFinal(field.getModifiers())) {
            throw new ExtensionConfigurationException(FixtureRequest.describe(field.getAnnotation(TraceFixture.class))
                    + " on " + point.description() + ": a final field cannot be injected");
        }
        Object value = inject(field.getAnnotation(TraceFixture.class), point, context, ExtensionConfigurationException::new);
        try {
            field.setAccessible(true);
            field.set(instance, value);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ExtensionConfigurationException(FixtureRequest.describe(field.getAnnotation(TraceFixture.class))
                    + " on " + point.description() + ": cannot be set: " + e, e);
        }
    }

    /** The value for one point, or {@code failure} with a message naming the annotation, the point and the cause. */
    private static <E extends RuntimeException> Object inject(TraceFixture annotation, InjectionPoint point,
            ExtensionContext context, Failure<E> failure) {
        if (!point.supported()) {
            throw failure.of(where(annotation, point) + point.unsupported(), null);
        }
        if (annotation.ranks() == RankScope.ALL || point.type() == Ranks.class) {
            return injectRanks(annotation, point, context, failure);
        }
        LoadedFixture fixture;
        try {
            fixture = fixture(context, annotation);
        } catch (IllegalArgumentException | FixtureMissingException e) {
            throw failure.of(where(annotation, point) + e.getMessage(), e);
        }
        Optional<RuntimeException> refusal = fixture.refusal();
        if (refusal.isPresent()) {
            throw failure.of(where(annotation, point) + (refusal.get() instanceof IllegalStateException ? "" : "trace refused: ")
                    + refusal.get().getMessage(), refusal.get());
        }
        if (InjectionPoint.takesReceipt(point.type())) {
            ApprovalRecords.keep(context, fixture.receipt(), fixture.approval().withRules(annotation.perRelease(), annotation.ratchet()));
        }
        return point.value(fixture);
    }

    /** All ranks of a job for a point of type {@link Ranks} whose annotation says {@code ranks = ALL}; else the misuse, said. */
    private static <E extends RuntimeException> Object injectRanks(TraceFixture annotation, InjectionPoint point,
            ExtensionContext context, Failure<E> failure) {
        if (annotation.ranks() != RankScope.ALL) {
            throw failure.of(where(annotation, point) + "Ranks are injected with ranks = ALL: @TraceFixture(value = \""
                    + annotation.value() + "\", ranks = ALL)", null);
        }
        if (point.type() != Ranks.class) {
            throw failure.of(where(annotation, point) + "ranks = ALL injects Ranks, not " + point.type().getSimpleName()
                    + "; one rank's receipt is ranks.rank(n), or @TraceFixture(value = \"" + annotation.value() + "\", rank = n)", null);
        }
        LoadedRanks loaded;
        try {
            loaded = SharedFixtures.loadRanks(context, FixtureRequest.of(annotation, context::getConfigurationParameter));
        } catch (IllegalArgumentException | FixtureMissingException e) {
            throw failure.of(where(annotation, point) + e.getMessage(), e);
        }
        try {
            return loaded.ranks();
        } catch (RuntimeException refusal) {
            throw failure.of(where(annotation, point) + (refusal instanceof IllegalStateException ? "" : "ranks refused: ")
                    + refusal.getMessage(), refusal);
        }
    }

    private static String where(TraceFixture annotation, InjectionPoint point) {
        return FixtureRequest.describe(annotation) + " on " + point.description() + ": ";
    }

    /**
     * The fixtures handed to parameters in this very context. Keyed by the context object (a context
     * does not override {@code equals}), because a store lookup also sees the stores above it and a
     * class's set must not collect its tests'; the object, not its unique id, which is a new string
     * on every call.
     */
    private static Set<LoadedFixture> received(ExtensionContext context) {
        return context.getStore(SharedFixtures.NAMESPACE)
                .getOrComputeIfAbsent(new ReceivedKey(context), key -> new Received(), Received.class).fixtures;
    }

    /** What this test received, through its own parameters and those of the contexts above it ({@code @BeforeAll}, constructors). */
    private static Set<LoadedFixture> receivedAbove(ExtensionContext context) {
        Set<LoadedFixture> fixtures = new LinkedHashSet<>();
        for (Optional<ExtensionContext> c = Optional.of(context); c.isPresent(); c = c.get().getParent()) {
            Received received = context.getStore(SharedFixtures.NAMESPACE).get(new ReceivedKey(c.get()), Received.class);
            if (received != null) {
                fixtures.addAll(received.fixtures);
            }
        }
        return fixtures;
    }

    private static List<Field> annotatedFields(Class<?> type) {
        return ANNOTATED_FIELDS.get(type);
    }

    private static List<Field> findAnnotatedFields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (field.isAnnotationPresent(TraceFixture.class)) {
                    fields.add(field);
                }
            }
        }
        return List.copyOf(fields);
    }

    /** Makes the exception for a message; JUnit 6 refuses a null cause in constructors, so the cause is added after. */
    @FunctionalInterface
    private interface Failure<E extends RuntimeException> {
        E make(String message);

        default E of(String message, Throwable cause) {
            E failure = make(message);
            if (cause != null) {
                failure.initCause(cause);
            }
            return failure;
        }
    }

    private static final class Received {
        final Set<LoadedFixture> fixtures = java.util.Collections.synchronizedSet(new LinkedHashSet<>());
    }

    private record ReceivedKey(ExtensionContext context) {
    }

    /**
     * What one annotation found, under one class loader. The annotation is compared by identity: a parameter or
     * field gives the same instance every time it is asked, and an annotation's own {@code hashCode} and
     * {@code equals} call each of its attributes reflectively, on every test. Two equal annotations on two
     * parameters are two keys here and share the fixture in {@link SharedFixtures}.
     */
    private record Named(TraceFixture annotation, ClassLoader loader) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Named named && named.annotation == annotation && named.loader == loader;
        }

        @Override
        public int hashCode() {
            return 31 * System.identityHashCode(annotation) + System.identityHashCode(loader);
        }
    }

    /** The fixture found for a {@link Named}; not itself closeable, so the store closes the fixture once, under its own key. */
    private record Found(LoadedFixture fixture) {
    }

    /** The store key that makes this resolver leave parameters of one type to another. */
    private record StepAside(Class<?> type) {
    }
}
