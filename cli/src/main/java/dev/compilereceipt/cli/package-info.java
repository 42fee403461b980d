/**
 * The {@code receipt} command (picocli): audit, report, diff, freeze and mutants over any trace
 * source.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
package dev.compilereceipt.cli;

import org.apiguardian.api.API;
