package dev.compilereceipt.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link ByteWords#first} without a count of trailing zeros gives what that count gives, for every answer a test can make. */
class ByteWordsTest {

    @Test
    void firstNamesTheLowestFlaggedByte() {
        assertThat(ByteWords.first(0)).isEqualTo(8);
        assertThat(ByteWords.first(0x80L)).isEqualTo(0);
        assertThat(ByteWords.first(0x8080L)).isEqualTo(0);
        assertThat(ByteWords.first(0x8000L)).isEqualTo(1);
        assertThat(ByteWords.first(0x0080_0000_8000_0000L)).isEqualTo(3);
        assertThat(ByteWords.first(0x8000_0000_0000_0000L)).isEqualTo(7);
    }

    @Test
    void firstAgreesWithTheTrailingZerosOfEveryWordOfHighBits() {
        for (int bits = 0; bits < 256; bits++) {
            long flags = 0;
            for (int k = 0; k < 8; k++) {
                if ((bits & (1 << k)) != 0) {
                    flags |= 0x80L << (8 * k);
                }
            }
            assertThat(ByteWords.first(flags)).as("%016x", flags).isEqualTo(Long.numberOfTrailingZeros(flags) >>> 3);
        }
    }

    @Test
    void firstOfATestsAnswerIsTheFirstMatchingByte() {
        byte[] b = "abc\ndef\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(ByteWords.first(ByteWords.equal(ByteWords.at(b, 0), ByteWords.repeated('\n')))).isEqualTo(3);
        assertThat(ByteWords.first(ByteWords.equal(ByteWords.at(b, 0), ByteWords.repeated('z')))).isEqualTo(8);
    }
}
