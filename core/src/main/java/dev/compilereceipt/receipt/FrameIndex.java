package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.GraphId;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@link CompileLog#frameOf} for every graph of a receipt, its frames parsed once: {@code frameOf}
 * parses every compile id the log names each time a graph has no frame of its own (a recompile
 * limit's fallback), which made the causes of a 1 GiB log's 100,000 compiles quadratic (a third of the
 * reading thread's samples, after the parts were read). The answer is {@code frameOf}'s, graph for
 * graph: the frame named for the compile id, else the last one named for a compile of its frame id;
 * {@code FrameIndexTest} compares the two on every graph of every fixture log.
 */
final class FrameIndex implements Function<GraphId, Optional<CodeFrame>> {

    private final Map<String, CodeFrame> frames;
    private final Map<Long, CodeFrame> lastOfFrame = new HashMap<>();

    private FrameIndex(CompileLog log) {
        frames = log.frames();
        for (Map.Entry<String, CodeFrame> named : frames.entrySet()) {
            GraphId.parse(named.getKey()).ifPresent(id -> lastOfFrame.put(id.frame(), named.getValue()));
        }
    }

    /** The frames of {@code log}'s graphs, or none where there is no log. */
    static Function<GraphId, Optional<CodeFrame>> of(Optional<CompileLog> log) {
        return log.<Function<GraphId, Optional<CodeFrame>>>map(FrameIndex::new).orElse(graph -> Optional.empty());
    }

    @Override
    public Optional<CodeFrame> apply(GraphId graph) {
        CodeFrame exact = frames.get(graph.toString());
        return Optional.ofNullable(exact != null ? exact : lastOfFrame.get(graph.frame()));
    }
}
