package dev.compilereceipt.read.torchlogs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.read.BreakMessage;
import dev.compilereceipt.read.StringPool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shortcuts of the text reader's hot path give what the plain reading gives: the sieve's word
 * test finds every line its byte test finds, a line read with the memory of the last prefix reads as
 * it does alone, and a break message read again from the same lines is the one read first.
 */
class TextSieveTest {

    @Test
    void theWordTestFindsEveryPrefixStartTheByteTestFinds() {
        Random random = new Random(34);
        // Separators, level letters, digits, the rank tag's letters and others; every line starts with a space,
        // so only the positions past the first decide.
        String alphabet = " \t]:|[VIWEFC0123456789rankxyz./_";
        int found = 0;
        for (int n = 0; n < 200_000; n++) {
            int length = 1 + random.nextInt(random.nextInt(8) == 0 ? 400 : 40);
            byte[] line = new byte[length];
            line[0] = ' ';
            for (int i = 1; i < length; i++) {
                line[i] = (byte) alphabet.charAt(random.nextInt(random.nextInt(3) == 0 ? alphabet.length() : 6));
            }
            boolean expected = TextSieve.startsIn(line, length, 1, Math.min(length, 256));
            assertThat(TextSieve.mayBePyTorch(line, length)).as(new String(line, StandardCharsets.US_ASCII)).isEqualTo(expected);
            found += expected ? 1 : 0;
        }
        // Both answers come up often enough for the comparison to mean something.
        assertThat(found).isBetween(20_000, 180_000);
    }

    @Test
    void theWordTestSeesADigitOrABracketInEveryPlaceOfAWord() {
        byte[] word = "abcdefgh".getBytes(StandardCharsets.US_ASCII);
        assertThat(TextSieve.mayHoldStart(word(word))).isFalse();
        for (int at = 0; at < 8; at++) {
            for (char c : "0579[".toCharArray()) {
                byte[] w = word.clone();
                w[at] = (byte) c;
                assertThat(TextSieve.mayHoldStart(word(w))).as("%c at %d", c, at).isTrue();
            }
            for (char c : "/:;Z\\]".toCharArray()) {
                byte[] w = word.clone();
                w[at] = (byte) c;
                assertThat(TextSieve.mayHoldStart(word(w))).as("%c at %d", c, at).isFalse();
            }
        }
    }

    @Test
    void everyPrefixedLineOfTheFixturesReadsWithTheLastPrefixRememberedAsItDoesAlone() throws IOException {
        int lines = 0;
        int remembered = 0;
        for (Path text : texts()) {
            PrefixMemory memory = new PrefixMemory();
            for (String line : Files.readAllLines(text, StandardCharsets.UTF_8)) {
                byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
                if (!line.chars().allMatch(c -> c < 0x80 && c != 0x1b)) {
                    continue;
                }
                Optional<TextLine> alone = TextLine.parse(line);
                remembered += memory.sameAsLast(bytes, bytes.length) != null ? 1 : 0;
                assertThat(TextLine.parse(bytes, bytes.length, memory)).as("%s: %s", text, line).isEqualTo(alone);
                lines += alone.isPresent() ? 1 : 0;
            }
        }
        assertThat(lines).isGreaterThan(1_000);
        // Most lines of a message carry the prefix of the line before.
        assertThat(remembered).isGreaterThan(lines / 2);
    }

    @Test
    void onlyAPrefixEndingWithItsArtifactIsRememberedSoALongerPrefixIsReadAfresh() {
        PrefixMemory memory = new PrefixMemory();
        String untagged = "W1201 07:02:19.190000 9948 torch/_dynamo/convert_frame.py:1233] [0/0]";
        byte[] limit = (untagged + " torch._dynamo hit config.recompile_limit (8)").getBytes(StandardCharsets.US_ASCII);
        assertThat(TextLine.parse(limit, limit.length, memory).orElseThrow().artifact()).isEmpty();
        // The same bytes and a tag after them: a prefix without an artifact is not remembered, the tag is read.
        byte[] tagged = (untagged + " [__graph_breaks] Graph break in user code at /x.py:1").getBytes(StandardCharsets.US_ASCII);
        assertThat(memory.sameAsLast(tagged, tagged.length)).isNull();
        TextLine read = TextLine.parse(tagged, tagged.length, memory).orElseThrow();
        assertThat(read.artifact()).contains("graph_breaks");
        assertThat(read.message()).isEqualTo("Graph break in user code at /x.py:1");
        // Now remembered: the next line of the message reads from the memory, its message alone new.
        byte[] next = (untagged + " [__graph_breaks] Reason: x").getBytes(StandardCharsets.US_ASCII);
        assertThat(memory.sameAsLast(next, next.length)).isSameAs(read);
        TextLine nextRead = TextLine.parse(next, next.length, memory).orElseThrow();
        assertThat(nextRead.key()).isSameAs(read.key());
        assertThat(nextRead.message()).isEqualTo("Reason: x");
        // A line cut inside the prefix is not the prefix.
        byte[] cut = untagged.substring(0, 40).getBytes(StandardCharsets.US_ASCII);
        assertThat(memory.sameAsLast(cut, cut.length)).isNull();
    }

    @Test
    void aBreakReadAgainFromTheSameLinesIsTheOneReadFirstWhileThePoolKeepsEveryString() {
        List<String> lines = List.of("Graph break in user code at /rtl/scenarios.py:31",
                "Reason: Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True",
                "User code traceback:", "  File \"/rtl/scenarios.py\", line 31, in f");
        StringPool pool = new StringPool();
        BreakMessages breaks = new BreakMessages(pool);
        BreakMessage first = breaks.of(new ArrayList<>(lines), 200);
        assertThat(first).isEqualTo(BreakMessage.withSiteLine(lines, new StringPool()));
        assertThat(first.site()).contains("/rtl/scenarios.py:31");
        assertThat(breaks.of(new ArrayList<>(lines), 200)).isSameAs(first);
        // Past its own size the pool keeps no string: reading again would count them again, so nothing is remembered.
        StringPool full = new StringPool();
        for (int i = 0; !full.full(); i++) {
            full.intern("s" + i);
        }
        BreakMessages unremembered = new BreakMessages(full);
        BreakMessage once = unremembered.of(lines, 200);
        assertThat(unremembered.of(lines, 200)).isEqualTo(once).isNotSameAs(once);
        // A long message is read every time.
        assertThat(breaks.of(lines, BreakMessages.MAX_CHARS + 1)).isEqualTo(first).isNotSameAs(first);
        // Past the messages it remembers, the least recently met is read again, and reads the same.
        for (int site = 0; site < BreakMessages.MAX; site++) {
            List<String> other = List.of("Graph break in user code at /x.py:" + site, "Reason: Unsupported: " + site);
            assertThat(breaks.of(other, 60).site()).contains("/x.py:" + site);
            assertThat(breaks.of(other, 60).reason()).isEqualTo("Unsupported: " + site);
        }
        BreakMessage again = breaks.of(new ArrayList<>(lines), 200);
        assertThat(again).isEqualTo(first).isNotSameAs(first);
        assertThat(breaks.of(lines, 200)).isSameAs(again);
    }

    @Test
    void aBreakLineMetAgainIsTheSameStringAndEveryLineReadsAsItsBytes() {
        BreakLines table = new BreakLines();
        byte[] text = "xx  File \"/rtl/scenarios.py\", line 31, in f".getBytes(StandardCharsets.US_ASCII);
        String first = table.of(text, 2, text.length);
        assertThat(first).isEqualTo("  File \"/rtl/scenarios.py\", line 31, in f");
        assertThat(table.of(text.clone(), 2, text.length)).isSameAs(first);
        // More distinct lines than slots: each still reads as its own bytes, whichever slot it takes.
        Random random = new Random(34);
        for (int n = 0; n < 20 * BreakLines.SLOTS; n++) {
            String line = "Reason: " + random.nextInt(4 * BreakLines.SLOTS);
            byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
            assertThat(table.of(bytes, 0, bytes.length)).isEqualTo(line);
        }
        byte[] longLine = "y".repeat(BreakLines.LONGEST + 1).getBytes(StandardCharsets.US_ASCII);
        String once = table.of(longLine, 0, longLine.length);
        assertThat(table.of(longLine, 0, longLine.length)).isEqualTo(once).isNotSameAs(once);
    }

    private static long word(byte[] eight) {
        long w = 0;
        for (int i = 7; i >= 0; i--) {
            w = (w << 8) | (eight[i] & 0xFF);
        }
        return w;
    }

    private static List<Path> texts() throws IOException {
        try (Stream<Path> files = Files.walk(TextPartsTest.fixtures())) {
            return files.filter(p -> p.getFileName().toString().equals("torch_logs.txt")).sorted().toList();
        }
    }
}
