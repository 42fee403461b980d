/**
 * What the readers share: the refusal they throw, the byte-level JSON syntax checks and their lexical pieces and the string
 * pool that bounds what a hostile input can keep alive.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.read;

import org.apiguardian.api.API;
