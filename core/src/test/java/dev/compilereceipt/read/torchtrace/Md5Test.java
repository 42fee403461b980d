package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The payload MD5 digests what the JDK's digests: RFC 1321's own examples, every length to 1 KiB, any split. */
class Md5Test {

    private static String md5(String text) {
        Md5 md5 = new Md5();
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        md5.update(bytes, 0, bytes.length);
        return HexFormat.of().formatHex(md5.digest());
    }

    @Test
    void digestsRfc1321sExamples() {
        assertThat(md5("")).isEqualTo("d41d8cd98f00b204e9800998ecf8427e");
        assertThat(md5("a")).isEqualTo("0cc175b9c0f1b6a831c399e269772661");
        assertThat(md5("abc")).isEqualTo("900150983cd24fb0d6963f7d28e17f72");
        assertThat(md5("message digest")).isEqualTo("f96b697d7cb7938d525a2f31aaf161d0");
        assertThat(md5("abcdefghijklmnopqrstuvwxyz")).isEqualTo("c3fcd3d76192e4007dfb496cca67e13b");
        assertThat(md5("12345678901234567890123456789012345678901234567890123456789012345678901234567890"))
                .isEqualTo("57edf4a22be3c955ac49da2e2107b67a");
    }

    @Test
    void digestsWhatTheJdksDigestsAtEveryLengthAndSplit() throws NoSuchAlgorithmException {
        Random random = new Random(48);
        MessageDigest jdk = MessageDigest.getInstance("MD5");
        Md5 md5 = new Md5();
        int differ = 0;
        for (int length = 0; length <= 1024; length++) {
            byte[] bytes = new byte[length + 7];
            random.nextBytes(bytes);
            int from = random.nextInt(8);
            // In pieces of random sizes, some empty, from an offset into the array; the same Md5 each time (digest resets).
            for (int at = from; at < from + length; ) {
                int piece = Math.min(from + length - at, random.nextInt(length % 3 == 0 ? 200 : 70));
                md5.update(bytes, at, piece);
                at += piece;
            }
            jdk.update(bytes, from, length);
            if (!HexFormat.of().formatHex(md5.digest()).equals(HexFormat.of().formatHex(jdk.digest()))) {
                differ++;
            }
        }
        assertThat(differ).isZero();
    }

    @Test
    void resetForgetsWhatWasAdded() {
        Md5 md5 = new Md5();
        byte[] noise = new byte[100];
        md5.update(noise, 0, 100);
        md5.reset();
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        md5.update(abc, 0, 3);
        assertThat(HexFormat.of().formatHex(md5.digest())).isEqualTo("900150983cd24fb0d6963f7d28e17f72");
    }
}
