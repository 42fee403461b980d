package dev.compilereceipt.junit;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Which fields a test method reads, from its class file: the {@code getfield} and {@code
 * getstatic} instructions of the method and of the lambdas it holds ({@code lambda$name$N}). A
 * failing test attaches the receipts of the fixture fields it read, not of every field its class
 * has. When the class file cannot be read, every field counts as read: an extra attachment is
 * harmless, a missing one is not.
 *
 * <p>Example: {@code FieldReads.of(MyTest.class).get("steadyNeverCompiles")} holds {@code "ledger"} when that test uses it.
 */
final class FieldReads {

    private static final int GETSTATIC = 0xB2;
    private static final int GETFIELD = 0xB4;

    private FieldReads() {
    }

    /**
     * Whether the test {@code method} is one to attach {@code field}'s receipt to: it reads the field,
     * or no test method of its class reads it directly (then it is read through a helper or a
     * lifecycle method, which the class file does not tie to one test), or the class file cannot tell.
     */
    static boolean attaches(Method method, Field field) {
        Map<String, Set<String>> reads = of(method.getDeclaringClass());
        if (reads == null || reads.getOrDefault(method.getName(), Set.of()).contains(field.getName())) {
            return true;
        }
        for (Method other : method.getDeclaringClass().getDeclaredMethods()) {
            if (AnnotationSupport.isAnnotated(other, Testable.class)
                    && reads.getOrDefault(other.getName(), Set.of()).contains(field.getName())) {
                return false;
            }
        }
        return true;
    }

    /** The fields each method of {@code type} reads, by method name; null when its class file cannot be read. */
    static Map<String, Set<String>> of(Class<?> type) {
        String resource = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
        try (InputStream raw = type.getResourceAsStream(resource)) {
            return raw == null ? null : scan(new DataInputStream(raw));
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    private static Map<String, Set<String>> scan(DataInputStream in) throws IOException {
        in.readInt();
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] fieldNameAndType = new int[count];
        int[] nameOf = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 9 -> {
                    in.readUnsignedShort();
                    fieldNameAndType[i] = in.readUnsignedShort();
                }
                case 12 -> {
                    nameOf[i] = in.readUnsignedShort();
                    in.readUnsignedShort();
                }
                case 10, 11, 3, 4, 17, 18 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;
                }
                case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        in.readUnsignedShort();
        in.skipNBytes(2L * in.readUnsignedShort());
        skipMembers(in, in.readUnsignedShort());
        Map<String, Set<String>> reads = new HashMap<>();
        int methods = in.readUnsignedShort();
        for (int m = 0; m < methods; m++) {
            in.readUnsignedShort();
            String name = utf8[in.readUnsignedShort()];
            in.readUnsignedShort();
            // A lambda's reads belong to the method it is written in: lambda$<method>$<n>.
            String owner = name.startsWith("lambda$") && name.indexOf('$', 7) > 7 ? name.substring(7, name.indexOf('$', 7)) : name;
            Set<String> read = reads.computeIfAbsent(owner, key -> new HashSet<>());
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = utf8[in.readUnsignedShort()];
                byte[] body = new byte[in.readInt()];
                in.readFully(body);
                if ("Code".equals(attribute)) {
                    int length = ((body[4] & 0xFF) << 24) | ((body[5] & 0xFF) << 16) | ((body[6] & 0xFF) << 8) | (body[7] & 0xFF);
                    // Each getfield/getstatic whose operand names a field reference; a stray match only adds a name.
                    for (int i = 8; i + 2 < 8 + length; i++) {
                        int op = body[i] & 0xFF;
                        if (op == GETFIELD || op == GETSTATIC) {
                            int index = ((body[i + 1] & 0xFF) << 8) | (body[i + 2] & 0xFF);
                            if (index > 0 && index < count && fieldNameAndType[index] > 0) {
                                read.add(utf8[nameOf[fieldNameAndType[index]]]);
                            }
                        }
                    }
                }
            }
        }
        return reads;
    }

    private static void skipMembers(DataInputStream in, int members) throws IOException {
        for (int m = 0; m < members; m++) {
            in.readUnsignedShort();
            in.readUnsignedShort();
            in.readUnsignedShort();
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                in.readUnsignedShort();
                in.skipNBytes(in.readInt());
            }
        }
    }
}
