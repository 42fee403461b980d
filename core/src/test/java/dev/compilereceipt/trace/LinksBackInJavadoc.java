package dev.compilereceipt.trace;

import dev.compilereceipt.receipt.Receipt;

/** Breaks the flow in its source alone, for {@code LayoutRulesFailTest}: its import serves only this link to {@link Receipt}, so the bytecode keeps none. */
class LinksBackInJavadoc {
}
