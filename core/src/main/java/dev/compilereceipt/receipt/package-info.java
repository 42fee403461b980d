/**
 * The receipt ({@code compile-receipt/2}): figures per run and phase, break sites and kinds, the
 * comparison and its trade, failure codes and the hashes that pin it, computed by {@code
 * ReceiptCalculator} with the bookkeeping choices that {@code Bookkeeping} makes in one place.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.receipt;

import org.apiguardian.api.API;
