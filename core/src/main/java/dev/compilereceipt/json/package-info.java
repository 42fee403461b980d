/**
 * RFC 8785 canonical JSON on the JDK and Jackson alone: the writer every hash is taken through, so
 * every layer can use it.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.json;

import org.apiguardian.api.API;
