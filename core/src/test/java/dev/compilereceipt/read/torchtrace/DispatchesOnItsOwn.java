package dev.compilereceipt.read.torchtrace;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: a record's kind decided outside the table. */
final class DispatchesOnItsOwn {

    private DispatchesOnItsOwn() {
    }

    static boolean isStart(LogEnvelope envelope) {
        return envelope.kind().equals(LogEnvelope.DYNAMO_START);
    }
}
