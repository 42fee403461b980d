package dev.compilereceipt.junit;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/** When receipts are attached to the test report: {@value TraceFixture#REPORT_ATTACH}. */
enum AttachMode {
    ON_FAILURE("on-failure"),
    ALWAYS("always"),
    NEVER("never");

    private final String id;

    AttachMode(String id) {
        this.id = id;
    }

    static AttachMode of(ExtensionContext context) {
        return context.getConfigurationParameter(TraceFixture.REPORT_ATTACH).map(AttachMode::parse).orElse(ON_FAILURE);
    }

    static AttachMode parse(String value) {
        for (AttachMode mode : values()) {
            if (mode.id.equals(value.strip())) {
                return mode;
            }
        }
        throw new ExtensionConfigurationException(TraceFixture.REPORT_ATTACH + " must be one of "
                + Arrays.stream(values()).map(m -> m.id).collect(Collectors.joining(", ")) + "; found \"" + value + "\"");
    }

    boolean attaches(boolean failed) {
        return this == ALWAYS || (this == ON_FAILURE && failed);
    }
}
