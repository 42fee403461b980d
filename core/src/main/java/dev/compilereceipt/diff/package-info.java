/**
 * Differences between two receipts as typed values: the one diff walk, figure patterns and groups,
 * and the freeze check that a frozen log keeps every figure.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.diff;

import org.apiguardian.api.API;
