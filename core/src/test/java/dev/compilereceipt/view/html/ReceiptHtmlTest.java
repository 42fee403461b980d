package dev.compilereceipt.view.html;

import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.ReportXml;
import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.CompileLog;
import dev.compilereceipt.trace.Fixture;
import dev.compilereceipt.trace.Limits;
import dev.compilereceipt.trace.Measure;
import dev.compilereceipt.trace.Run;
import dev.compilereceipt.trace.Trace;
import dev.compilereceipt.json.CanonicalJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The HTML view read back as XML: its structure, the numbers it shows against figures worked out
 * by hand from the real fixtures, escaping of hostile trace text, and byte-for-byte determinism.
 */
class ReceiptHtmlTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));

    @TempDir
    Path temp;

    private static Trace trace(String fixture) {
        return Traces.read(FIXTURES.resolve(fixture).resolve("trace.json"));
    }

    private static String page(Trace trace) {
        return ReceiptHtml.render(trace, Receipt.of(trace));
    }

    private static Document parse(String html) throws Exception {
        return ReportXml.parse(html);
    }

    private static List<Element> select(Document page, String xpath) throws Exception {
        return ReportXml.select(page, xpath);
    }

    private static String value(Document page, String xpath) throws Exception {
        List<Element> found = select(page, xpath);
        assertThat(found).as(xpath).hasSize(1);
        return found.get(0).getAttribute("data-value");
    }

    private static List<String> attribute(List<Element> elements, String name) {
        return elements.stream().map(e -> e.getAttribute(name)).toList();
    }

    @Test
    void groupsBreakSitesByKindWithTheUserFrameOfASiteInsidePyTorch() throws Exception {
        Document page = parse(page(trace("break-kinds/2.14-break-kinds")));
        // baseline b01 (warmup), b02 and b03 (steady) each cross layers.py:14, :16, :18 and distribution.py:68 once.
        assertThat(attribute(select(page, "//*[@class='break-kind' and @data-run='baseline']"), "data-kind"))
                .containsExactly("device-sync", "python-side-effect", "user-inserted", "unsupported-call");
        assertThat(value(page, "//*[@class='break-kind' and @data-kind='device-sync']/h4/*[@data-figure='calls']")).isEqualTo("3");
        assertThat(value(page, "//*[@class='break-kind' and @data-kind='device-sync']/h4/*[@data-figure='crossings_per_call']"))
                .isEqualTo("1");
        List<Element> inTorch = select(page, "//*[@class='break-site' and @data-kind='unsupported-call']");
        assertThat(attribute(inTorch, "data-site")).containsExactly("/usr/lib/python3/dist-packages/torch/distributions/distribution.py:68");
        assertThat(select(page, "//*[@class='break-site' and @data-kind='unsupported-call']/*[@class='user-frame']/code"))
                .extracting(Element::getTextContent).containsExactly("/capture/tests/mymodel/layers.py:19");
        // a site in the user's own code is its own user frame: no "called from" line
        assertThat(select(page, "//*[@class='break-site' and @data-kind='device-sync']/*[@class='user-frame']")).isEmpty();
        assertThat(select(page, "//*[@class='break-kind' and @data-run='candidate']")).isEmpty();
    }

    @Test
    void drawsOneRowPerCallOfEachRunInCallOrderGroupedByPhase() throws Exception {
        Document page = parse(page(trace("print-bridge")));

        // print-bridge: 15 calls a run: b00-b02 eager, b03 warmup, b04-b11 steady, b12-b14 changed.
        assertThat(attribute(select(page, "//*[local-name()='g'][@class='call' and @data-run='baseline']"), "data-call"))
                .containsExactly("b00", "b01", "b02", "b03", "b04", "b05", "b06", "b07", "b08", "b09", "b10", "b11", "b12", "b13", "b14");
        assertThat(select(page, "//*[local-name()='g'][@class='call' and @data-run='candidate']")).hasSize(15);
        assertThat(attribute(select(page, "//*[local-name()='g'][@class='phase' and @data-run='baseline']"), "data-calls"))
                .containsExactly("3", "1", "8", "3");
        assertThat(attribute(select(page, "//*[local-name()='g'][@data-run='baseline' and @data-phase='steady' and @class='call']"),
                "data-call")).containsExactly("b04", "b05", "b06", "b07", "b08", "b09", "b10", "b11");
    }

    @Test
    void aRowShowsRegionsIslandsCompileTimeAndWallTimeOfItsCall() throws Exception {
        Document page = parse(page(trace("print-bridge")));
        String b03 = "//*[@data-run='baseline' and @data-call='b03']";

        // b03 compiled 0/0 in 1726.614 ms and 1/0 in 1055.157 ms: 1726.614 + 1055.157 = 2781.771.
        assertThat(attribute(select(page, b03 + "/*[@class='compile']"), "data-graph")).containsExactly("0/0", "1/0");
        assertThat(attribute(select(page, b03 + "/*[@class='compile']"), "data-value")).containsExactly("1726.614", "1055.157");
        assertThat(value(page, b03 + "/*[contains(@class,'compile-ms')]")).isEqualTo("2781.771");
        // In order: region 0/0 (0.0639, new), island at scenarios.py:31 (3.9755), region 1/0 (0.0489, new), then the rest:
        // 2793.634 - 2781.771 - (0.0639 + 3.9755 + 0.0489) = 11.863 - 4.0883 = 7.7747.
        List<Element> run = select(page, b03 + "/*[local-name()='rect'][@class='region new' or @class='island' or @class='rest']");
        assertThat(attribute(run, "class")).containsExactly("region new", "island", "region new", "rest");
        assertThat(attribute(run, "data-value")).containsExactly("0.0639", "3.9755", "0.0489", "7.7747");
        assertThat(run.get(1).getAttribute("data-site")).isEqualTo("scenarios.py:31");
        assertThat(value(page, b03 + "/*[contains(@class,'wall')]")).isEqualTo("2793.634");

        // b04 hit both regions: 0.0818, island 0.0404, 0.0141; rest 0.3708 - 0.1363 = 0.2345.
        String b04 = "//*[@data-run='baseline' and @data-call='b04']";
        assertThat(select(page, b04).get(0).getAttribute("data-cache")).isEqualTo("hit");
        assertThat(attribute(select(page, b04 + "/*[local-name()='rect'][@data-value]"), "data-value"))
                .containsExactly("0.0818", "0.0404", "0.0141", "0.2345");
        assertThat(select(page, b04 + "/*[local-name()='rect'][@class='region']/*[local-name()='title']").get(0).getTextContent())
                .isEqualTo("region 0/0 (cache hit): 0.0818 ms");
        assertThat(select(page, b04 + "/*[@class='compile']")).isEmpty();
    }

    @Test
    void marksFallbacksAndCallsThatRanNoCompiledCodeInACompiledPhase() throws Exception {
        Document page = parse(page(trace("int-spec")));

        // int-spec baseline: b11 hit the recompile limit (fallback 0/8 after 0 ms), b12-b15 then ran eagerly.
        String b11 = "//*[@data-run='baseline' and @data-call='b11']";
        assertThat(select(page, b11).get(0).getAttribute("data-cache")).isEqualTo("fallback");
        assertThat(attribute(select(page, b11 + "/*[@class='fallback-marker']"), "data-graph")).containsExactly("0/8");
        assertThat(value(page, b11 + "/*[local-name()='rect'][@class='fallback']")).isEqualTo("0");
        assertThat(attribute(select(page, "//*[local-name()='g'][@class='call finding']"), "data-call"))
                .containsExactly("b12", "b13", "b14", "b15");
        assertThat(value(page, "//*[@data-call='b15']/*[@class='uncompiled']")).isEqualTo("0.0418");
        assertThat(select(page, "//*[local-name()='g'][@class='call' and @data-run='candidate']")).hasSize(16);
    }

    @Test
    void phaseBarsAndTablesShowTheReceiptsFigures() throws Exception {
        Trace trace = trace("print-bridge");
        Receipt receipt = Receipt.of(trace);
        Document page = parse(ReceiptHtml.render(trace, receipt));

        // Baseline steady walls sorted: 0.0844 0.0858 0.0871 0.088 | 0.0941 0.1518 0.1558 0.3708;
        // median (0.088 + 0.0941) / 2 = 0.09105, which as a double lies just below the half: 0.091; p90 the 8th: 0.3708.
        assertThat(value(page, "//*[@class='bar median' and @data-run='baseline' and @data-phase='steady']/*[local-name()='rect']"))
                .isEqualTo("0.091");
        assertThat(value(page, "//*[@class='bar p90' and @data-run='baseline' and @data-phase='steady']/*[local-name()='rect']"))
                .isEqualTo("0.3708");
        // Candidate steady median (0.0616 + 0.0669) / 2 = 0.06425 -> 0.0643; ratio 0.0643 / 0.091 = 0.70659... -> 0.7066.
        assertThat(value(page, "//*[@class='bar median' and @data-run='candidate' and @data-phase='steady']/*[local-name()='rect']"))
                .isEqualTo("0.0643");
        assertThat(value(page, "//*[@data-phase='steady']/*[contains(@class,'ratio')]")).isEqualTo("0.7066");
        for (RunFigures run : receipt.runs()) {
            for (PhaseFigures figures : run.phases().values()) {
                String row = "//*[local-name()='table'][@data-run='" + run.label() + "']//*[@data-phase='" + figures.phase().id() + "']";
                assertThat(value(page, row + "/*[@data-figure='median']")).isEqualTo(CanonicalJson.number(figures.wallMs().orElseThrow().median()));
                assertThat(value(page, row + "/*[@data-figure='p90']")).isEqualTo(CanonicalJson.number(figures.wallMs().orElseThrow().p90()));
                assertThat(value(page, row + "/*[@data-figure='compiles']")).isEqualTo(Integer.toString(figures.compiles()));
                assertThat(value(page, row + "/*[@data-figure='compile_ms']")).isEqualTo(CanonicalJson.number(figures.compileMs()));
            }
        }
        // Baseline changed: b12 compiled 0/1 and 1/1: 1091.842 + 1063.501 = 2155.343.
        assertThat(value(page, "//*[local-name()='table'][@data-run='baseline']//*[@data-phase='changed']/*[@data-figure='compile_ms']"))
                .isEqualTo("2155.343");
    }

    @Test
    void breakSitesShowReasonCountsAndHowOftenEachCallCrossedThem() throws Exception {
        Document page = parse(page(trace("print-bridge")));
        String site = "//*[@class='break-site' and @data-run='baseline' and @data-site='scenarios.py:31']";

        assertThat(select(page, site + "/*[@class='reason']").get(0).getTextContent())
                .isEqualTo("Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True");
        // 12 compiled calls (b03-b14) crossed it once each; islands 3.9755 + 0.0404 + 0.0222 + 0.0612 + 0.0158 + 0.0133
        // + 0.0135 + 0.0136 + 0.0153 + 4.1662 + 0.0536 + 0.0302 = 8.4208.
        assertThat(value(page, site + "//*[@data-figure='calls']")).isEqualTo("12");
        assertThat(value(page, site + "//*[@data-figure='per_call_max']")).isEqualTo("1");
        assertThat(value(page, site + "//*[@data-figure='eager_ms']")).isEqualTo("8.4208");
        assertThat(attribute(select(page, site + "//*[@class='freq']"), "data-value"))
                .containsExactly("0", "0", "0", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1");
        assertThat(select(page, "//*[@class='none' and @data-run='candidate']").get(0).getTextContent()).isEqualTo("No graph breaks.");
    }

    @Test
    void everyNewVariantListsTheGuardsThatMissed() throws Exception {
        Document page = parse(page(trace("int-spec")));

        // int-spec baseline: 0/0 in b03, 0/1..0/7 in b04..b10 (each after 1..7 guard failures), fallback 0/8 in b11 after 8.
        List<Element> variants = select(page, "//*[local-name()='ol'][@data-run='baseline']/*[local-name()='li']");
        assertThat(attribute(variants, "data-graph")).containsExactly("0/0", "0/1", "0/2", "0/3", "0/4", "0/5", "0/6", "0/7", "0/8");
        assertThat(attribute(variants, "data-guards")).containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8");
        assertThat(variants.get(8).getAttribute("class")).isEqualTo("variant fallback");
        assertThat(attribute(select(page, "//*[@data-call='b04' and @data-graph='0/1']//*[@class='guard']"), "class")).hasSize(1);
        assertThat(select(page, "//*[@data-call='b04' and @data-graph='0/1']//*[@class='guard']").get(0).getTextContent())
                .isEqualTo("0/0: L['n'] == 1");
        assertThat(select(page, "//*[@data-call='b03' and @data-graph='0/0']//*[@class='guards none']").get(0).getTextContent())
                .isEqualTo("first variant of frame 0: no older guards");
    }

    @Test
    void theVariantsAreLedByTheirCausesWithTheFailuresFolded() throws Exception {
        Document page = parse(page(trace("int-spec")));

        // int-spec baseline: one cause, L['n'], whose 36 failures are folded under its line; the candidate has none.
        List<Element> causes = select(page, "//*[local-name()='ul'][@data-run='baseline']/*[local-name()='li'][@class='cause']");
        assertThat(attribute(causes, "data-subject")).containsExactly("L['n']");
        assertThat(attribute(causes, "data-kind")).containsExactly("python-value");
        assertThat(select(page, "//*[@class='cause']/*[@class='what']").get(0).getTextContent())
                .isEqualTo("7 recompiles in steady because `L['n']` (a Python int) took 7 new values (2…8);"
                        + " at 0/8 the recompile limit was hit and the frame fell back to eager");
        assertThat(select(page, "//*[@class='cause']//*[local-name()='summary']").get(0).getTextContent()).isEqualTo("36 guard failures");
        assertThat(select(page, "//*[@class='cause']//*[local-name()='details']//*[@class='guard']")).hasSize(36);
        assertThat(select(page, "//*[local-name()='ul'][@data-run='candidate'][@class='causes']")).isEmpty();
    }

    @Test
    void showsTheFixtureFailureCodesAndDeclaredLimits() throws Exception {
        Document page = parse(page(trace("int-spec")));

        assertThat(select(page, "//*[@data-field='mode']/*[local-name()='dd']").get(0).getTextContent()).isEqualTo("dynamic=False");
        assertThat(select(page, "//*[@data-field='model']/*[local-name()='dd']").get(0).getTextContent()).isEqualTo("x*n with python int n");
        assertThat(select(page, "//*[contains(@class,'verdict')]").get(0).getTextContent()).isEqualTo("No failure codes.");
        assertThat(value(page, "//*[@data-field='max_calls']/*[local-name()='dd']")).isEqualTo("64");
        assertThat(value(page, "//*[@data-field='max_events_per_call']/*[local-name()='dd']")).isEqualTo("16");
        assertThat(attribute(select(page, "//*[@data-field='not_established']//*[local-name()='li']"), "data-item"))
                .containsExactly("universal speedup", "unseen input stability", "backend portability", "production capacity");
        assertThat(attribute(select(page, "//*[@data-field='not_measured']//*[local-name()='li']"), "data-item"))
                .containsExactly("graphs_compiled", "compile_stages", "artifact_cache", "warm_start", "fx_graph_cache",
                        "aotautograd_cache", "output_checks", "phase_stages");
    }

    @Test
    void failureCodesAreListedWithWhatTheyMean() throws Exception {
        // Candidate with one steady call fewer: UNEQUAL_PHASE_SAMPLES:steady (baseline 8 calls, candidate 7).
        Trace full = trace("print-bridge");
        Run candidate = full.run("candidate").orElseThrow();
        Run shorter = new Run("candidate", candidate.calls().stream().filter(c -> !c.id().equals("c11")).toList());
        Trace trace = full.withRuns(List.of(full.run("baseline").orElseThrow(), shorter));
        Document page = parse(page(trace));

        assertThat(select(page, "//*[contains(@class,'verdict')]").get(0).getTextContent())
                .isEqualTo("Failure codes: UNEQUAL_PHASE_SAMPLES:steady");
        assertThat(select(page, "//*[@data-failure='UNEQUAL_PHASE_SAMPLES:steady']/..").get(0).getTextContent())
                .isEqualTo("UNEQUAL_PHASE_SAMPLES:steady baseline and candidate have different call counts in steady, so that phase is not compared");
        assertThat(select(page, "//*[@class='comparison failed' and @data-phase='steady']").get(0).getTextContent())
                .isEqualTo("not compared: UNEQUAL_PHASE_SAMPLES:steady (baseline 8 calls, candidate 7)");
        assertThat(select(page, "//*[local-name()='g'][@class='call' and @data-run='candidate']")).hasSize(14);
    }

    @Test
    void escapesHostileTraceText() throws Exception {
        String hostile = "</title><script>alert(\"x\")</script> & 'q' <!-- \u0001";
        String json = Files.readString(FIXTURES.resolve("print-bridge/trace.json"))
                .replace("Unsupported: builtin: print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] True",
                        hostile.replace("\\", "\\\\").replace("\"", "\\\"").replace("\u0001", "\\u0001"))
                .replace("\"name\": \"print-bridge\"", "\"name\": \"<img src=x onerror=alert(1)>\"");
        Path file = temp.resolve("hostile.json");
        Files.writeString(file, json);
        String html = page(Traces.read(file));
        Document page = parse(html);

        assertThat(html).doesNotContain("<script").doesNotContain("<img").doesNotContain("<!--");
        // Control characters cannot stand in XML: U+0001 becomes U+FFFD.
        assertThat(select(page, "//*[@class='break-site' and @data-run='baseline']/*[@class='reason']").get(0).getTextContent())
                .isEqualTo("</title><script>alert(\"x\")</script> & 'q' <!-- \uFFFD");
        assertThat(select(page, "//*[@class='fixture-name']").get(0).getTextContent()).isEqualTo("<img src=x onerror=alert(1)>");
        assertThat(select(page, "//*[local-name()='head']/*[local-name()='title']").get(0).getTextContent())
                .isEqualTo("receipt · <img src=x onerror=alert(1)>");
        assertThat(select(page, "//*[@data-call='b04']/*[@class='island']").get(0).getAttribute("data-site")).isEqualTo("scenarios.py:31");
    }

    @Test
    void loadsNothingFromOutsideThePage() {
        String html = page(trace("print-bridge"));

        assertThat(html).doesNotContainIgnoringCase("<script").doesNotContainIgnoringCase("<link")
                .doesNotContainIgnoringCase("src=").doesNotContainIgnoringCase("url(").doesNotContainIgnoringCase("@import")
                .contains("content=\"default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;\"");
        assertThat(html.replace("xmlns=\"http://www.w3.org/1999/xhtml\"", "")).doesNotContain("http:").doesNotContain("https:");
    }

    @Test
    void theSameTraceGivesTheSameBytesWhateverTheLocale() {
        Trace trace = trace("int-spec");
        String first = page(trace);
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(page(trace("int-spec"))).isEqualTo(first);
        } finally {
            Locale.setDefault(before);
        }
        assertThat(first).contains("translate(0,22.00)").doesNotContain("translate(0,22,00)");
    }

    @Test
    void refusesAReceiptOfAnotherTrace() {
        Trace printBridge = trace("print-bridge");
        Receipt intSpec = Receipt.of(trace("int-spec"));

        assertThatThrownBy(() -> ReceiptHtml.render(printBridge, intSpec))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the receipt was computed from another trace: trace_sha256 " + intSpec.traceSha256()
                        + ", the trace given has " + printBridge.sha256());
    }

    @Test
    void aSourceWithoutCallsShowsItsCompileLogAndSaysWhatWasNotMeasured() throws Exception {
        CompileLog log = new CompileLog(List.of("0/0", "0/1"), List.of("0/1"), List.of(), List.of("0/0", "0/1"), List.of(),
                List.of(new CompileLog.Site("model.py:7", "Unsupported: <print>", 1)),
                List.of(new CompileLog.RecompileReason("0/1", "0/0: L['n'] == 1")), OptionalDouble.of(2.5),
                CompileLog.ArtifactCache.NONE);
        Trace trace = new Trace(Path.of("torch_trace.log"), new Fixture("log-only", java.util.Map.of(), Optional.empty()),
                List.of(new Run("baseline", List.of(), Optional.of(log))), "ab".repeat(32), Limits.DEFAULT,
                Set.copyOf(java.util.EnumSet.range(Measure.CALLS, Measure.BREAKS)), Optional.of(List.of(3L)));
        Document page = parse(page(trace));

        assertThat(select(page, "//*[@id='timeline']/*[@class='not-measured']").get(0).getTextContent())
                .isEqualTo("This source has no per-call markers, so calls were not measured: there is no timeline. "
                        + "The compile log below holds what it recorded.");
        assertThat(select(page, "//*[local-name()='g'][@class='call']")).isEmpty();
        assertThat(value(page, "//*[@data-field='recompiles']/*[local-name()='dd']")).isEqualTo("1");
        assertThat(value(page, "//*[@data-field='compile_ms']/*[local-name()='dd']")).isEqualTo("2.5");
        assertThat(select(page, "//*[@data-field='recompile_reason']/*[local-name()='dd']").get(0).getTextContent())
                .isEqualTo("0/0: L['n'] == 1");
        assertThat(attribute(select(page, "//*[@data-field='not_measured']//*[local-name()='li']"), "data-item"))
                .containsExactly("calls", "wall_ms", "region_ms", "eager_island_ms", "cache_hits", "breaks");
        assertThat(attribute(select(page, "//*[@data-field='bad_lines']//*[local-name()='li']"), "data-item")).containsExactly("3");
    }
}
