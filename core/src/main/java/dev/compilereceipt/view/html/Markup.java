package dev.compilereceipt.view.html;

import dev.compilereceipt.trace.Millis;
import dev.compilereceipt.trace.VisibleText;
import java.util.Locale;

/**
 * A small writer of well-formed (XHTML-compatible) markup: every text and attribute value goes
 * through {@link #escape(String)}, so a trace's reasons and guards can never open an element. Text
 * that XML cannot hold (control characters, lone surrogates) is written as U+FFFD; the format and
 * other hidden characters of {@link VisibleText} as its visible escapes, and a long text is cut by its rule.
 */
final class Markup {

    private final StringBuilder out = new StringBuilder(32 * 1024);

    /** Opens {@code tag} with attributes given as name, value pairs. */
    Markup open(String tag, String... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append('>');
        return this;
    }

    /** A self-closed element, such as {@code <rect .../>}. */
    Markup empty(String tag, String... attributes) {
        out.append('<').append(tag);
        attributes(attributes);
        out.append("/>");
        return this;
    }

    Markup close(String tag) {
        out.append("</").append(tag).append('>');
        return this;
    }

    /** An element holding only text. */
    Markup element(String tag, String text, String... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    /** Text of the trace: cut as every view cuts a value ({@link VisibleText#shortened}), then escaped. */
    Markup text(String text) {
        out.append(escape(VisibleText.shortened(text)));
        return this;
    }

    /** Markup written as it is: only for constants of this package, never for trace content. */
    Markup trusted(String markup) {
        out.append(markup);
        return this;
    }

    Markup newline() {
        out.append('\n');
        return this;
    }

    private void attributes(String... attributes) {
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name, value pairs");
        }
        for (int i = 0; i < attributes.length; i += 2) {
            out.append(' ').append(attributes[i]).append("=\"").append(escape(attributes[i + 1])).append('"');
        }
    }

    @Override
    public String toString() {
        return out.toString();
    }

    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                case '\t', '\n', '\r' -> escaped.append(c);
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                        escaped.append(c).append(text.charAt(++i));
                    } else if (c < 0x20 || Character.isSurrogate(c) || c == 0xFFFE || c == 0xFFFF) {
                        escaped.append('\uFFFD');
                    } else if (VisibleText.isHidden(c)) {
                        // A format character (U+200D, U+202E) is written as the summary writes it: visibly.
                        escaped.append(VisibleText.of(String.valueOf(c)));
                    } else {
                        escaped.append(c);
                    }
                }
            }
        }
        return escaped.toString();
    }

    /** A millisecond value as receipts write it: rounded half-even to 4 decimals, shortest form. */
    static String ms(double ms) {
        return Millis.text(ms);
    }

    /** A drawing coordinate: two decimals, {@code .} as the decimal mark whatever the locale. */
    static String px(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
