package dev.compilereceipt;

/** What a failure code of a receipt means, in a sentence for a person. */
final class FailureText {

    private FailureText() {
    }

    static String of(String code) {
        int colon = code.indexOf(':');
        String kind = colon < 0 ? code : code.substring(0, colon);
        String subject = colon < 0 ? "" : code.substring(colon + 1);
        return switch (kind) {
            case "UNEQUAL_PHASE_SAMPLES" -> "baseline and candidate have different call counts in " + subject
                    + ", so that phase is not compared";
            case "OUTPUT_MISMATCH" -> "the output of call " + subject + " did not match eager within the tolerance";
            default -> "";
        };
    }
}
