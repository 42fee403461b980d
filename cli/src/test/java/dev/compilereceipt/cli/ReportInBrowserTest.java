package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.compilereceipt.CanonicalJson;
import dev.compilereceipt.LedgerRow;
import dev.compilereceipt.Phase;
import dev.compilereceipt.PhaseFigures;
import dev.compilereceipt.Receipt;
import dev.compilereceipt.ReceiptHtml;
import dev.compilereceipt.RunFigures;
import dev.compilereceipt.Trace;
import dev.compilereceipt.Traces;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTML view rendered by a real browser: headless Chromium takes a screenshot of the report of
 * each real fixture into {@code cli/target/report-screenshots/} and dumps the DOM it built, which
 * must hold one timeline row per call of each run and show the receipt's own numbers. Tagged
 * {@code browser}: left out of default builds, run by {@code mvn -Pbrowser} or
 * {@code .ci/browser-test.sh}, which installs Chromium when it is missing.
 */
@Tag("browser")
class ReportInBrowserTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));
    private static final Path SHOTS = Path.of("target", "report-screenshots");
    private static final Pattern CALL_ROW = Pattern.compile(
            "<g class=\"call(?: finding)?\" data-run=\"([a-z]+)\" data-call=\"([^\"]+)\" data-phase=\"([a-z]+)\"");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"print-bridge", "int-spec"})
    void theBrowserDrawsEveryCallAndTheReceiptsNumbers(String fixture) throws Exception {
        Trace trace = Traces.read(FIXTURES.resolve(fixture).resolve("trace.json"));
        Receipt receipt = Receipt.of(trace);
        Files.createDirectories(SHOTS);
        Path page = SHOTS.resolve(fixture + ".html").toAbsolutePath();
        Files.writeString(page, ReceiptHtml.render(trace, receipt), StandardCharsets.UTF_8);
        Path png = SHOTS.resolve(fixture + ".png").toAbsolutePath();
        Files.deleteIfExists(png);

        chromium("--screenshot=" + png, "--window-size=1400,2400", "--hide-scrollbars", page.toUri().toString());
        byte[] image = Files.readAllBytes(png);
        assertThat(image).as("PNG signature").startsWith(0x89, 'P', 'N', 'G');
        assertThat(ByteBuffer.wrap(image, 16, 8).getInt()).as("screenshot width").isEqualTo(1400);
        assertThat(ByteBuffer.wrap(image, 20, 4).getInt()).as("screenshot height").isEqualTo(2400);

        String dom = chromium("--dump-dom", page.toUri().toString());

        List<String> rows = new ArrayList<>();
        Matcher row = CALL_ROW.matcher(dom);
        while (row.find()) {
            rows.add(row.group(1) + " " + row.group(2) + " " + row.group(3));
        }
        List<String> calls = receipt.ledger().rows().stream().map(r -> r.run() + " " + r.call() + " " + r.phase().id()).toList();
        assertThat(rows).as("one timeline row per call, in ledger order").isEqualTo(calls);

        for (LedgerRow ledgerRow : receipt.ledger().rows()) {
            String wall = number(ledgerRow.wallMs().orElseThrow());
            assertThat(dom).as("wall time of " + ledgerRow.call()).containsPattern(Pattern.quote("data-run=\"" + ledgerRow.run()
                    + "\" data-call=\"" + ledgerRow.call() + "\"") + "[^\\n]*class=\"num wall\"[^>]*data-value=\""
                    + Pattern.quote(wall) + "\">" + Pattern.quote(wall) + "</text>");
        }
        for (RunFigures run : receipt.runs()) {
            for (Phase phase : Phase.values()) {
                PhaseFigures figures = run.phase(phase);
                String median = number(figures.wallMs().orElseThrow().median());
                String p90 = number(figures.wallMs().orElseThrow().p90());
                assertThat(dom).as(run.label() + " " + phase + " median").contains("<g class=\"bar median\" data-run=\"" + run.label()
                        + "\" data-phase=\"" + phase.id() + "\" data-stat=\"median\">");
                assertThat(barText(dom, run.label(), phase, "median")).isEqualTo(median + " ms");
                assertThat(barText(dom, run.label(), phase, "p90")).isEqualTo(p90 + " ms");
            }
        }
        assertThat(dom).doesNotContain("<script");
    }

    private static String barText(String dom, String run, Phase phase, String stat) {
        Matcher bar = Pattern.compile("<g class=\"bar " + stat + "\" data-run=\"" + run + "\" data-phase=\"" + phase.id()
                + "\" data-stat=\"" + stat + "\">.*?<text class=\"num\"[^>]*data-value=\"([^\"]+)\">([^<]+)</text>").matcher(dom);
        assertThat(bar.find()).as(run + " " + phase + " " + stat + " bar").isTrue();
        assertThat(bar.group(2)).isEqualTo(bar.group(1) + " ms");
        return bar.group(2);
    }

    /** A receipt number as the page writes it: as the canonical receipt JSON writes it. */
    private static String number(double value) {
        return CanonicalJson.number(value);
    }

    /** Runs headless Chromium on a fresh profile and returns what it printed on standard output. */
    private static String chromium(String... args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("chromium-profile");
        Path stdout = Files.createTempFile("chromium", ".out");
        Path stderr = Files.createTempFile("chromium", ".err");
        try {
            List<String> command = new ArrayList<>(List.of(browser(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--user-data-dir=" + profile));
            command.addAll(List.of(args));
            Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("chromium did not finish within 120 s: " + command);
            }
            if (process.exitValue() != 0) {
                fail("chromium exited with " + process.exitValue() + ": " + command + "\n" + Files.readString(stderr));
            }
            return Files.readString(stdout, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
    }

    private static String browser() {
        for (String name : List.of("chromium", "chromium-browser")) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return candidate.toString();
                }
            }
        }
        return fail("no chromium on PATH (" + System.getenv("PATH") + "); .ci/browser-test.sh installs it with apt-get");
    }
}
