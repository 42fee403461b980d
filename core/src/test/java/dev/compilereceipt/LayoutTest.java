package dev.compilereceipt;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Keeps the flow one-way: trace → ledger → receipt → (mutants, oracle) → views, as the README's
 * Layout section draws it. Each rule names the packages it forbids, so a violation says which
 * class reached where.
 */
class LayoutTest {

    private static final String READERS_JSON = "dev.compilereceipt.internal.json..";
    private static final String COMPILE_TRACE = "dev.compilereceipt.internal.compiletrace..";
    private static final String TORCH_TRACE = "dev.compilereceipt.internal.torchtrace..";
    private static final String AUDIT = "dev.compilereceipt.audit..";
    private static final String REPORT = "dev.compilereceipt.report..";
    private static final String JUNIT_GLUE = "dev.compilereceipt.junit..";

    private static final JavaClasses ENGINE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.compilereceipt");

    @Test
    void readersNeverReachTheAuditTheViewsOrTheJUnitGlue() {
        noClasses().that().resideInAnyPackage(COMPILE_TRACE, TORCH_TRACE, READERS_JSON)
                .should().dependOnClassesThat().resideInAnyPackage(AUDIT, REPORT, JUNIT_GLUE)
                .check(ENGINE);
    }

    @Test
    void oneReaderNeverReachesAnother() {
        noClasses().that().resideInAPackage(COMPILE_TRACE)
                .should().dependOnClassesThat().resideInAPackage(TORCH_TRACE).check(ENGINE);
        noClasses().that().resideInAPackage(TORCH_TRACE)
                .should().dependOnClassesThat().resideInAPackage(COMPILE_TRACE).check(ENGINE);
    }

    @Test
    void theModelNeverImportsAReaderButThroughTheTracesFacade() {
        noClasses().that().resideInAPackage("dev.compilereceipt").and().haveNameNotMatching("dev\\.compilereceipt\\.Traces(\\$.*)?")
                .should().dependOnClassesThat().resideInAnyPackage(COMPILE_TRACE, TORCH_TRACE)
                .check(ENGINE);
    }

    @Test
    void theModelNeverImportsTheAuditOrTheViews() {
        noClasses().that().resideInAPackage("dev.compilereceipt")
                .should().dependOnClassesThat().resideInAnyPackage(AUDIT, REPORT, JUNIT_GLUE)
                .check(ENGINE);
    }

    @Test
    void theAuditNeverImportsTheViews() {
        noClasses().that().resideInAPackage(AUDIT)
                .should().dependOnClassesThat().resideInAnyPackage(REPORT, JUNIT_GLUE)
                .check(ENGINE);
        noClasses().that().resideInAPackage(REPORT)
                .should().dependOnClassesThat().resideInAPackage(JUNIT_GLUE)
                .check(ENGINE);
    }

    @Test
    void nothingInTheEngineImportsJUnitAssertJOpentest4jOrPicocli() {
        noClasses().that().resideInAPackage("dev.compilereceipt..").and().resideOutsideOfPackage(JUNIT_GLUE)
                .should().dependOnClassesThat().resideInAnyPackage("org.junit..", "org.assertj..", "org.opentest4j..", "picocli..")
                .check(ENGINE);
    }

    @Test
    void theJsonPlumbingStandsOnTheJdkAndJacksonAlone() {
        classes().that().resideInAPackage(READERS_JSON)
                .should().onlyDependOnClassesThat().resideInAnyPackage(READERS_JSON, "java..", "com.fasterxml.jackson..", "org.apiguardian..")
                .check(ENGINE);
    }

    @Test
    void everyInternalTypeIsMarkedInternal() {
        classes().that().resideInAnyPackage(READERS_JSON, COMPILE_TRACE, TORCH_TRACE).and().arePublic()
                .and().areTopLevelClasses()
                .should().beAnnotatedWith(org.apiguardian.api.API.class)
                .check(ENGINE);
    }
}
