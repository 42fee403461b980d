package dev.compilereceipt.junit;

import org.apiguardian.api.API;

/**
 * How many ranks of a distributed job a {@link TraceFixture} reads: {@link #ONE} (one trace, or the rank that
 * {@link TraceFixture#rank()} names) or {@link #ALL} (every rank log of a folder, injected as
 * {@link dev.compilereceipt.Ranks}).
 *
 * <p>Example:
 * <pre>{@code
 * @Test
 * void ranksCompiledAlike(@TraceFixture(value = "ddp/torch_traces", ranks = RankScope.ALL) Ranks ranks) {
 *     assertThat(ranks).compiledAlike();
 * }
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public enum RankScope {

    /** One trace: a single-rank trace, or the rank {@link TraceFixture#rank()} names. What a fixture read before 0.3. */
    ONE,

    /** Every rank of the job: a folder of per-rank TORCH_TRACE logs (or fingerprints), injected as {@link dev.compilereceipt.Ranks}. */
    ALL
}
