/**
 * What the assertions and their messages share: figure text, the ledger tables and break-site lines
 * of the evidence, and why a trade is absent.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.assertj.internal;

import org.apiguardian.api.API;
