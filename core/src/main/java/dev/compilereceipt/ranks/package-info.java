/**
 * All ranks of one distributed job, compared: one small canonical fingerprint per rank
 * ({@link dev.compilereceipt.ranks.RankFingerprint}, made from a rank's trace by
 * {@link dev.compilereceipt.ranks.Fingerprints}), ranks grouped by equal fingerprints and the first point where
 * the groups differ ({@link dev.compilereceipt.ranks.Verdicts}, {@link dev.compilereceipt.ranks.FirstDivergence}).
 * It reads no file of a job itself: the façade {@code dev.compilereceipt.Ranks} has the source package tell the
 * rank files apart and read each, and hands the traces here.
 */
@API(status = API.Status.INTERNAL, since = "0.3")
package dev.compilereceipt.ranks;

import org.apiguardian.api.API;
