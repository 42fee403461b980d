package dev.compilereceipt.read.torchtrace;

/**
 * MD5 (RFC 1321) of every payload, written for the launcher's JVM: the JDK's own reads each block's words
 * through a {@code VarHandle}, which C1 (the launcher's {@code -XX:TieredStopAtLevel=1}) calls rather than
 * compiles, so half of its time went to the reads; here each word is four byte loads and shifts, and the 64
 * steps are written out. Digests what {@code MessageDigest.getInstance("MD5")} digests (Md5Test, every length
 * from 0 to 1 KiB and any split of the updates).
 *
 * <p>Example: {@code md5.update(bytes, 0, bytes.length); md5.digest()} of {@code "abc"} is
 * {@code 900150983cd24fb0d6963f7d28e17f72} as bytes; {@code digest} starts the next hash.
 */
final class Md5 {

    private static final int BLOCK = 64;

    private int a;
    private int b;
    private int c;
    private int d;
    private final byte[] buffer = new byte[BLOCK];
    private int buffered;
    private long length;

    Md5() {
        reset();
    }

    /** Starts a new hash. */
    void reset() {
        a = 0x67452301;
        b = 0xefcdab89;
        c = 0x98badcfe;
        d = 0x10325476;
        buffered = 0;
        length = 0;
    }

    /** Adds {@code bytes[from, from + count)}. */
    void update(byte[] bytes, int from, int count) {
        int at = from;
        int left = count;
        length += count;
        if (buffered > 0) {
            int taken = Math.min(left, BLOCK - buffered);
            System.arraycopy(bytes, at, buffer, buffered, taken);
            buffered += taken;
            at += taken;
            left -= taken;
            if (buffered < BLOCK) {
                return;
            }
            block(buffer, 0);
            buffered = 0;
        }
        while (left >= BLOCK) {
            block(bytes, at);
            at += BLOCK;
            left -= BLOCK;
        }
        System.arraycopy(bytes, at, buffer, 0, left);
        buffered = left;
    }

    /** The 16 bytes of the hash of what was added since the last {@link #reset}; then resets. */
    byte[] digest() {
        long bits = length << 3;
        buffer[buffered++] = (byte) 0x80;
        if (buffered > BLOCK - 8) {
            java.util.Arrays.fill(buffer, buffered, BLOCK, (byte) 0);
            block(buffer, 0);
            buffered = 0;
        }
        java.util.Arrays.fill(buffer, buffered, BLOCK - 8, (byte) 0);
        for (int i = 0; i < 8; i++) {
            buffer[BLOCK - 8 + i] = (byte) (bits >>> (8 * i));
        }
        block(buffer, 0);
        byte[] out = new byte[16];
        int[] words = {a, b, c, d};
        for (int i = 0; i < 16; i++) {
            out[i] = (byte) (words[i >> 2] >>> (8 * (i & 3)));
        }
        reset();
        return out;
    }

    private static int word(byte[] bytes, int at) {
        return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8 | (bytes[at + 2] & 0xFF) << 16 | bytes[at + 3] << 24;
    }

    private static int f(int a, int b, int c, int d, int xt, int s) {
        return b + Integer.rotateLeft(a + ((b & c) | (~b & d)) + xt, s);
    }

    private static int g(int a, int b, int c, int d, int xt, int s) {
        return b + Integer.rotateLeft(a + ((b & d) | (c & ~d)) + xt, s);
    }

    private static int h(int a, int b, int c, int d, int xt, int s) {
        return b + Integer.rotateLeft(a + (b ^ c ^ d) + xt, s);
    }

    private static int i(int a, int b, int c, int d, int xt, int s) {
        return b + Integer.rotateLeft(a + (c ^ (b | ~d)) + xt, s);
    }

    private void block(byte[] bytes, int at) {
        int x0 = word(bytes, at);
        int x1 = word(bytes, at + 4);
        int x2 = word(bytes, at + 8);
        int x3 = word(bytes, at + 12);
        int x4 = word(bytes, at + 16);
        int x5 = word(bytes, at + 20);
        int x6 = word(bytes, at + 24);
        int x7 = word(bytes, at + 28);
        int x8 = word(bytes, at + 32);
        int x9 = word(bytes, at + 36);
        int x10 = word(bytes, at + 40);
        int x11 = word(bytes, at + 44);
        int x12 = word(bytes, at + 48);
        int x13 = word(bytes, at + 52);
        int x14 = word(bytes, at + 56);
        int x15 = word(bytes, at + 60);
        int a = this.a;
        int b = this.b;
        int c = this.c;
        int d = this.d;
        a = f(a, b, c, d, x0 + 0xd76aa478, 7);
        d = f(d, a, b, c, x1 + 0xe8c7b756, 12);
        c = f(c, d, a, b, x2 + 0x242070db, 17);
        b = f(b, c, d, a, x3 + 0xc1bdceee, 22);
        a = f(a, b, c, d, x4 + 0xf57c0faf, 7);
        d = f(d, a, b, c, x5 + 0x4787c62a, 12);
        c = f(c, d, a, b, x6 + 0xa8304613, 17);
        b = f(b, c, d, a, x7 + 0xfd469501, 22);
        a = f(a, b, c, d, x8 + 0x698098d8, 7);
        d = f(d, a, b, c, x9 + 0x8b44f7af, 12);
        c = f(c, d, a, b, x10 + 0xffff5bb1, 17);
        b = f(b, c, d, a, x11 + 0x895cd7be, 22);
        a = f(a, b, c, d, x12 + 0x6b901122, 7);
        d = f(d, a, b, c, x13 + 0xfd987193, 12);
        c = f(c, d, a, b, x14 + 0xa679438e, 17);
        b = f(b, c, d, a, x15 + 0x49b40821, 22);
        a = g(a, b, c, d, x1 + 0xf61e2562, 5);
        d = g(d, a, b, c, x6 + 0xc040b340, 9);
        c = g(c, d, a, b, x11 + 0x265e5a51, 14);
        b = g(b, c, d, a, x0 + 0xe9b6c7aa, 20);
        a = g(a, b, c, d, x5 + 0xd62f105d, 5);
        d = g(d, a, b, c, x10 + 0x02441453, 9);
        c = g(c, d, a, b, x15 + 0xd8a1e681, 14);
        b = g(b, c, d, a, x4 + 0xe7d3fbc8, 20);
        a = g(a, b, c, d, x9 + 0x21e1cde6, 5);
        d = g(d, a, b, c, x14 + 0xc33707d6, 9);
        c = g(c, d, a, b, x3 + 0xf4d50d87, 14);
        b = g(b, c, d, a, x8 + 0x455a14ed, 20);
        a = g(a, b, c, d, x13 + 0xa9e3e905, 5);
        d = g(d, a, b, c, x2 + 0xfcefa3f8, 9);
        c = g(c, d, a, b, x7 + 0x676f02d9, 14);
        b = g(b, c, d, a, x12 + 0x8d2a4c8a, 20);
        a = h(a, b, c, d, x5 + 0xfffa3942, 4);
        d = h(d, a, b, c, x8 + 0x8771f681, 11);
        c = h(c, d, a, b, x11 + 0x6d9d6122, 16);
        b = h(b, c, d, a, x14 + 0xfde5380c, 23);
        a = h(a, b, c, d, x1 + 0xa4beea44, 4);
        d = h(d, a, b, c, x4 + 0x4bdecfa9, 11);
        c = h(c, d, a, b, x7 + 0xf6bb4b60, 16);
        b = h(b, c, d, a, x10 + 0xbebfbc70, 23);
        a = h(a, b, c, d, x13 + 0x289b7ec6, 4);
        d = h(d, a, b, c, x0 + 0xeaa127fa, 11);
        c = h(c, d, a, b, x3 + 0xd4ef3085, 16);
        b = h(b, c, d, a, x6 + 0x04881d05, 23);
        a = h(a, b, c, d, x9 + 0xd9d4d039, 4);
        d = h(d, a, b, c, x12 + 0xe6db99e5, 11);
        c = h(c, d, a, b, x15 + 0x1fa27cf8, 16);
        b = h(b, c, d, a, x2 + 0xc4ac5665, 23);
        a = i(a, b, c, d, x0 + 0xf4292244, 6);
        d = i(d, a, b, c, x7 + 0x432aff97, 10);
        c = i(c, d, a, b, x14 + 0xab9423a7, 15);
        b = i(b, c, d, a, x5 + 0xfc93a039, 21);
        a = i(a, b, c, d, x12 + 0x655b59c3, 6);
        d = i(d, a, b, c, x3 + 0x8f0ccc92, 10);
        c = i(c, d, a, b, x10 + 0xffeff47d, 15);
        b = i(b, c, d, a, x1 + 0x85845dd1, 21);
        a = i(a, b, c, d, x8 + 0x6fa87e4f, 6);
        d = i(d, a, b, c, x15 + 0xfe2ce6e0, 10);
        c = i(c, d, a, b, x6 + 0xa3014314, 15);
        b = i(b, c, d, a, x13 + 0x4e0811a1, 21);
        a = i(a, b, c, d, x4 + 0xf7537e82, 6);
        d = i(d, a, b, c, x11 + 0xbd3af235, 10);
        c = i(c, d, a, b, x2 + 0x2ad7d2bb, 15);
        b = i(b, c, d, a, x9 + 0xeb86d391, 21);
        this.a += a;
        this.b += b;
        this.c += c;
        this.d += d;
    }
}
