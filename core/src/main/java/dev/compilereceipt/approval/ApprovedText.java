package dev.compilereceipt.approval;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An approved file as text: decoded as strict UTF-8, a leading byte-order mark skipped (editors on
 * Windows write one, and it says nothing about the receipt), or, when a byte is not UTF-8, where
 * that byte sits ({@link #notUtf8()}) with the text decoded leniently for showing. The JDK's own
 * {@code MalformedInputException} names neither the file nor the place, and a check that cannot
 * read its approved file must still fail like one that differs, writing the received file.
 */
record ApprovedText(String text, Optional<String> notUtf8) {

    /** An approved receipt is a few kilobytes; a file far over that is not one. */
    static final long MAX_APPROVED_BYTES = 64L << 20;

    private static final char BOM = '\uFEFF';

    /** The approved file's text, empty when there is no file; an {@link IllegalStateException} naming it when it cannot be read. */
    static Optional<ApprovedText> read(Path file) {
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_APPROVED_BYTES) {
                throw new IllegalStateException(file + ": over " + (MAX_APPROVED_BYTES >> 20)
                        + " MiB, which no approved receipt is; delete it or approve the received receipt in its place");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new IllegalStateException(file + ": cannot be read: " + e, e);
        }
        return Optional.of(of(bytes));
    }

    static ApprovedText of(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        // UTF-8 never decodes to more chars than it has bytes.
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            return new ApprovedText(new String(bytes, StandardCharsets.UTF_8), Optional.of(place(bytes, in.position(), result.length())));
        }
        String text = out.flip().toString();
        return new ApprovedText(!text.isEmpty() && text.charAt(0) == BOM ? text.substring(1) : text, Optional.empty());
    }

    /**
     * {@code byte 0xFF at line 3, column 7 (byte offset 40) is not UTF-8}, the column counted in
     * bytes, as the offset is.
     */
    private static String place(byte[] bytes, int offset, int length) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        List<String> held = new ArrayList<>();
        for (int i = offset; i < offset + length; i++) {
            held.add(String.format(Locale.ROOT, "0x%02X", bytes[i] & 0xFF));
        }
        boolean cutOff = offset + length == bytes.length && (bytes[offset] & 0xC0) == 0xC0;
        return (length == 1 ? "byte " : "bytes ") + String.join(" ", held) + " at line " + line + ", column "
                + (offset - lineStart + 1) + " (byte offset " + offset + ")"
                + (cutOff ? ": the file ends inside a character" : (length == 1 ? " is" : " are") + " not UTF-8");
    }
}
