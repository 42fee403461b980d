package dev.compilereceipt.receipt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.trace.CodeFrame;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@link FrameIndex} answers as {@link CompileLog#frameOf} does, graph for graph. */
class FrameIndexTest {

    private static final CodeFrame F = new CodeFrame("f", "/rt/a.py", OptionalInt.of(1));
    private static final CodeFrame G = new CodeFrame("g", "/rt/a.py", OptionalInt.of(9));
    private static final CodeFrame H = new CodeFrame("h", "/rt/b.py", OptionalInt.of(3));

    private static CompileLog logNaming(Map<String, CodeFrame> frames) {
        return new CompileLog(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                OptionalDouble.empty(), CompileLog.ArtifactCache.NONE, List.of(), List.of(), List.of(), frames);
    }

    @Test
    void theFrameOfTheCompileElseTheLastNamedForItsFrameId() {
        Map<String, CodeFrame> frames = new LinkedHashMap<>();
        frames.put("0/0", F);
        frames.put("1/0", G);
        frames.put("1/3", H);
        frames.put("x/1", F);    // no compile id: never a frame id's
        CompileLog log = logNaming(frames);
        Function<GraphId, Optional<CodeFrame>> index = FrameIndex.of(Optional.of(log));
        assertThat(index.apply(new GraphId(1, 0))).contains(G);
        assertThat(index.apply(new GraphId(1, 1))).contains(H);     // 1/3 came last for frame 1
        assertThat(index.apply(new GraphId(0, 8))).contains(F);
        assertThat(index.apply(new GraphId(2, 0))).isEmpty();
        for (GraphId graph : List.of(new GraphId(1, 0), new GraphId(1, 1), new GraphId(0, 8), new GraphId(2, 0))) {
            assertThat(index.apply(graph)).as(graph.toString()).isEqualTo(log.frameOf(graph));
        }
        assertThat(FrameIndex.of(Optional.empty()).apply(new GraphId(0, 0))).isEmpty();
    }

    @Test
    void everyGraphOfEveryFixtureLogAndTextAsFrameOfGivesIt() throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Fixtures.DIR)) {
            files.filter(p -> p.toString().endsWith("torch_trace.log") || p.toString().endsWith("torch_logs.txt"))
                    .sorted().forEach(sources::add);
        }
        int compared = 0;
        int named = 0;
        for (Path source : sources) {
            Trace trace;
            try {
                trace = Fixtures.trace(Fixtures.DIR.relativize(source).toString());
            } catch (RuntimeException refused) {
                continue;    // the fixtures of refusals
            }
            for (Run run : trace.runs()) {
                if (run.compileLog().isEmpty()) {
                    continue;
                }
                CompileLog log = run.compileLog().get();
                Function<GraphId, Optional<CodeFrame>> index = FrameIndex.of(run.compileLog());
                for (long frame = 0; frame < 12; frame++) {
                    for (long variant = 0; variant < 12; variant++) {
                        GraphId graph = new GraphId(frame, variant);
                        Optional<CodeFrame> expected = log.frameOf(graph);
                        assertThat(index.apply(graph)).as(source + " " + graph).isEqualTo(expected);
                        compared++;
                        named += expected.isPresent() ? 1 : 0;
                    }
                }
            }
        }
        assertThat(sources).hasSizeGreaterThan(30);
        assertThat(compared).isGreaterThan(30 * 144);
        assertThat(named).as("graphs with a frame among them").isGreaterThan(1000);
    }
}
