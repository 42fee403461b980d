package dev.compilereceipt;

import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TORCH_LOGS text as a terminal recording or a CI log viewer keeps it, colours and all: the
 * escape sequences are taken out before a line is read, so a coloured text gives the receipt of the
 * plain one, and a message with a broken sequence in a line is a bad line, never a silent drop.
 */
class TorchLogsTerminalTest {

    private static final String ESC = "\u001b";

    @TempDir
    Path tmp;

    static Stream<String> texts() {
        return Stream.of("torch-logs/2.6-print-bridge", "torch-logs/2.14-print-bridge", "torch-logs/2.6-int-spec",
                "torch-logs/2.14-int-spec", "torch-logs/2.6-fallback", "torch-logs/2.14-fallback",
                "break-kinds/2.6-break-kinds", "break-kinds/2.14-break-kinds", "break-kinds/2.14-break-in-loop");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void aTextWrappedInColoursGivesTheReceiptOfThePlainText(String folder) throws IOException {
        Trace plain = Fixtures.trace(folder + "/torch_logs.txt");
        // Each line in cyan as a level-colouring handler writes it, the prefix in bold, a progress bar's
        // erase-line and a window title (OSC) on the first line.
        Trace coloured = Traces.read(written(folder, "cyan", line -> ESC + "[36m" + line + ESC + "[0m"));
        Trace bold = Traces.read(written(folder, "bold", line -> ESC + "[2K" + ESC + "]0;pytest" + "\u0007"
                + line.replaceFirst("^(\\S+ \\S+)", ESC + "[1;33m$1" + ESC + "[22m") + ESC + "[m"));
        for (Trace trace : List.of(coloured, bold)) {
            assertThat(trace.badLines()).isEqualTo(plain.badLines());
            assertThat(trace.sha256()).isEqualTo(plain.sha256());
            assertThat(Receipt.of(trace).receiptSha256()).isEqualTo(Receipt.of(plain).receiptSha256());
        }
    }

    @Test
    void oneColouredMessageAmongPlainOnesCounts() throws IOException {
        // The case as seen: one recompile message coloured, the others plain; read as other output it dropped a recompile.
        Path plainFile = Fixtures.path("torch-logs/2.14-int-spec/torch_logs.txt");
        List<String> lines = Files.readAllLines(plainFile);
        int first = firstLineOf(lines, "Recompiling function");
        String key = lines.get(first).substring(0, lines.get(first).indexOf(" Recompiling"));
        List<String> mixed = lines.stream().map(line -> line.startsWith(key) ? ESC + "[36m" + line + ESC + "[0m" : line)
                .collect(Collectors.toList());
        Path file = Files.write(Files.createDirectories(tmp.resolve("mixed")).resolve("torch_logs.txt"), mixed);
        CompileLog read = log(Traces.read(file));
        CompileLog plain = log(Traces.read(plainFile));
        assertThat(read.recompiles()).isEqualTo(plain.recompiles()).isNotEmpty();
        assertThat(read.recompileReasons()).isEqualTo(plain.recompileReasons());
    }

    @Test
    void aColouredTextOfTwoRanksIsToldByItsContent() throws IOException {
        // Coloured from its first byte on: the sniffing reads the lines without their codes, so ranks are listed.
        List<String> lines = Files.readAllLines(Fixtures.path("torch-logs/2.14-int-spec/torch_logs.txt"));
        List<String> ranked = new java.util.ArrayList<>();
        for (int rank = 0; rank < 2; rank++) {
            for (String line : lines) {
                ranked.add(ESC + "[36m[rank" + rank + "]:" + line + ESC + "[0m");
            }
        }
        Path file = Files.write(Files.createDirectories(tmp.resolve("ranks")).resolve("torch_logs.txt"), ranked);
        assertThat(Traces.ranks(file)).containsExactly(0, 1);
        assertThat(log(Traces.read(TraceRequest.of(file).withRank(1)))).isEqualTo(log(Fixtures.trace("torch-logs/2.14-int-spec/torch_logs.txt")));
    }

    @Test
    void aMessageWithABrokenSequenceIsABadLine() throws IOException {
        Path plainFile = Fixtures.path("torch-logs/2.14-int-spec/torch_logs.txt");
        List<String> lines = Files.readAllLines(plainFile);
        int first = firstLineOf(lines, "Recompiling function");
        // The message's second line ends inside a colour code, as a log cut mid-write leaves it.
        lines.set(first + 1, lines.get(first + 1) + ESC + "[3");
        Path file = Files.write(Files.createDirectories(tmp.resolve("broken")).resolve("torch_logs.txt"), lines);
        Trace trace = Traces.read(file);
        assertThat(trace.badLines()).hasValue(List.of(first + 1L));
        assertThat(log(trace).recompiles()).hasSize(log(Traces.read(plainFile)).recompiles().size() - 1);
    }

    private Path written(String folder, String variant, UnaryOperator<String> colour) throws IOException {
        List<String> lines = Files.readAllLines(Fixtures.path(folder + "/torch_logs.txt"));
        Path dir = Files.createDirectories(tmp.resolve(variant).resolve(folder));
        return Files.write(dir.resolve("torch_logs.txt"), lines.stream().map(colour).collect(Collectors.toList()));
    }

    private static int firstLineOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError("no line holds " + text);
    }

    private static CompileLog log(Trace trace) {
        return trace.runs().get(0).compileLog().orElseThrow();
    }
}
