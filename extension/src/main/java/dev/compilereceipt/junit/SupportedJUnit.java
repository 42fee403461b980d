package dev.compilereceipt.junit;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * The oldest JUnit Jupiter the extension runs on: 5.12, the first with
 * {@code ExtensionContext.publishDirectory}, which attaches receipts. On an older one the first
 * test fails with one sentence naming the version found, instead of a {@code NoSuchMethodError}
 * the first time a test fails.
 */
final class SupportedJUnit {

    static final String NEEDED = "5.12";
    private static final boolean PRESENT = hasPublishDirectory();

    private SupportedJUnit() {
    }

    static void require() {
        if (!PRESENT) {
            throw new ExtensionConfigurationException("compile-receipt needs JUnit Jupiter " + NEEDED + " or later; found "
                    + found() + " (import junit-bom " + NEEDED + ".0 or later)");
        }
    }

    private static boolean hasPublishDirectory() {
        try {
            ExtensionContext.class.getMethod("publishDirectory", String.class, ThrowingConsumer.class);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static String found() {
        String version = ExtensionContext.class.getPackage().getImplementationVersion();
        return version == null ? "a version without publishDirectory" : version;
    }
}
