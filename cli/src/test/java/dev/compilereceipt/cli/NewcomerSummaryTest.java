package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a newcomer's audit shows (issue #43): the files a receipt was read from, one rendering of a
 * figure not measured in every view, and a recompile count that agrees with its causes.
 */
class NewcomerSummaryTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    private String[] lines() {
        return out.toString().split("\n");
    }

    @Test
    void aFolderSaysWhichOfItsFilesWereRead() throws Exception {
        // warm-start/2.6-print-bridge holds trace.json and counters.json beside its two logs: the logs are read
        Path folder = FIXTURES.resolve("warm-start/2.6-print-bridge");
        assertThat(run("audit", folder.toString())).isZero();
        assertThat(lines()[0]).isEqualTo("receipt of 2.6-print-bridge");
        assertThat(lines()[1]).isEqualTo("read from      log 2.6-print-bridge/torch_trace.log, warm log 2.6-print-bridge/warm_torch_trace.log");
        out.getBuffer().setLength(0);
        assertThat(run("audit", folder.toString(), "--json")).isZero();
        JsonNode sources = new ObjectMapper().readTree(out.toString()).path("fixture").path("sources");
        assertThat(sources.toString()).isEqualTo("[{\"path\":\"2.6-print-bridge/torch_trace.log\",\"role\":\"log\"},"
                + "{\"path\":\"2.6-print-bridge/warm_torch_trace.log\",\"role\":\"warm log\"}]");
    }

    @Test
    void aFileAndItsWarmLogAreNamedRelativeToTheFileSFolder() {
        Path dir = FIXTURES.resolve("warm-start/2.14-print-bridge");
        assertThat(run("audit", dir.resolve("torch_trace.log").toString(), "--warm", dir.resolve("warm_torch_trace.log").toString()))
                .isZero();
        assertThat(lines()[1]).isEqualTo("read from      trace torch_trace.log, warm log warm_torch_trace.log");
    }

    @Test
    void aProfileNamesItsLog() {
        Path dir = FIXTURES.resolve("profiler/2.14-plain");
        assertThat(run("audit", dir.resolve("profile.json").toString(), "--log", dir.resolve("torch_trace.log").toString(),
                "--phases", "steady=0-3,changed=4,steady=5", "--call-span", "request")).isZero();
        assertThat(lines()[1]).isEqualTo("read from      profile profile.json, log torch_trace.log");
    }

    @Test
    void aCacheA26LogHasNoRecordOfIsNotMeasuredInTheSummaryAndTheReport(@TempDir Path tmp) throws Exception {
        // 2.6 wrote no aotautograd_cache_* artifact: the JSON's artifact_cache.aotautograd is null, never 0
        Path log = FIXTURES.resolve("torch-logs/2.6-print-bridge/torch_trace.log");
        assertThat(run("audit", log.toString())).isZero();
        assertThat(out.toString()).contains("\n    on-disk caches: fx_graph hit 0 miss 4 bypass 0, aotautograd n/m\n")
                .contains("\n    on-disk caches: fx_graph hit 0 miss 2 bypass 0, aotautograd n/m\n")
                .doesNotContain("aotautograd hit 0");
        Path html = tmp.resolve("receipt.html");
        assertThat(run("report", log.toString(), "-o", html.toString())).isZero();
        assertThat(Files.readString(html)).contains("<dt>aotautograd cache</dt><dd>n/m</dd>")
                .contains("<dt>fx_graph cache</dt><dd>hit 0, miss 4, bypass 0</dd>");
    }

    @Test
    void aRecompileCountSaysWhereItsCausesCountFewer() {
        // the unmarked 2.6 text: three "Recompiling function" lines, 0/1 twice (the candidate's after torch._dynamo.reset())
        assertThat(run("audit", FIXTURES.resolve("torch-logs/2.6-print-bridge/torch_logs.txt").toString())).isZero();
        assertThat(out.toString()).contains("\n    compiles n/m (recompiles 3, as 2 variants in the causes: 0/1 twice, as the runs"
                + " of the process share compile ids after torch._dynamo.reset()), fallbacks ≥ 0, compile ms n/m\n");
        out.getBuffer().setLength(0);
        // where the two agree nothing is added
        assertThat(run("audit", FIXTURES.resolve("torch-logs/2.6-shape-churn/torch_logs.txt").toString())).isZero();
        assertThat(out.toString()).contains("\n    compiles n/m (recompiles 3), fallbacks ≥ 0, compile ms n/m\n");
    }
}
