package dev.compilereceipt.view.text;

import dev.compilereceipt.read.Refusal;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: a view that knows a reader. */
class ReachesAReader {
    Refusal refusal;
}
