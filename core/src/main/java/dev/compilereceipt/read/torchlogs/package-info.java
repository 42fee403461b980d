/**
 * The TORCH_LOGS text reader, both releases: glog-prefixed message lines among any other output,
 * graph breaks, recompiles and their guard failures, recompile-limit and WON'T CONVERT fallbacks,
 * one rank at a time.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.read.torchlogs;

import org.apiguardian.api.API;
