/**
 * The input model, whatever source it was read from: a {@code Trace} of one or two runs of calls,
 * their events (compiled regions, graph breaks, fallbacks), graph ids, phases, the compile log of a
 * TORCH_TRACE or TORCH_LOGS source, the decision record, the limits it was read under and what its
 * source did not measure. A break's kind is a fact of the trace, read from PyTorch's message, so it
 * lives here too.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.trace;

import org.apiguardian.api.API;
