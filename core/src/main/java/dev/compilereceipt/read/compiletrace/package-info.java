/**
 * The {@code compile-trace/1} reader: located JSON, the contract's field rules, events and the
 * decision record, each refusal with its JSON pointer, line and column.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.read.compiletrace;

import org.apiguardian.api.API;
