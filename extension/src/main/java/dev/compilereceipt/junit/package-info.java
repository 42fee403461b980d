/**
 * The JUnit Jupiter extension: {@code @TraceFixture} injects receipts and traces, {@code
 * @MutantTest} runs a test once per mutant and fails where a mutant survives, and receipts are
 * attached to the test report.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
package dev.compilereceipt.junit;

import org.apiguardian.api.API;
