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
    void aListShowsTwentyItemsAndCountsTheRest() {
        List<Integer> ranks = IntStream.range(0, 100_000).boxed().toList();
        assertThat(VisibleText.list(ranks)).isEqualTo("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]"
                + " and 99980 more (100000 in all)");
        assertThat(VisibleText.list(List.of(0, 1))).isEqualTo("[0, 1]");
        assertThat(VisibleText.joined(List.of("a.py:1", "b\u001b.py:2"))).isEqualTo("a.py:1, b\\u001b.py:2");
    }
}
