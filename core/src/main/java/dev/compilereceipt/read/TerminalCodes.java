package dev.compilereceipt.read;

import org.apiguardian.api.API;

/**
 * Takes out of a line the escape sequences a terminal acts on and a CI log viewer keeps (ECMA-48):
 * colours and other CSI sequences ({@code ESC [}, or U+009B, then parameter bytes
 * {@code 0x30–0x3F}, intermediate bytes {@code 0x20–0x2F} and one final byte {@code 0x40–0x7E}:
 * {@code ESC[36m}, {@code ESC[1;31m}, {@code ESC[0m}, {@code ESC[2K}), the control strings OSC,
 * DCS, SOS, PM and APC up to their terminator ({@code BEL} or {@code ESC \}: a window title, a
 * hyperlink), and the two-byte escapes ({@code ESC} and intermediates, then a final byte
 * {@code 0x30–0x7E}: {@code ESC(B}, {@code ESC=}). PyTorch colours nothing, but a terminal's
 * recording of a run, or a logging setup that colours by level, wraps whole lines in them; read as
 * they are, a coloured message would start with {@code ESC[36m} and be passed over as other output.
 *
 * <p>A sequence the line ends inside of, or one with a byte no sequence may hold, is
 * {@linkplain #broken broken}: the reader treats the line as damaged, as a line that is not UTF-8,
 * so a message with such a line is listed as a bad line rather than read with a stray code in it.
 * The sniffing of a file's kind reads its first lines through it too, so a coloured text is told
 * as TORCH_LOGS text by its content.
 *
 * <p>Example: {@code strip("\u001b[36mRecompiling function f in /x.py:1\u001b[0m")} is
 * {@code Recompiling function f in /x.py:1}.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class TerminalCodes {

    private static final char ESC = '\u001b';
    private static final char CSI = '\u009b';
    private static final char BEL = '\u0007';

    private boolean broken;

    /** {@code line} without its escape sequences; {@link #broken()} says whether one was broken. */
    public String strip(String line) {
        broken = false;
        if (line.indexOf(ESC) < 0 && line.indexOf(CSI) < 0) {
            return line;
        }
        StringBuilder out = new StringBuilder(line.length());
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == CSI) {
                i = csi(line, i + 1);
            } else if (c != ESC) {
                out.append(c);
                i++;
            } else if (i + 1 == line.length()) {
                broken = true;
                i++;
            } else {
                char next = line.charAt(i + 1);
                if (next == '[') {
                    i = csi(line, i + 2);
                } else if (next == ']' || next == 'P' || next == 'X' || next == '^' || next == '_') {
                    i = controlString(line, i + 2);
                } else {
                    i = escape(line, i + 1, 0x30);
                }
            }
        }
        return out.toString();
    }

    /** Whether the last {@link #strip} met a sequence it could not read to its end. */
    public boolean broken() {
        return broken;
    }

    /** After {@code ESC [}: parameters, intermediates, a final byte; the index after it. */
    private int csi(String line, int i) {
        while (i < line.length() && line.charAt(i) >= 0x30 && line.charAt(i) <= 0x3F) {
            i++;
        }
        return escape(line, i, 0x40);
    }

    /** Intermediates and a final byte from {@code lowestFinal} to 0x7E; the index after it. */
    private int escape(String line, int i, int lowestFinal) {
        while (i < line.length() && line.charAt(i) >= 0x20 && line.charAt(i) <= 0x2F) {
            i++;
        }
        if (i < line.length() && line.charAt(i) >= lowestFinal && line.charAt(i) <= 0x7E) {
            return i + 1;
        }
        broken = true;
        return i;
    }

    /** A control string's text up to {@code BEL} or {@code ESC \}; the index after its terminator. */
    private int controlString(String line, int i) {
        for (; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == BEL) {
                return i + 1;
            }
            if (c == ESC && i + 1 < line.length() && line.charAt(i + 1) == '\\') {
                return i + 2;
            }
        }
        broken = true;
        return i;
    }
}
