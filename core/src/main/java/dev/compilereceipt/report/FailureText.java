package dev.compilereceipt.report;

import dev.compilereceipt.FailureCode;

/** What a failure code of a receipt means, in a sentence for a person. */
final class FailureText {

    private FailureText() {
    }

    static String of(FailureCode code) {
        return switch (code.kind()) {
            case UNEQUAL_PHASE_SAMPLES -> "baseline and candidate have different call counts in " + code.subject()
                    + ", so that phase is not compared";
            case OUTPUT_MISMATCH -> "the output of call " + code.subject() + " did not match eager within the tolerance";
        };
    }
}
