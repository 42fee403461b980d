/**
 * The failure messages of the compile-receipt assertions, one {@code BasicErrorMessageFactory} per
 * finding (as AssertJ keeps its own in {@code org.assertj.core.error}): each takes the domain
 * objects and renders its own evidence, so an assert only decides pass or fail.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.assertj.error;

import org.apiguardian.api.API;
