package dev.compilereceipt.assertj;

import static dev.compilereceipt.assertj.CompileAssertions.assertThat;
import static dev.compilereceipt.assertj.Messages.lines;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.compilereceipt.TraceRefusedException;
import dev.compilereceipt.TraceRequest;
import dev.compilereceipt.Traces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.KeyComparison;
import dev.compilereceipt.trace.Stage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key checks on frozen logs of a real 2.6 pair (fixtures/cache-keys/2.6-inductor-option: the warm process set
 * {@code size_asserts = False}): frozen, they pass and fail as the logs do; with the warm FX graph record's frozen
 * components made unreadable (its payload's MD5 made right again, so only they are wrong), the record is a bad line
 * of the warm log, which the pair refuses; made unreadable in the cold log, the pair reads and the check that passed
 * on the intact logs fails naming that lookup as not measured: never a pass on what was not read.
 */
class FrozenKeyChecksTest {

    @TempDir
    static Path temp;

    /** The pair frozen once for the class; each test writes its broken copy beside them under its own name. */
    private static Path cold;
    private static Path warm;

    @BeforeAll
    static void freezeThePair() throws Exception {
        cold = frozen("torch_trace.log");
        warm = frozen("warm_torch_trace.log");
    }

    private static Path frozen(String log) throws Exception {
        Path out = Files.createDirectories(temp.resolve("2.6-inductor-option")).resolve(log);
        Traces.freeze(Fixtures.dir().resolve("cache-keys/2.6-inductor-option/" + log), out, Optional.empty());
        return out;
    }

    private static Receipt pair(Path cold, Path warm) {
        return Receipt.of(Traces.read(TraceRequest.of(cold).withWarmLog(warm)));
    }

    @Test
    void frozenComponentsThatDoNotReadAreABadLineThatThePairRefuses() throws Exception {
        assertThat(pair(cold, warm)).warmStart().cacheKeysDifferOnlyIn("inductor_config[size_asserts]");

        Path broken = warm.resolveSibling("broken_warm_torch_trace.log");
        String text = unreadableFxGraphComponents(Files.readString(warm, StandardCharsets.UTF_8));
        Files.writeString(broken, text, StandardCharsets.UTF_8);
        long line = text.lines().takeWhile(l -> !l.contains("\"fx_graph_cache_miss\"")).count() + 1;
        org.assertj.core.api.Assertions.assertThat(Traces.read(TraceRequest.of(broken)).badLines()).contains(List.of(line));
        assertThatThrownBy(() -> pair(cold, broken)).isInstanceOf(TraceRefusedException.class)
                .hasMessage(broken + ": (document): cannot pair: the warm log " + broken + " skipped bad lines [" + line + "], which the"
                        + " receipt could not attribute to it");
    }

    @Test
    void aColdLogWhoseFrozenComponentsDoNotReadPairsAndItsMissIsNotMeasured() throws Exception {
        Path broken = cold.resolveSibling("broken_torch_trace.log");
        Files.writeString(broken, unreadableFxGraphComponents(Files.readString(cold, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
        // Only a warm log's bad lines refuse a pair (they could not be attributed); the cold log's are the receipt's own.
        assertThatThrownBy(() -> assertThat(pair(broken, warm)).warmStart().cacheKeysDifferOnlyIn("inductor_config[size_asserts]"))
                .hasMessage(lines("""

                        Expecting
                          warm start of the broken_torch_trace receipt
                        to have cache keys that differ only in inductor_config[size_asserts]
                        but 1 lookup could not be compared component by component, so its key may differ in any component:
                          run baseline: 0/0 missed the FX graph cache: NM
                        to check only the AOTAutograd cache, whose keys were compared: cacheKeysDifferOnlyIn(Stage.AOT_AUTOGRAD, "inductor_config[size_asserts]")"""
                        .replace("NM", KeyComparison.NOT_MEASURED)));
        assertThat(pair(broken, warm)).warmStart().cacheKeysDifferOnlyIn(Stage.AOT_AUTOGRAD, "inductor_config[size_asserts]");
    }

    /** The log with the FX graph miss's {@code compile_receipt_components} replaced by base64 of no deflate stream. */
    private static String unreadableFxGraphComponents(String log) throws Exception {
        List<String> lines = log.lines().toList();
        StringBuilder out = new StringBuilder();
        Pattern components = Pattern.compile("\"compile_receipt_components\":\"[^\"]*\"");
        Pattern hash = Pattern.compile("\"has_payload\":\"[0-9a-f]{32}\"");
        int replaced = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.contains("\"fx_graph_cache_miss\"") && i + 1 < lines.size()) {
                String payload = components.matcher(lines.get(i + 1).substring(1)).replaceFirst("\"compile_receipt_components\":\"AAAA\"");
                String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(payload.getBytes(StandardCharsets.UTF_8)));
                out.append(hash.matcher(line).replaceFirst(Matcher.quoteReplacement("\"has_payload\":\"" + md5 + "\""))).append('\n');
                out.append('\t').append(payload).append('\n');
                i++;
                replaced++;
                continue;
            }
            out.append(line).append('\n');
        }
        org.assertj.core.api.Assertions.assertThat(replaced).isEqualTo(1);
        return out.toString();
    }
}
