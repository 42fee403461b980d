/**
 * The five bookkeeping mutants, each a {@code Bookkeeping} with one mistake, the independent oracle
 * that reads the raw trace, and the verdicts: killed, survived, or not discriminated by the
 * fixture.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.mutant;

import org.apiguardian.api.API;
