package dev.compilereceipt.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each form of ECMA-48 escape sequence taken out of a line, and the broken ones told apart ({@code ~} stands for ESC). */
class TerminalCodesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
        plain text                      | plain text                     | false
        ~[36mcyan~[0m                   | cyan                           | false
        ~[1;31mbold red~[m              | bold red                       | false
        ~[38;5;208morange~[39m          | orange                         | false
        ~[2Kerased line                 | erased line                    | false
        ~[?25lcursor hidden             | cursor hidden                  | false
        ~]0;title\u0007text             | text                           | false
        ~]8;;http://x~\\link~]8;;~\\    | link                           | false
        ~(Bcharset                      | charset                        | false
        ~=keypad                        | keypad                         | false
        \u009b1mC1 CSI                  | C1 CSI                         | false
        text ends in ESC~               | text ends in ESC               | true
        cut colour~[3                   | cut colour                     | true
        cut title~]0;never ends         | cut title                      | true
        bad final~[1\u0001x             | bad final\u0001x               | true
        """)
    void takesOutEscapeSequences(String line, String text, boolean broken) {
        TerminalCodes codes = new TerminalCodes();
        assertThat(codes.strip(unescape(line))).isEqualTo(unescape(text));
        assertThat(codes.broken()).isEqualTo(broken);
    }

    private static String unescape(String s) {
        return s.replace("~", "\u001b").replace("\\u0007", "\u0007").replace("\\u009b", "\u009b").replace("\\u0001", "\u0001");
    }
}
