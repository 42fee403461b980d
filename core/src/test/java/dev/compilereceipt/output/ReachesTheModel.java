package dev.compilereceipt.output;

import dev.compilereceipt.trace.Trace;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: the output files that know the model. */
class ReachesTheModel {
    Trace trace;
}
