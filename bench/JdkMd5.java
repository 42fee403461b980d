import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * md5sum of each half of a file, the two at once, with the JDK's MD5 in 64 KiB updates: bench/torch-trace-import.sh's
 * two-core floor (md5x2, which cuts the file at a whole MiB, this at the byte half) done by the JVM, on the JIT it is started with, so that the floor of any reader on the
 * launcher's JVM that checks every payload's MD5 stands beside md5sum's. Prints each half's MD5.
 *
 *   java -XX:TieredStopAtLevel=1 -cp CLASSES JdkMd5 FILE
 */
public final class JdkMd5 {

    public static void main(String[] args) throws Exception {
        String file = args[0];
        long size = new java.io.File(file).length();
        String[] sums = new String[2];
        Thread second = new Thread(() -> sums[1] = md5(file, size / 2, size));
        second.start();
        sums[0] = md5(file, 0, size / 2);
        second.join();
        System.out.println(sums[0] + "  first half\n" + sums[1] + "  second half");
    }

    private static String md5(String file, long from, long to) {
        try (InputStream in = new FileInputStream(file)) {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            in.skipNBytes(from);
            byte[] chunk = new byte[1 << 16];
            for (long left = to - from; left > 0; ) {
                int read = in.read(chunk, 0, (int) Math.min(chunk.length, left));
                if (read < 0) {
                    throw new IOException(file + " ended before its length");
                }
                md5.update(chunk, 0, read);
                left -= read;
            }
            return HexFormat.of().formatHex(md5.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
