package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.trace.KeyComparison;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code receipt diff OLD NEW} names the cache key components that changed (#46), on the real pairs of
 * fixtures/cache-keys (the cold log as OLD, the warm log as NEW): what each pair's warm process changed, and nothing
 * else; the control says the keys are equal; a compile-trace/1 trace or a receipt JSON says not measured.
 */
class DiffCacheKeysCommandTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));
    private static final String NOT_MEASURED = "which cache key components changed is not measured: the source lists no cache"
            + " keys (only a TORCH_TRACE log does)";

    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    @TempDir
    Path temp;

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return ReceiptCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    private static String cold(String pair) {
        return FIXTURES.resolve("cache-keys/" + pair + "/torch_trace.log").toString();
    }

    private static String warm(String pair) {
        return FIXTURES.resolve("cache-keys/" + pair + "/warm_torch_trace.log").toString();
    }

    /** What follows the figures: the cache key section, whole. */
    private String keySection() {
        String text = out.toString();
        return text.substring(text.indexOf("\ncache keys (before → after):\n") + 1);
    }

    @Test
    void aThreadCountChangeOn214NamesTheThreadCount() throws Exception {
        assertThat(run("diff", cold("2.14-threads"), warm("2.14-threads"))).isEqualTo(1);
        assertThat(out.toString()).startsWith("before: " + cold("2.14-threads") + "\nafter:  " + warm("2.14-threads") + "\n");
        assertThat(keySection()).isEqualTo("cache keys (before → after):\n"
                + "  run baseline: 0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps\n"
                + "  run baseline: 0/0 missed the FX graph cache: `cpp_runtime_thread_count` 1 → 2\n");
        assertThat(err.toString()).isEmpty();

        assertThat(run("diff", cold("2.14-threads"), warm("2.14-threads"), "--json")).isEqualTo(1);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("cache_keys").toString()).isEqualTo("{\"baseline\":[\"0/0 missed the AOTAutograd cache: " + KeyComparison.NOT_MEASURED + "\",\"0/0 missed the FX graph cache: `cpp_runtime_thread_count`"
                + " 1 → 2\"]}");
    }

    @Test
    void anInductorOptionChangeIsNamedOnBothReleasesAndIn26sAutogradKeyToo() {
        assertThat(run("diff", cold("2.14-inductor-option"), warm("2.14-inductor-option"))).isEqualTo(1);
        assertThat(keySection()).isEqualTo("cache keys (before → after):\n"
                + "  run baseline: 0/0 missed the AOTAutograd cache: why is not measured: the keys differ and no component of them could be compared: the log lists none (or none that read), or the run passed what a reader keeps\n"
                + "  run baseline: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False\n");
        assertThat(run("diff", cold("2.6-inductor-option"), warm("2.6-inductor-option"))).isEqualTo(1);
        assertThat(keySection()).isEqualTo("cache keys (before → after):\n"
                + "  run baseline: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False\n"
                + "  run baseline: 0/0 missed the AOTAutograd cache: `inductor_config[size_asserts]` True → False\n");
    }

    @Test
    void aDtypeChangeNamesTheInputWithBothValuesAsKept() {
        String before = "TensorMetadata(dtype=torch.float32, shape=torch.Size([8, 16]), stride=(16, 1), device=device(type='cpu'),"
                + " layout=torch.strided, memory_format=torch.contiguous_format, storage_offset=0, storage_bytes=…";
        String after = before.replace("float32", "float64");
        assertThat(run("diff", cold("2.6-dtype"), warm("2.6-dtype"))).isEqualTo(1);
        assertThat(keySection()).isEqualTo("cache keys (before → after):\n"
                + "  run baseline: 0/0 missed the FX graph cache: `example_inputs[0]` " + before + " → " + after + "\n"
                + "  run baseline: 0/0 missed the AOTAutograd cache: `example_inputs[0]` " + before + " → " + after + "\n");
    }

    @Test
    void theControlsSayTheKeysAreEqual() {
        // 2.6's keys hold no thread count: its threads pair is a control too.
        for (String pair : List.of("2.14-none", "2.6-none", "2.6-threads")) {
            run("diff", cold(pair), warm(pair));
            assertThat(keySection()).as(pair).isEqualTo("cache keys (before → after):\n"
                    + "  run baseline: the cache keys are equal: no lookup of the second run missed under a key that differs\n");
        }
    }

    @Test
    void twoFrozenLogsGiveTheSameLinesAsTheirLogs() {
        Path frozenCold = temp.resolve("cold.log");
        Path frozenWarm = temp.resolve("warm.log");
        assertThat(run("freeze", cold("2.6-inductor-option"), "-o", frozenCold.toString())).isZero();
        assertThat(run("freeze", warm("2.6-inductor-option"), "-o", frozenWarm.toString())).isZero();
        run("diff", frozenCold.toString(), frozenWarm.toString());
        assertThat(keySection()).isEqualTo("cache keys (before → after):\n"
                + "  run baseline: 0/0 missed the FX graph cache: `inductor_config[size_asserts]` True → False\n"
                + "  run baseline: 0/0 missed the AOTAutograd cache: `inductor_config[size_asserts]` True → False\n");
    }

    @Test
    void aSourceWithoutKeysOrAReceiptJsonSaysNotMeasured() throws Exception {
        String trace = FIXTURES.resolve("print-bridge/trace.json").toString();
        assertThat(run("diff", trace, trace)).isZero();
        assertThat(out.toString()).endsWith("no figure differs\ncache keys (before → after): " + NOT_MEASURED + "\n");
        assertThat(run("audit", "--json", cold("2.14-threads"))).isZero();
        Path receipt = Files.writeString(temp.resolve("receipt.json"), out.toString(), StandardCharsets.UTF_8);
        assertThat(run("diff", receipt.toString(), cold("2.14-threads"))).isZero();
        assertThat(out.toString()).endsWith("no figure differs\ncache keys (before → after): " + NOT_MEASURED + "\n");
        assertThat(err.toString()).isEmpty();
    }
}
