package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class VisibleTextTest {

    @Test
    void controlAndBidiCharactersAreWrittenOutAndTabsAndTextStay() {
        assertThat(VisibleText.of("a\tb")).isEqualTo("a\tb");
        assertThat(VisibleText.of("ok\n\nfailures: none\n\u001b[8m")).isEqualTo("ok\\u000a\\u000afailures: none\\u000a\\u001b[8m");
        assertThat(VisibleText.of("\u007f\u0085\u202a\u202e\u2066\u2069")).isEqualTo("\\u007f\\u0085\\u202a\\u202e\\u2066\\u2069");
        assertThat(VisibleText.of("é · 😀 \u2065 \u202f")).isEqualTo("é · 😀 \u2065 \u202f");
    }

    @Test
    void zeroWidthAndOtherFormatCharactersAreWrittenOutSoTwoTextsNeverLookTheSame() {
        // U+200D joins, U+200B and U+2060 have no width, U+FEFF and U+00AD are invisible, U+2028 ends a line.
        assertThat(VisibleText.of("L['x\u200d']")).isEqualTo("L['x\\u200d']").isNotEqualTo(VisibleText.of("L['x']"));
        assertThat(VisibleText.of("\u200b\u200e\u2060\ufeff\u00ad\u2028\u2029")).isEqualTo(
                "\\u200b\\u200e\\u2060\\ufeff\\u00ad\\u2028\\u2029");
    }

    @Test
    void aLongValueIsCutWithACountOfWhatWasCut() {
        assertThat(VisibleText.cut("g".repeat(VisibleText.SHOWN_CHARS))).isEqualTo("g".repeat(VisibleText.SHOWN_CHARS));
        assertThat(VisibleText.cut("g".repeat(1_000_026))).isEqualTo("g".repeat(2000) + "… (998026 more characters)");
        // Cut first, then escaped: the count is of the value's own characters; a pair is never split.
        assertThat(VisibleText.cut("\u001b".repeat(3000))).isEqualTo("\\u001b".repeat(2000) + "… (1000 more characters)");
        assertThat(VisibleText.cut("g".repeat(1999) + "\ud83d\ude00" + "g")).isEqualTo("g".repeat(1999) + "… (3 more characters)");
        assertThat(VisibleText.shortened("\u200d".repeat(2001))).isEqualTo("\u200d".repeat(2000) + "… (1 more character)");
    }

    @Test
    void aListShowsTwentyItemsAndCountsTheRest() {
        List<Integer> ranks = IntStream.range(0, 100_000).boxed().toList();
        assertThat(VisibleText.list(ranks)).isEqualTo("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]"
                + " and 99980 more (100000 in all)");
        assertThat(VisibleText.list(List.of(0, 1))).isEqualTo("[0, 1]");
        assertThat(VisibleText.joined(List.of("a.py:1", "b\u001b.py:2"))).isEqualTo("a.py:1, b\\u001b.py:2");
    }
}
