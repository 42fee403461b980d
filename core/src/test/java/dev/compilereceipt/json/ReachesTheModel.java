package dev.compilereceipt.json;

import dev.compilereceipt.trace.Trace;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: canonical JSON that knows the model. */
class ReachesTheModel {
    Trace trace;
}
