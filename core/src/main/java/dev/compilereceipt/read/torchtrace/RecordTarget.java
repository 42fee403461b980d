package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.StringPool;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Limits;
import java.util.Optional;

/**
 * What the records of a log add to as a {@link RecordKind} reads them: the compiles being followed,
 * the current run's compile log, the runs and calls the markers draw, and the release.
 *
 * <p>Example: {@code CompileRecords.DYNAMO_START} reads its record as
 * {@code target.compiles().started(graph, envelope.attempt())}.
 */
interface RecordTarget {

    CompileTracker compiles();

    /** The compile log of the run being read. */
    CompileLogBuilder runLog();

    StringPool pool();

    Limits limits();

    /** A {@code compile_receipt_call} marker: it names a run and opens or closes a call. */
    void marker(CallMarker marker);

    /** The refusal of the record being read, at its line. */
    Refusal refuse(String rule);

    /** The record being read is a bad one after all: its line is listed. */
    void bad();

    /** Compile {@code graph} produced an FX graph. */
    void outputGraph(GraphId graph);

    /** The release named so far; empty until a {@code torch_version} names one. */
    Optional<String> release();

    void release(Optional<String> release);
}
