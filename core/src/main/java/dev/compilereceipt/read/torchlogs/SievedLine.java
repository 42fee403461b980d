package dev.compilereceipt.read.torchlogs;

import java.util.Optional;

/**
 * A line of a text that the reader reads ({@link TextSieve}): its number, its text ({@code null}
 * when it has a glog prefix: such a line is read by its parts), the prefix read apart, whether it
 * the kind of message it starts ({@link TextMessages#kindOf}), whether it
 * was cut or not UTF-8, and how many lines up to it were not UTF-8. {@link #starts()}: a message can
 * start on it whatever came before (a prefixed line, or a bare message's first line), so a part of
 * a file may begin there ({@link TextParts}).
 */
record SievedLine(long number, String text, Optional<TextLine> parsed, Optional<TextMessage.Kind> kind, boolean damaged,
                  long notUtf8) {

    boolean starts() {
        return parsed.isPresent() || kind.isPresent();
    }
}
