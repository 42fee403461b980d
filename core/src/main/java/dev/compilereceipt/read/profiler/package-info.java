/**
 * The reader of torch.profiler traces (the Chrome trace JSON of {@code export_chrome_trace} and
 * {@code tensorboard_trace_handler}): streamed event by event, keeping only the spans a receipt
 * reads (calls, compiled regions, guard checks, compiled graphs, compiles), bounded by the
 * {@link dev.compilereceipt.trace.Limits}, and turned into calls by their nesting.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.read.profiler;

import org.apiguardian.api.API;
