/**
 * Approved receipts: a receipt checked against the approved file beside its fixture, recorded, kept
 * read-only or overwritten by mode.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.approval;

import org.apiguardian.api.API;
