package dev.compilereceipt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.compilereceipt.json.CanonicalJson;
import dev.compilereceipt.ledger.LedgerRow;
import dev.compilereceipt.trace.Phase;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.view.html.ReceiptHtml;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.Traces;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
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
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTML view rendered by a real browser: headless Chromium takes a screenshot of the whole report
 * of each real fixture into {@code cli/target/report-screenshots/} and dumps the DOM it built, which
 * must hold one timeline row per call of each run and show the receipt's own numbers. Chromium
 * cannot be asked how tall a page is without a script (which the page forbids), so the screenshot
 * is taken in a window taller than the page, doubled until blank rows remain below the content, and
 * cut at the content's last row plus the page's bottom padding. Tagged
 * {@code browser}: left out of default builds, run by {@code mvn -Pbrowser} or
 * {@code .ci/browser-test.sh}, which installs Chromium when it is missing.
 */
@Tag("browser")
class ReportInBrowserTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));
    private static final Path SHOTS = Path.of("target", "report-screenshots");
    private static final int WIDTH = 1400;
    /** The first window height tried; the int-spec report is about 2,600 px tall. */
    private static final int FIRST_HEIGHT = 6000;
    /** A cap, so a page that never ends fails the test instead of growing the window for ever. */
    private static final int MAX_HEIGHT = 24000;
    /** The body's bottom padding in {@code ReportStyle}: kept below the last drawn row. */
    private static final int BOTTOM_PADDING = 40;
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

        BufferedImage shot = wholePage(page, png);
        assertThat(shot.getWidth()).as("screenshot width").isEqualTo(WIDTH);
        ImageIO.write(shot, "png", png.toFile());
        BufferedImage written = ImageIO.read(png.toFile());
        assertThat(written.getHeight()).as("screenshot height").isEqualTo(shot.getHeight());
        System.out.println(fixture + ": screenshot " + written.getWidth() + " x " + written.getHeight() + " px -> " + png);

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

    /**
     * The Decision section of fixtures/decision as the browser built it: the record, the trade in
     * words (512 ms more cold, 0.027 ms saved per steady call, ⌈512 / 0.027⌉ = 18963 calls, a worker of
     * 50,000 calls costing 19085 ms on the baseline and 18247 ms on the candidate), and the twelve
     * plots (fragmentation and churn of both runs in warmup, steady and changed), one point a call.
     * The whole page is kept as {@code decision.png}; {@code .ci/browser-test.sh --docs} copies it to
     * {@code docs/report-decision.png}.
     */
    @org.junit.jupiter.api.Test
    void theBrowserDrawsTheDecisionSection() throws Exception {
        Trace trace = Traces.read(FIXTURES.resolve("decision/trace.json"));
        Receipt receipt = Receipt.of(trace);
        Files.createDirectories(SHOTS);
        Path page = SHOTS.resolve("decision.html").toAbsolutePath();
        Files.writeString(page, ReceiptHtml.render(trace, receipt), StandardCharsets.UTF_8);
        Path png = SHOTS.resolve("decision.png").toAbsolutePath();
        Files.deleteIfExists(png);

        BufferedImage shot = wholePage(page, png);
        ImageIO.write(shot, "png", png.toFile());
        System.out.println("decision: screenshot " + shot.getWidth() + " x " + shot.getHeight() + " px -> " + png);
        String dom = chromium("--dump-dom", page.toUri().toString());

        assertThat(dom).contains("<section id=\"decision\">\n<h2>Decision</h2>");
        assertThat(dom).contains("<div data-field=\"intervention\"><dt>intervention</dt><dd>remove the print() at model.py:31"
                + " and compile with mode=max-autotune</dd></div>");
        assertThat(dom).contains("<p class=\"trade\" data-break-even-calls=\"18963\">the candidate costs 512 ms more cold and saves"
                + " 0.027 ms per steady call: it pays back after 18,963 calls; a worker lives 50,000 calls: 19085 ms on the baseline,"
                + " 18247 ms on the candidate, the candidate is cheaper</p>");
        Matcher plot = Pattern.compile("<svg class=\"axes (fragmentation|churn)\" data-run=\"([a-z]+)\" data-phase=\"([a-z]+)\"")
                .matcher(dom);
        List<String> plots = new ArrayList<>();
        while (plot.find()) {
            plots.add(plot.group(3) + " " + plot.group(1) + " " + plot.group(2));
        }
        assertThat(plots).containsExactly(
                "warmup fragmentation baseline", "warmup fragmentation candidate", "warmup churn baseline", "warmup churn candidate",
                "steady fragmentation baseline", "steady fragmentation candidate", "steady churn baseline", "steady churn candidate",
                "changed fragmentation baseline", "changed fragmentation candidate", "changed churn baseline", "changed churn candidate");
        // one point a compiled call in each of its two plots: 6 compiled calls a run, 2 runs, 2 axes
        assertThat(Pattern.compile("<circle class=\"point\"").matcher(dom).results().count()).isEqualTo(24);
        assertThat(dom).contains("data-call=\"b03\" data-x=\"2\" data-y=\"0.0404\"");
        assertThat(dom).doesNotContain("<script");
    }

    /**
     * The layout holds at a laptop's width and wider: at 1024, 1280 and 1920 px no text is drawn over
     * another, every text fits its table cell or SVG, no box side by side overlaps its neighbour and
     * nothing needs scrolling (the runs stack below 1380 px, where two 650 px timelines no longer fit).
     * At 500 px, Chromium's narrowest window, the same holds except that wide drawings scroll inside
     * their own boxes. Measured by {@code layout-check.js}, run in a copy of the page that allows it.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"print-bridge", "int-spec", "decision"})
    void theLayoutHoldsAtEveryWidth(String fixture) throws Exception {
        Path page = checkedPage(fixture, "");
        for (int width : new int[] {1024, 1280, 1920}) {
            LayoutCheck check = layout(page, width);
            assertThat(check.width()).as("viewport width").isEqualTo(width);
            assertThat(check.texts()).as("texts measured at " + width + " px").isGreaterThan(400);
            assertThat(check.problems()).as(fixture + " at " + width + " px").isEmpty();
            assertThat(check.scrolling()).as(fixture + " at " + width + " px").isEmpty();
        }
        LayoutCheck narrow = layout(page, 500);
        assertThat(narrow.problems()).as(fixture + " at 500 px").isEmpty();
        assertThat(narrow.scrolling()).as(fixture + " at 500 px").contains("div.run of baseline in #timeline", "table.axes in #decision");
    }

    /**
     * The check finds the overlap the report once had: with the runs forced side by side at 1280 px,
     * the baseline's wall times are drawn over the candidate's call ids, and its timeline spills out
     * of its box.
     */
    @org.junit.jupiter.api.Test
    void theLayoutCheckSeesTheBaselinesWallTimesOverTheCandidatesCallIds() throws Exception {
        Path page = checkedPage("print-bridge", ".runs { grid-template-columns: repeat(2, minmax(0, 1fr)) !important; }"
                + " .runs > .run { overflow-x: visible !important; }");
        LayoutCheck check = layout(page, 1280);
        assertThat(check.problems()).contains(
                "text.head of baseline in #timeline \"wall ms\" overlaps text.head of candidate in #timeline \"call\"",
                "text.num.wall of baseline in #timeline \"0.2994\" overlaps text.id of candidate in #timeline \"c00\"",
                "text.num.wall of baseline in #timeline \"2793.634\" overlaps text.id of candidate in #timeline \"c03\"");
        assertThat(check.problems()).anyMatch(problem -> problem.startsWith("svg.timeline of baseline in #timeline")
                && problem.contains(" spills out of div.run of baseline in #timeline"));
    }

    /** What {@code layout-check.js} found: the window's width, how many texts it measured, its problems and scroll boxes. */
    private record LayoutCheck(int width, int texts, List<String> problems, String scrolling) {
    }

    private static final Pattern LAYOUT_CHECK = Pattern.compile(
            "<pre id=\"layout-check\" data-width=\"(\\d+)\" data-texts=\"(\\d+)\" data-scrolling=\"([^\"]*)\">([^<]*)</pre>");

    private static LayoutCheck layout(Path page, int width) throws IOException, InterruptedException {
        String dom = chromium("--window-size=" + width + ",900", "--hide-scrollbars", "--dump-dom", page.toUri().toString());
        Matcher found = LAYOUT_CHECK.matcher(dom);
        assertThat(found.find()).as("the layout check's output in the DOM of " + page).isTrue();
        String problems = unescape(found.group(4));
        return new LayoutCheck(Integer.parseInt(found.group(1)), Integer.parseInt(found.group(2)),
                problems.isEmpty() ? List.of() : List.of(problems.split("\n")), unescape(found.group(3)));
    }

    private static String unescape(String text) {
        return text.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }

    /**
     * The report of {@code fixture} with {@code layout-check.js} at the end of its body and its content
     * security policy opened for that one inline script; {@code css} is appended to its style sheet.
     */
    private static Path checkedPage(String fixture, String css) throws IOException {
        Trace trace = Traces.read(FIXTURES.resolve(fixture).resolve("trace.json"));
        String html = ReceiptHtml.render(trace, Receipt.of(trace));
        String policy = "content=\"default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;\"";
        assertThat(html).as("the report's content security policy").contains(policy);
        String script;
        try (var in = ReportInBrowserTest.class.getResourceAsStream("layout-check.js")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String checked = html.replace(policy, "content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\"")
                .replace("</style>", css + "</style>")
                .replace("</body>", "<script>" + script + "</script>\n</body>");
        Files.createDirectories(SHOTS);
        Path page = SHOTS.resolve(fixture + (css.isEmpty() ? "" : "-forced") + "-layout-check.html").toAbsolutePath();
        Files.writeString(page, checked, StandardCharsets.UTF_8);
        return page;
    }

    /**
     * A screenshot of the whole page: taken in ever taller windows until the bottom rows are blank,
     * then cut {@link #BOTTOM_PADDING} px below the last row that is not background.
     */
    private static BufferedImage wholePage(Path page, Path png) throws IOException, InterruptedException {
        for (int height = FIRST_HEIGHT; height <= MAX_HEIGHT; height *= 2) {
            chromium("--screenshot=" + png, "--window-size=" + WIDTH + "," + height, "--hide-scrollbars", page.toUri().toString());
            BufferedImage window = ImageIO.read(png.toFile());
            assertThat(window).as("a PNG from chromium").isNotNull();
            assertThat(window.getHeight()).as("window height").isEqualTo(height);
            int end = lastContentRow(window) + 1 + BOTTOM_PADDING;
            if (end <= height) {
                return window.getSubimage(0, 0, window.getWidth(), end);
            }
        }
        return fail("the report of " + page + " is taller than " + MAX_HEIGHT + " px");
    }

    /** The last row with a pixel that differs from the bottom-left pixel, which is page background. */
    private static int lastContentRow(BufferedImage image) {
        int background = image.getRGB(0, image.getHeight() - 1);
        for (int y = image.getHeight() - 1; y >= 0; y--) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (image.getRGB(x, y) != background) {
                    return y;
                }
            }
        }
        return fail("the screenshot of the report is blank");
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
