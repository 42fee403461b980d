package dev.compilereceipt.view.text;

import dev.compilereceipt.receipt.FailureCode;
import org.apiguardian.api.API;

/** What a failure code of a receipt means, in a sentence for a person. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class FailureText {

    private FailureText() {
    }

    public static String of(FailureCode code) {
        return switch (code.kind()) {
            case UNEQUAL_PHASE_SAMPLES -> "baseline and candidate have different call counts in " + code.subject()
                    + ", so that phase is not compared";
            case OUTPUT_MISMATCH -> "the output of call " + code.subject() + " did not match eager within the tolerance";
        };
    }
}
