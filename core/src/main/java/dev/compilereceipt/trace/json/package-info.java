/**
 * The input model written as JSON: the part of a receipt that repeats the trace (fixture, decision,
 * compile log), and the canonical forms the readers hash.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.trace.json;

import org.apiguardian.api.API;
