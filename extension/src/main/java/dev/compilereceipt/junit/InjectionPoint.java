package dev.compilereceipt.junit;

import dev.compilereceipt.Ranks;
import dev.compilereceipt.ledger.Ledger;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Trace;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A parameter or field carrying {@link TraceFixture}: its type, and how messages name it
 * ({@code parameter [Receipt arg0] of method PrintBridgeTest.steady(Receipt)}), written only when a
 * message asks, not for every test that is handed a fixture.
 */
record InjectionPoint(Class<?> type, Supplier<String> describer) {

    static final List<Class<?>> SUPPORTED = List.of(Trace.class, Ledger.class, Receipt.class, Ranks.class);

    /** The receipt at its 0.1 name, injected for one release as a wrapper of the same receipt. */
    @SuppressWarnings("removal")
    private static final Class<?> RECEIPT_AT_ITS_OLD_NAME = dev.compilereceipt.Receipt.class;

    static InjectionPoint of(Parameter parameter) {
        return new InjectionPoint(parameter.getType(), () -> describe(parameter));
    }

    static InjectionPoint of(Field field) {
        return new InjectionPoint(field.getType(), () -> "field " + className(field.getDeclaringClass()) + "." + field.getName());
    }

    String description() {
        return describer.get();
    }

    private static String describe(Parameter parameter) {
        Executable executable = parameter.getDeclaringExecutable();
        String kind = executable instanceof Constructor ? "constructor " : "method ";
        String name = executable instanceof Constructor
                ? className(executable.getDeclaringClass())
                : className(executable.getDeclaringClass()) + "." + executable.getName();
        String signature = Arrays.stream(executable.getParameterTypes()).map(Class::getSimpleName)
                .collect(Collectors.joining(", ", "(", ")"));
        return "parameter [" + parameter.getType().getSimpleName() + " " + parameter.getName() + "] of " + kind + name + signature;
    }

    boolean supported() {
        return SUPPORTED.contains(type) || type == RECEIPT_AT_ITS_OLD_NAME;
    }

    /** Whether a parameter or field of {@code type} takes a receipt: {@link Receipt}, or its 0.1 name. */
    static boolean takesReceipt(Class<?> type) {
        return type == Receipt.class || type == RECEIPT_AT_ITS_OLD_NAME;
    }

    /** {@code receipt} as a point of {@code type} takes it: itself, or wrapped at its 0.1 name. */
    @SuppressWarnings("removal")
    static Object receiptAs(Class<?> type, Receipt receipt) {
        return type == RECEIPT_AT_ITS_OLD_NAME ? dev.compilereceipt.Receipt.of(receipt) : receipt;
    }

    /** Why this type cannot be injected. */
    String unsupported() {
        return "cannot inject " + type.getSimpleName() + "; the types @TraceFixture injects are "
                + SUPPORTED.stream().filter(t -> t != Ranks.class).map(Class::getSimpleName).collect(Collectors.joining(", "))
                + ", and Ranks with ranks = ALL";
    }

    /** The fixture as the type of this point asks for it. */
    Object value(LoadedFixture fixture) {
        if (type == Trace.class) {
            return fixture.trace();
        }
        if (type == Ledger.class) {
            return fixture.ledger();
        }
        return receiptAs(type, fixture.receipt());
    }

    private static String className(Class<?> type) {
        String name = Optional.ofNullable(type.getCanonicalName()).orElse(type.getName());
        String pkg = type.getPackageName();
        return pkg.isEmpty() ? name : name.substring(pkg.length() + 1);
    }
}
