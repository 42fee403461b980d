package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.diff.FreezeCheck;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.FrozenLog;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Freezing a log built to exhaust what the freezer keeps about what it drops (issue 30): half a
 * million distinct record kinds, which the reader reads in 64 MiB, ran the freezer out of memory
 * and gave a 10.5 MB summary line. Under {@code -Xmx64m} (the hostile-input execution).
 */
@Tag("hostile")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostileFreezeLogTest {

    @TempDir
    Path dir;

    @Test
    void halfAMillionDistinctDroppedKindsAreCountedInBoundedMemory() throws IOException {
        Path log = Files.copy(Fixtures.path("torch-2.14/print-bridge/torch_trace.log"), dir.resolve("kinds.log"));
        try (BufferedWriter out = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
            for (int i = 0; i < 500_000; i++) {
                out.write("V1201 06:04:40.000000 24391 capture.py:50] {\"k" + String.format("%013d", i) + "\": {}}\n");
            }
        }
        assertThat(Files.size(log)).isEqualTo(35_065_537L);
        Receipt original = Receipt.of(Traces.read(log));
        Path frozen = dir.resolve("pb.log");
        FrozenLog written = Traces.freeze(log, frozen, Optional.empty());
        assertThat(written.droppedByKind()).hasSize(FrozenLog.NAMED_KINDS);
        // 2.14's own 802 dropped records are of 21 kinds (its dynamo_output_graph and torch_version records are kept, and
        // its 6 autograd_cache_miss chromium events);
        // 43 of the new ones are named, 499,957 only counted. The summary shows the 20 most frequent kinds, all
        // 2.14's with 2 records or more; the rest are its last kind of 2 records and the 500,000 new ones.
        assertThat(written.droppedOfOtherKinds()).isEqualTo(499_957L);
        assertThat(written.summary()).startsWith("kept 102 of 500904 records, dropped 500802 (chromium_event 677, ")
                .contains("_MODIFIED_BYTECODE 2 and 500002 more records of other kinds); 35065537 → " + Files.size(frozen)
                        + " bytes (0.3%)")
                .hasSizeLessThan(1000);
        assertThat(FreezeCheck.differences(original, Receipt.of(Traces.read(frozen)), Optional.empty()).isEmpty()).isTrue();
    }
}
