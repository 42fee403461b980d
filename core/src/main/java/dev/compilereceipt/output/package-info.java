/**
 * How every file the tool writes reaches the disk (a frozen log, an HTML report, CSV files,
 * approved and received receipts): checked first, written aside in its own folder, moved into
 * place in one step, nothing left behind on failure. On the JDK alone, so every layer can use it.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.output;

import org.apiguardian.api.API;
