package dev.compilereceipt;

import dev.compilereceipt.testsupport.Fixtures;
import dev.compilereceipt.testsupport.ReceiptBytesMain;
import dev.compilereceipt.receipt.Receipt;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The same trace gives byte-identical receipt JSON, CSV and summary in JVMs started with other
 * locales (Turkish dotless i, Arabic digits and decimal mark, German decimal comma), time zones
 * and default charsets.
 */
class LocaleIndependenceTest {

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0}_{1}, {2}, {3}")
    @CsvSource({
        "tr, TR, Europe/Istanbul, ISO-8859-9",
        "ar, SA, Asia/Riyadh, UTF-8",
        "de, DE, Europe/Berlin, ISO-8859-1",
        "hi, IN, Asia/Kolkata, US-ASCII",
    })
    void receiptBytesDoNotDependOnTheJvmsLocale(String language, String country, String zone, String charset)
            throws Exception {
        for (String fixture : List.of("print-bridge/trace.json", "int-spec/trace.json")) {
            Path here = Files.createDirectories(temp.resolve("here-" + fixture.replace('/', '-')));
            ReceiptBytesMain.main(new String[] {Fixtures.path(fixture).toString(), here.toString()});
            Path there = Files.createDirectories(temp.resolve(language + "-" + fixture.replace('/', '-')));
            fork(language, country, zone, charset, Fixtures.path(fixture), there);
            for (String file : List.of("receipt.json", "ledger.csv", "receipt.csv", "summary.txt")) {
                assertThat(there.resolve(file)).as("%s of %s in %s_%s", file, fixture, language, country)
                        .hasSameBinaryContentAs(here.resolve(file));
            }
        }
        // the hash the forked JVM wrote is the one this JVM computes
        String json = Files.readString(temp.resolve(language + "-print-bridge-trace.json").resolve("receipt.json"));
        assertThat(json).contains("\"receipt_sha256\":\"" + Receipt.of(Fixtures.trace("print-bridge/trace.json")).receiptSha256() + "\"");
    }

    private static void fork(String language, String country, String zone, String charset, Path trace, Path out)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Duser.language=" + language);
        command.add("-Duser.country=" + country);
        command.add("-Duser.timezone=" + zone);
        command.add("-Dfile.encoding=" + charset);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ReceiptBytesMain.class.getName());
        command.add(trace.toString());
        command.add(out.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(out.resolve("jvm.log").toFile()).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("forked JVM finished").isTrue();
        assertThat(process.exitValue()).as("forked JVM exit, log: %s", Files.readString(out.resolve("jvm.log"))).isZero();
    }
}
