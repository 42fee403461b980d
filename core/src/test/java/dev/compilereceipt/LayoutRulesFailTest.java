package dev.compilereceipt;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import dev.compilereceipt.read.Refusal;
import dev.compilereceipt.read.torchlogs.ReachesAnotherReader;
import dev.compilereceipt.read.torchtrace.LogLines;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.trace.BreaksTheFlow;
import dev.compilereceipt.trace.Trace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Each rule of {@link LayoutTest} fails, with the offending class named, on test classes that break
 * it on purpose: a rule that matches nothing would pass on any layout.
 */
class LayoutRulesFailTest {

    private static void fails(ArchRule rule, String named, Class<?>... classes) {
        JavaClasses imported = new ClassFileImporter().importClasses(classes);
        assertThatThrownBy(() -> rule.check(imported)).isInstanceOf(AssertionError.class).hasMessageContaining(named);
    }

    @Test
    void theModelReachingTheReceiptIsACycleAndAgainstTheFlow() {
        fails(LayoutTest.NO_PACKAGE_CYCLES, "BreaksTheFlow", BreaksTheFlow.class, Receipt.class, Trace.class);
        fails(LayoutTest.FLOW, "BreaksTheFlow", BreaksTheFlow.class, Receipt.class);
    }

    @Test
    void anImportUsedOnlyByJavadocAgainstTheFlowFails() {
        Path source = Path.of("src/test/java/dev/compilereceipt/trace/LinksBackInJavadoc.java");
        assertThatThrownBy(() -> LayoutTest.SOURCE_IMPORTS.check(source)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("LinksBackInJavadoc.java:3: import dev.compilereceipt.receipt.Receipt reaches receipt, which trace may not use");
    }

    @Test
    void aReaderReachingAnotherFails() {
        fails(LayoutTest.READERS_APART, "ReachesAnotherReader", ReachesAnotherReader.class, LogLines.class);
    }

    @Test
    void aReaderChosenOutsideTheSourcePackageFails() throws ClassNotFoundException {
        fails(LayoutTest.ONE_WAY_IN, "ChoosesAReader", Class.forName("dev.compilereceipt.ledger.ChoosesAReader"),
                dev.compilereceipt.read.torchtrace.TorchTraceReader.class);
    }

    @Test
    void aRecordKindDecidedOutsideTheTableFails() throws ClassNotFoundException {
        fails(LayoutTest.ONE_TABLE_OF_RECORD_KINDS, "DispatchesOnItsOwn",
                Class.forName("dev.compilereceipt.read.torchtrace.DispatchesOnItsOwn"));
    }

    @Test
    void aJsonFactoryOrAWordReaderOfItsOwnFails() throws ClassNotFoundException {
        Class<?> own = Class.forName("dev.compilereceipt.read.MakesItsOwn");
        fails(LayoutTest.ONE_JSON_FACTORY, "MakesItsOwn", own);
        fails(LayoutTest.ONE_WORD_READER, "MakesItsOwn", own);
    }

    @Test
    void aFacadeHandingOutAnInternalTypeFails() {
        fails(LayoutTest.FACADES_HIDE_INTERNALS, "HandsOutAnInternal", HandsOutAnInternal.class);
    }

    @Test
    void aViewReachingAReaderFails() throws ClassNotFoundException {
        fails(LayoutTest.VIEWS_SHOW_RECEIPTS, "ReachesAReader", Class.forName("dev.compilereceipt.view.text.ReachesAReader"),
                Refusal.class);
    }

    @Test
    void jUnitInTheEngineFails() {
        fails(LayoutTest.NO_TEST_FRAMEWORK, "BreaksTheFlow", BreaksTheFlow.class);
    }

    @Test
    void canonicalJsonReachingTheModelFails() throws ClassNotFoundException {
        fails(LayoutTest.JSON_ON_JACKSON, "ReachesTheModel", Class.forName("dev.compilereceipt.json.ReachesTheModel"), Trace.class);
    }

    @Test
    void outputFilesReachingTheModelFail() throws ClassNotFoundException {
        fails(LayoutTest.OUTPUT_ON_THE_JDK, "ReachesTheModel", Class.forName("dev.compilereceipt.output.ReachesTheModel"), Trace.class);
    }

    @Test
    void aFileWrittenOutsideTheOutputPackageFails() throws ClassNotFoundException {
        fails(LayoutTest.ONE_WRITER, "WritesAFile", Class.forName("dev.compilereceipt.json.WritesAFile"));
    }

    @Test
    void aPublicTypeWithoutStatusOrAnInternalOneMarkedOtherwiseFails() {
        fails(LayoutTest.API_STATUS, "BreaksTheFlow", BreaksTheFlow.class);
        fails(LayoutTest.INTERNAL_MARKED, "ReachesAnotherReader", ReachesAnotherReader.class);
    }
}
