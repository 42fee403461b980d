package dev.compilereceipt.trace;

import dev.compilereceipt.receipt.Receipt;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: the input model reaching the receipt and JUnit, with no API status. */
public class BreaksTheFlow {
    Receipt receipt;
    org.junit.jupiter.api.TestInfo test;
}
