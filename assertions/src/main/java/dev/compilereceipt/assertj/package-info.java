/**
 * AssertJ assertions on receipts: {@code CompileAssertions.assertThat(receipt)} and its soft form,
 * each check failing with the figures and the evidence, expected and actual set for an IDE's diff.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.assertj;

import org.apiguardian.api.API;
