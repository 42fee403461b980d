/**
 * The receipt's CSV exports, {@code ledger.csv} and {@code receipt.csv} (RFC 4180).
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.receipt.json;

import org.apiguardian.api.API;
