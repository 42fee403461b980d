package dev.compilereceipt.view.html;

import dev.compilereceipt.Traces;
import dev.compilereceipt.testsupport.ReportXml;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.ReceiptLimits;
import dev.compilereceipt.trace.Decision;
import dev.compilereceipt.trace.Trace;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The report's "Decision" section read back as XML, against the figures of fixtures/decision and print-bridge worked out by hand. */
class DecisionSectionTest {

    private static final Path FIXTURES = Path.of(System.getProperty("compilereceipt.fixtures.dir", "../fixtures"));

    private static Document page(Trace trace) throws Exception {
        return ReportXml.parse(ReceiptHtml.render(trace, Receipt.of(trace)));
    }

    private static List<Element> select(Document page, String xpath) throws Exception {
        return ReportXml.select(page, xpath);
    }

    private static String text(Document page, String xpath) throws Exception {
        List<Element> found = select(page, xpath);
        assertThat(found).as(xpath).hasSize(1);
        return found.get(0).getTextContent();
    }

    private static Trace decision() {
        return Traces.read(FIXTURES.resolve("decision/trace.json"));
    }

    @Test
    void showsTheRecordAndTheTradeInWords() throws Exception {
        Document page = page(decision());

        assertThat(text(page, "//*[@id='decision']/*[local-name()='h2']")).isEqualTo("Decision");
        assertThat(text(page, "//*[@class='decision']/*[@data-field='intervention']/*[local-name()='dd']"))
                .isEqualTo("remove the print() at model.py:31 and compile with mode=max-autotune");
        assertThat(text(page, "//*[@class='decision']/*[@data-field='owner']/*[local-name()='dd']")).isEqualTo("decoder team");
        assertThat(text(page, "//*[@class='decision']/*[@data-field='worker_lifetime_calls']/*[local-name()='dd']"))
                .isEqualTo("50,000 calls");
        assertThat(text(page, "//*[@class='decision']/*[@data-field='call_families']/*[local-name()='dd']")).isEqualTo("base, n16");
        assertThat(text(page, "//*[@class='decision']/*[@data-field='not_established']/*[local-name()='dd']"))
                .isEqualTo(String.join("; ", ReceiptLimits.NOT_ESTABLISHED));
        // 1057 - 545 = 512 ms more cold, 0.3708 - 0.3438 = 0.027 ms saved, ⌈512 / 0.027⌉ = 18963;
        // a worker: 545 + 50000 × 0.3708 = 19085 ms against 1057 + 50000 × 0.3438 = 18247 ms.
        assertThat(text(page, "//*[@class='trade']")).isEqualTo("the candidate costs 512 ms more cold and saves 0.027 ms per steady"
                + " call: it pays back after 18,963 calls; a worker lives 50,000 calls: 19085 ms on the baseline, 18247 ms on the"
                + " candidate, the candidate is cheaper");
        assertThat(select(page, "//*[@class='trade']").get(0).getAttribute("data-break-even-calls")).isEqualTo("18963");
        assertThat(select(page, "//*[@class='trade-figures']/*[@data-field='extra_cold_ms']/*[local-name()='dd']").get(0)
                .getAttribute("data-value")).isEqualTo("512");
        assertThat(select(page, "//*[@class='trade-figures']/*[@data-field='worker_cost_ms']/*[local-name()='dd']").get(0)
                .getAttribute("data-value")).isEqualTo("19085 18247");
    }

    @Test
    void drawsTwoAxesPerRunAndCompiledPhaseOnePointACall() throws Exception {
        Document page = page(decision());

        // warmup, steady, changed (eager runs nothing compiled); per phase fragmentation and churn of both runs.
        assertThat(select(page, "//*[local-name()='table'][@class='axes']//*[local-name()='tr'][@data-phase]"))
                .extracting(e -> e.getAttribute("data-phase")).containsExactly("warmup", "steady", "changed");
        assertThat(select(page, "//*[local-name()='svg'][@data-kind]")).hasSize(12);
        // steady, baseline: four calls, each two regions around the print with 0.0404 ms of island; candidate: one region, none.
        String steadyBaseline = "//*[local-name()='svg'][@data-kind='fragmentation' and @data-run='baseline' and @data-phase='steady']"
                + "/*[local-name()='circle']";
        assertThat(select(page, steadyBaseline)).extracting(e -> e.getAttribute("data-call") + " " + e.getAttribute("data-x")
                + " " + e.getAttribute("data-y")).containsExactly("b02 2 0.0404", "b03 2 0.0404", "b04 2 0.0404", "b05 2 0.0404");
        assertThat(select(page, "//*[local-name()='svg'][@data-kind='fragmentation' and @data-run='candidate' and @data-phase='steady']"
                + "/*[local-name()='circle']")).extracting(e -> e.getAttribute("data-x") + " " + e.getAttribute("data-y"))
                .containsOnly("1 0");
        // churn, warmup: the baseline compiled 0/0 and 1/0 (402.1 + 121.7 = 523.8 ms), the candidate 0/0 in 1031.4 ms.
        assertThat(select(page, "//*[local-name()='svg'][@data-kind='churn' and @data-phase='warmup']/*[local-name()='circle']"))
                .extracting(e -> e.getAttribute("data-call") + " " + e.getAttribute("data-x") + " " + e.getAttribute("data-y"))
                .containsExactly("b01 2 523.8", "c01 1 1031.4");
    }

    @Test
    void aCaptureWithoutADecisionStillShowsItsTrade() throws Exception {
        Document page = page(Traces.read(FIXTURES.resolve("print-bridge/trace.json")));

        assertThat(text(page, "//*[@class='decision none']")).startsWith("This trace records no decision");
        // warmup 2793.634 -> 1063.9033 ms, steady medians 0.091 -> 0.0643 ms
        assertThat(text(page, "//*[@class='trade']"))
                .isEqualTo("the candidate costs 1729.7307 ms less cold and saves 0.0267 ms per steady call: it pays back at once (0 calls)");
    }

    @Test
    void oneRunHasNoTrade() throws Exception {
        Trace printBridge = Traces.read(FIXTURES.resolve("print-bridge/trace.json"));
        Document page = page(printBridge.withRuns(List.of(printBridge.runs().get(0))));

        assertThat(text(page, "//*[@class='trade none']")).isEqualTo("No trade: one run only, nothing to trade against.");
        assertThat(select(page, "//*[local-name()='svg'][@data-kind]")).hasSize(6);
    }

    @Test
    void aDecisionsTextIsEscapedAndTheSectionIsTheSameEveryTime() throws Exception {
        Trace trace = decision();
        Trace hostile = new Trace(trace.source(), trace.fixture(), trace.runs(), trace.sha256(), trace.limits(), trace.notMeasured(),
                trace.badLines(), Optional.of(new Decision("<script>alert(1)</script> & \"more\"", Optional.empty(), Optional.empty(),
                        Optional.of("ops'team"), OptionalLong.empty())));
        String html = ReceiptHtml.render(hostile, Receipt.of(hostile));

        assertThat(html).doesNotContain("<script>").contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;");
        assertThat(text(page(hostile), "//*[@class='decision']/*[@data-field='owner']/*[local-name()='dd']")).isEqualTo("ops'team");
        assertThat(ReceiptHtml.render(trace, Receipt.of(trace))).isEqualTo(ReceiptHtml.render(decision(), Receipt.of(decision())));
    }
}
