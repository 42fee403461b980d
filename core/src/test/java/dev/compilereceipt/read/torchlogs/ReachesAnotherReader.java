package dev.compilereceipt.read.torchlogs;

import dev.compilereceipt.read.torchtrace.LogLines;
import org.apiguardian.api.API;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: one reader using another, marked as if it were public API. */
@API(status = API.Status.EXPERIMENTAL)
public class ReachesAnotherReader {
    LogLines lines;
}
