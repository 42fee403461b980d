/**
 * The failure messages of the compile-receipt assertions, one {@code BasicErrorMessageFactory} per
 * finding (as AssertJ keeps its own in {@code org.assertj.core.error}): each takes the domain
 * objects and renders its own evidence, so an assert only decides pass or fail. The figures in a
 * message (a {@link dev.compilereceipt.assertj.error.Milliseconds}, a phase, a graph id, a kind, a
 * cache outcome) are written by the assert's representation, as AssertJ writes the values of its own
 * messages; under the standard one they read as the receipt's views write them.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.assertj.error;

import org.apiguardian.api.API;
