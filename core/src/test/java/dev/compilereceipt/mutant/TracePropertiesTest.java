package dev.compilereceipt.mutant;

import dev.compilereceipt.testsupport.ReadOutcome;
import dev.compilereceipt.testsupport.ScrambledJson;
import dev.compilereceipt.testsupport.ValidLogs;
import dev.compilereceipt.testsupport.ValidTraces;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.Call;
import dev.compilereceipt.trace.Event;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties of the reader and the receipt over generated valid traces ({@link ValidTraces}): the
 * canonical form is a fixed point and what the hash is taken of, the hash ignores key order,
 * whitespace and escapes, every mutant a trace can show changes the receipt hash, and the order of
 * runs in the file changes no run's figures; a TORCH_TRACE log of the same calls ({@link ValidLogs})
 * reads the same twice and with CRLF line ends.
 */
class TracePropertiesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Provide
    Arbitrary<ValidTraces.TraceSpec> traces() {
        return ValidTraces.traces();
    }

    @Provide
    Arbitrary<ValidTraces.TraceSpec> twoRunTraces() {
        return ValidTraces.twoRunTraces();
    }

    @Property(tries = 200)
    void canonicalFormRoundTripsAndTheReceiptIsStable(@ForAll("traces") ValidTraces.TraceSpec spec) throws Exception {
        byte[] document = JSON.writeValueAsBytes(spec.tree());
        // Export, re-import, export: the same bytes; their hash is trace_sha256; the receipt reads back the same.
        assertThat(ReadOutcome.compileTrace(document)).isPresent();
    }

    @Property(tries = 200)
    void theHashesIgnoreKeyOrderWhitespaceAndEscapes(@ForAll("traces") ValidTraces.TraceSpec spec, @ForAll long seed)
            throws Exception {
        Trace plain = ReadOutcome.readCompileTrace(JSON.writeValueAsBytes(spec.tree()));
        Trace scrambled = ReadOutcome.readCompileTrace(ScrambledJson.write(spec.tree(), seed));
        assertThat(scrambled.sha256()).isEqualTo(plain.sha256());
        assertThat(Receipt.of(scrambled).receiptSha256()).isEqualTo(Receipt.of(plain).receiptSha256());
    }

    @Property(tries = 200)
    void everyDistinguishableMutantChangesTheReceiptHash(@ForAll("traces") ValidTraces.TraceSpec spec) throws Exception {
        Trace trace = ReadOutcome.readCompileTrace(JSON.writeValueAsBytes(spec.tree()));
        String truth = Receipt.of(trace).receiptSha256();
        Set<Mutant> shown = distinguishable(trace);
        for (Mutant mutant : Mutant.values()) {
            Statistics.label(mutant.id()).collect(shown.contains(mutant));
            if (shown.contains(mutant)) {
                assertThat(mutant.receiptOf(trace).receiptSha256()).as(mutant.id()).isNotEqualTo(truth);
            }
        }
        // A property that never sees a mutant cannot fail: each must be shown by a fair share of the traces.
        for (Mutant mutant : Mutant.values()) {
            Statistics.label(mutant.id()).coverage(coverage -> coverage.check(true).percentage(p -> p >= 15));
        }
    }

    @Property(tries = 200)
    void runOrderInTheFileChangesNoRunsFigures(@ForAll("twoRunTraces") ValidTraces.TraceSpec spec) throws Exception {
        ObjectNode baselineFirst = spec.tree();
        ObjectNode candidateFirst = baselineFirst.deepCopy();
        ArrayNode runs = (ArrayNode) candidateFirst.get("runs");
        JsonNode baseline = runs.remove(0);
        runs.add(baseline);
        Receipt one = Receipt.of(ReadOutcome.readCompileTrace(JSON.writeValueAsBytes(baselineFirst)));
        Receipt other = Receipt.of(ReadOutcome.readCompileTrace(JSON.writeValueAsBytes(candidateFirst)));
        for (String run : new String[] {Run.BASELINE, Run.CANDIDATE}) {
            assertThat(other.run(run)).isEqualTo(one.run(run));
            assertThat(other.ledger().rows(run)).isEqualTo(one.ledger().rows(run));
        }
        assertThat(other.comparisons()).isEqualTo(one.comparisons());
        assertThat(other.failures()).isEqualTo(one.failures());
    }

    /** The mutants a trace has the material to show, in the contract's terms (section 5). */
    @Property(tries = 100)
    void aTorchTraceLogReadsTheSameTwiceAndWithCrlfLineEnds(@ForAll("traces") ValidTraces.TraceSpec spec) {
        List<String> lines = ValidLogs.lines(spec);
        byte[] lf = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] crlf = (String.join("\r\n", lines) + "\r\n").getBytes(StandardCharsets.UTF_8);
        // Sound (receipt, mutants, exports), and the same on a second read: ReadOutcome checks both.
        Trace trace = ReadOutcome.torchTrace(lf).orElseThrow();
        assertThat(trace.badLines()).hasValue(List.of());
        assertThat(trace.runs()).hasSize(spec.candidate().isPresent() ? 2 : 1);
        // LogLines drops a CR before each LF, and PyTorch hashes payloads with \n: every MD5 still matches.
        Trace windows = ReadOutcome.readTorchTrace(crlf);
        assertThat(windows.sha256()).isEqualTo(trace.sha256());
        assertThat(Receipt.of(windows).receiptSha256()).isEqualTo(Receipt.of(trace).receiptSha256());
    }

    private static Set<Mutant> distinguishable(Trace trace) {
        Set<Mutant> shown = EnumSet.noneOf(Mutant.class);
        Receipt truth = Receipt.of(trace);
        for (Run run : trace.runs()) {
            for (Call call : run.calls()) {
                if (call.phase() == Phase.WARMUP) {
                    shown.add(Mutant.DROP_WARMUP);
                }
                for (Event event : call.events()) {
                    if (event instanceof Event.Break) {
                        shown.add(Mutant.CONFLATE_BREAKS_AND_RECOMPILES);
                    }
                    if (event instanceof Event.Region region && !region.isCompile()) {
                        shown.add(Mutant.COUNT_CACHE_HITS_AS_COMPILES);
                    }
                }
            }
        }
        // Hidden islands show where a call's eager time survives rounding to 4 decimals.
        if (truth.ledger().rows().stream().anyMatch(row -> row.eagerIslandMs().orElse(0) > 0)) {
            shown.add(Mutant.HIDE_EAGER_ISLANDS);
        }
        // One divisor too many shows where the two means of a candidate phase of n calls differ by more
        // than rounding can hide: total / n - total / (n + 1) = total / (n (n + 1)) ≥ 0.0002 ms.
        trace.run(Run.CANDIDATE).filter(candidate -> trace.runs().size() == 2).ifPresent(candidate -> {
            for (Phase phase : Phase.values()) {
                int n = candidate.callsIn(phase).size();
                double total = candidate.callsIn(phase).stream().mapToDouble(Call::wallMs).sum();
                if (n > 0 && total >= 0.0002 * n * (n + 1)) {
                    shown.add(Mutant.AVERAGE_UNEQUAL_CALLS);
                }
            }
        });
        return shown;
    }
}
