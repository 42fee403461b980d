/**
 * The terminal summary of a receipt, its break kinds, failures and trade, as text a person reads.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.view.text;

import org.apiguardian.api.API;
