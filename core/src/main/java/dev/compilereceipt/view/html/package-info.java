/**
 * The HTML receipt: one self-contained page with the phase bars, the call timeline, break sites,
 * variants and the decision section.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.view.html;

import org.apiguardian.api.API;
