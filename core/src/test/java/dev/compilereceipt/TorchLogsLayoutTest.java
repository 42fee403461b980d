package dev.compilereceipt;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The TORCH_LOGS reader's place in the one-way flow, as {@link LayoutTest} keeps it for the other
 * readers: it stands on the model and the JSON plumbing alone, no other reader reaches it, and the
 * model reaches it only through the {@link Traces} façade.
 */
class TorchLogsLayoutTest {

    private static final String TORCH_LOGS = "dev.compilereceipt.internal.torchlogs..";

    private static final JavaClasses ENGINE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.compilereceipt");

    @Test
    void theReaderStandsOnTheModelAndTheJsonPlumbingAlone() {
        classes().that().resideInAPackage(TORCH_LOGS)
                .should().onlyDependOnClassesThat().resideInAnyPackage(TORCH_LOGS, "dev.compilereceipt",
                        "dev.compilereceipt.internal.json..", "java..", "com.fasterxml.jackson..", "org.apiguardian..")
                .check(ENGINE);
    }

    @Test
    void noOtherReaderAndNoViewReachesIt() {
        noClasses().that().resideInAnyPackage("dev.compilereceipt.internal.compiletrace..", "dev.compilereceipt.internal.torchtrace..",
                        "dev.compilereceipt.internal.json..", "dev.compilereceipt.audit..", "dev.compilereceipt.report..")
                .should().dependOnClassesThat().resideInAPackage(TORCH_LOGS).check(ENGINE);
    }

    @Test
    void theModelReachesItThroughTheTracesFacadeOnly() {
        noClasses().that().resideInAPackage("dev.compilereceipt").and().haveNameNotMatching("dev\\.compilereceipt\\.Traces(\\$.*)?")
                .should().dependOnClassesThat().resideInAPackage(TORCH_LOGS).check(ENGINE);
    }

    @Test
    void everyPublicTypeIsMarkedInternal() {
        classes().that().resideInAPackage(TORCH_LOGS).and().arePublic().and().areTopLevelClasses()
                .should().beAnnotatedWith(org.apiguardian.api.API.class).check(ENGINE);
    }
}
