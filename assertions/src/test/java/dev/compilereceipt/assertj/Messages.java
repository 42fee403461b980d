package dev.compilereceipt.assertj;

/** Expected failure messages written as text blocks, with the platform's line separator as AssertJ's {@code %n} gives it. */
final class Messages {

    private Messages() {
    }

    static String lines(String text) {
        return text.replace("\n", System.lineSeparator());
    }
}
