/**
 * The per-call ledger: one {@code LedgerRow} per call with its graph ids, break sites crossed,
 * cache outcome and times, as {@code trace-format.md} section 3 defines it.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.ledger;

import org.apiguardian.api.API;
