/**
 * The façades of compile-receipt: {@code Traces} reads any trace source by content, {@code
 * ReceiptExport} writes a receipt as canonical JSON and CSV, {@code Receipts} reads one back (or
 * the receipt of a trace, told by content), and a {@code TraceRefusedException}
 * names the file, the place and the rule of an input refused. Everything else is reached from here
 * or from the {@code receipt} package.
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
package dev.compilereceipt;

import org.apiguardian.api.API;
