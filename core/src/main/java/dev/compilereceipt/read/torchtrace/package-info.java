/**
 * The TORCH_TRACE reader, both releases: lines, envelopes, payloads and their MD5, per-call
 * markers, compiles, break messages, recompile reasons, the parallel part reader and the freezer.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.read.torchtrace;

import org.apiguardian.api.API;
