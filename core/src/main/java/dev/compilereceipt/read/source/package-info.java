/**
 * Which reader runs, decided in one place: what an input is, told by its first bytes
 * ({@link dev.compilereceipt.read.source.TraceSource}, a profile's and a receipt's heads included), which files of a
 * folder are read ({@link dev.compilereceipt.read.source.TorchTraceFolder}), and the readers composed for a request
 * ({@link dev.compilereceipt.read.source.SourceReading}): a profile with its log, a warm pair, one rank. The façade
 * {@code dev.compilereceipt.Traces} hands a request here; the CLI and the JUnit extension only build requests.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
package dev.compilereceipt.read.source;

import org.apiguardian.api.API;
