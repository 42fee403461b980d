package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.compilereceipt.Ranks;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.Stage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The key checks on the warm pairs CI has just captured in both chroots (capture/test-with-real-torch.sh,
 * {@code capture/out/<suite>/keys/}), judged by what the capture's own Python reading of the two logs says
 * ({@code keys-<change>.expect.json}: per cache, the components whose hash differs, or {@code null} where the
 * records list none), not by this library: a cache with listed changes passes {@code cacheKeysDifferOnlyIn} of
 * exactly them and fails {@code hasNoCacheKeyChangesIn} naming each; a cache whose records list none fails both as
 * not measured; a cache that hit passes. Runs where {@code compilereceipt.fresh.captures} names {@code capture/out}
 * (.ci/run, after the chroot captures); {@code code} pairs two functions, whose warm start is another frame's.
 */
@EnabledIfSystemProperty(named = "compilereceipt.fresh.captures", matches = ".+")
class FreshKeyPairChecksTest {

    static Stream<Path> pairs() throws IOException {
        return expectations("keys", 10);
    }

    /** The capture's {@code *.expect.json} files in {@code folder} of both suites but the code pairs': {@code count} of them. */
    private static Stream<Path> expectations(String folder, int count) throws IOException {
        Path out = Path.of(System.getProperty("compilereceipt.fresh.captures"));
        List<Path> found = new ArrayList<>();
        for (String suite : List.of("trixie", "sid")) {
            try (Stream<Path> files = Files.list(out.resolve(suite).resolve(folder))) {
                files.filter(f -> f.getFileName().toString().endsWith(".expect.json"))
                        .filter(f -> !f.getFileName().toString().equals("keys-code.expect.json")).sorted().forEach(found::add);
            }
        }
        Assertions.assertThat(found).as("fresh " + folder + " expectations under " + out).hasSize(count);
        return found.stream();
    }

    @ParameterizedTest
    @MethodSource("pairs")
    void eachCacheIsJudgedAsTheLogsSay(Path expectFile) throws IOException {
        JsonNode expect = new ObjectMapper().readTree(expectFile.toFile());
        Path logs = expectFile.resolveSibling(expectFile.getFileName().toString().replace(".expect.json", "-torch-trace"));
        Receipt receipt = Receipt.of(Traces.read(TraceRequest.of(only(logs)).withWarmLog(only(logs.resolve("warm")))));
        boolean allHit = true;
        for (Stage stage : List.of(Stage.INDUCTOR, Stage.AOT_AUTOGRAD)) {
            String cache = stage.cache().orElseThrow();
            boolean hit = expect.get("outcomes").get(cache).toString().equals("[\"hit\"]");
            JsonNode components = expect.get("components").get(cache);
            allHit &= hit;
            if (hit) {
                assertThat(receipt).warmStart().hasNoCacheKeyChangesIn(stage);
            } else if (components == null || components.isNull()) {
                assertThatThrownBy(() -> assertThat(receipt).warmStart().cacheKeysDifferOnlyIn(stage, "cpp_runtime_thread_count"))
                        .hasMessageContaining("1 lookup could not be compared component by component")
                        .hasMessageContaining("0/0 missed " + KeyComparison.cacheName(cache) + ": " + KeyComparison.NOT_MEASURED);
            } else {
                String[] names = new String[components.size()];
                for (int i = 0; i < names.length; i++) {
                    names[i] = components.get(i).asText();
                }
                assertThat(receipt).warmStart().cacheKeysDifferOnlyIn(stage, names);
                var failure = assertThatThrownBy(() -> assertThat(receipt).warmStart().hasNoCacheKeyChangesIn(stage))
                        .hasMessageContaining("but the keys of 1 lookup changed:");
                for (String name : names) {
                    failure.hasMessageContaining("0/0 missed " + KeyComparison.cacheName(cache) + ": `" + name + "` ");
                }
            }
        }
        if (allHit) {
            assertThat(receipt).warmStart().hasNoCacheKeyChanges().hasNoCacheMisses();
        } else {
            assertThatThrownBy(() -> assertThat(receipt).warmStart().hasNoCacheKeyChanges()).isInstanceOf(AssertionError.class);
        }
    }

    static Stream<Path> jobs() throws IOException {
        return expectations("ranks", 12);
    }

    /**
     * The ranks' checks of the FX graph cache, which both releases list the components of, against the capture's
     * reading ({@code ranks-<scenario>.expect.json}'s {@code key_changes}: per rank of a smaller group,
     * {@code fx_graph 0/0: inductor_config[size_asserts]}).
     */
    @ParameterizedTest
    @MethodSource("jobs")
    void eachJobsFxGraphKeysAreJudgedAsTheLogsSay(Path expectFile) throws IOException {
        JsonNode expect = new ObjectMapper().readTree(expectFile.toFile());
        Ranks ranks = Ranks.read(expectFile.resolveSibling(expectFile.getFileName().toString().replace(".expect.json", "")));
        List<String> names = new ArrayList<>();
        expect.get("key_changes").forEach(rank -> rank.forEach(change -> {
            String text = change.asText();
            if (text.startsWith("fx_graph ")) {
                names.add(text.substring(text.indexOf(": ") + 2));
            }
        }));
        if (names.isEmpty()) {
            assertThat(ranks).haveNoCacheKeyChangesIn(Stage.INDUCTOR);
        } else {
            assertThat(ranks).cacheKeysDifferOnlyIn(Stage.INDUCTOR, names.toArray(String[]::new));
            var failure = assertThatThrownBy(() -> assertThat(ranks).haveNoCacheKeyChangesIn(Stage.INDUCTOR))
                    .hasMessageContaining("differ from ranks ");
            for (String name : names) {
                failure.hasMessageContaining(" missed the FX graph cache: `" + name + "` ");
            }
        }
    }

    private static Path only(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> logs = files.filter(f -> f.getFileName().toString().endsWith(".log")).toList();
            Assertions.assertThat(logs).as("the one log in " + dir).hasSize(1);
            return logs.get(0);
        }
    }
}
