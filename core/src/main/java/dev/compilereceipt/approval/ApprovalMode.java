package dev.compilereceipt.approval;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What an approved-receipt check may write, set by {@value #PARAMETER} (a JUnit configuration
 * parameter or a system property): {@code readonly} never writes an approved file, and a missing
 * one fails; {@code missing} records a missing approved file and passes; {@code overwrite}
 * rewrites every approved file that differs; {@code refresh} is {@code readonly} except that it
 * rewrites, in the current format, an approved file of an older format whose compared figures all
 * match ({@link dev.compilereceipt.diff.ReceiptFormat}). Unset, it is {@code readonly} where the environment
 * variable {@code CI} is set (to anything but {@code false} or {@code 0}), else {@code missing}.
 *
 * <p>Example: {@code ApprovalMode.of(Optional.empty(), Map.of("CI", "true"))} is {@code READONLY}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum ApprovalMode {
    READONLY,
    MISSING,
    OVERWRITE,
    REFRESH;

    public static final String PARAMETER = "compilereceipt.approve";

    /** The mode configured, or the default for this environment; an {@link IllegalArgumentException} for an unknown value. */
    public static ApprovalMode of(Optional<String> configured, Map<String, String> environment) {
        Optional<String> value = configured.map(String::strip).filter(text -> !text.isEmpty());
        if (value.isEmpty()) {
            String ci = environment.getOrDefault("CI", "").strip();
            return ci.isEmpty() || ci.equalsIgnoreCase("false") || ci.equals("0") ? MISSING : READONLY;
        }
        for (ApprovalMode mode : values()) {
            if (mode.id().equals(value.get().toLowerCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new IllegalArgumentException(PARAMETER + " must be readonly, missing, overwrite or refresh; found \"" + value.get() + "\"");
    }

    /** {@code readonly}, {@code missing}, {@code overwrite} or {@code refresh}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
