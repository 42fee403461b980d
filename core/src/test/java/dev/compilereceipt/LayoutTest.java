package dev.compilereceipt;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/**
 * Keeps the engine's flow one-way, trace → read → ledger → receipt → (mutant, diff, approval) →
 * view, on json and output below them all, as {@code docs/layout.md} draws it. {@link LayoutRulesFailTest} makes each rule fail once
 * on classes that break it, so none of them can pass by matching nothing.
 */
class LayoutTest {

    static final String ROOT = "dev.compilereceipt";

    /** The packages with no compatibility promise, {@code @API(status = INTERNAL)}. */
    static final List<String> INTERNAL_PACKAGES = List.of(ROOT + ".read", ROOT + ".ranks", ROOT + ".json", ROOT + ".output", ROOT + ".trace.json",
            ROOT + ".receipt.json");

    static final JavaClasses ENGINE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    /** No package of the engine reaches, through any chain of imports, back to itself. */
    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("dev.compilereceipt.(**)").should().beFreeOfCycles();

    /**
     * The flow, declared once for the bytecode and the sources alike: each layer may be used only by
     * the layers after it; the façades are used by none, json and output by every layer.
     */
    static final List<FlowLayer> LAYERS = List.of(
            FlowLayer.usedBy("facades", ROOT),
            FlowLayer.usedByAll("json", ROOT + ".json.."),
            FlowLayer.usedByAll("output", ROOT + ".output.."),
            FlowLayer.usedBy("trace", ROOT + ".trace..", "facades", "read", "ledger", "receipt", "ranks", "mutant", "diff", "approval",
                    "view"),
            FlowLayer.usedBy("read", ROOT + ".read..", "facades"),
            FlowLayer.usedBy("ledger", ROOT + ".ledger..", "facades", "receipt", "mutant", "diff", "approval", "view"),
            FlowLayer.usedBy("receipt", ROOT + ".receipt..", "facades", "ranks", "mutant", "diff", "approval", "view"),
            FlowLayer.usedBy("ranks", ROOT + ".ranks..", "facades"),
            FlowLayer.usedBy("mutant", ROOT + ".mutant..", "facades"),
            FlowLayer.usedBy("diff", ROOT + ".diff..", "facades", "approval", "view"),
            FlowLayer.usedBy("approval", ROOT + ".approval..", "facades"),
            FlowLayer.usedBy("view", ROOT + ".view..", "facades"));

    /** Each layer reaches only the layers before it in the flow; the façades are reached by none. */
    static final ArchRule FLOW = FlowLayer.architecture(LAYERS);

    /** The same flow on the import lines of the sources, where an import used only by Javadoc shows. */
    static final SourceImports SOURCE_IMPORTS = new SourceImports(LAYERS);

    /**
     * One reader never reaches another: each source is read on its own terms. Only {@code read.source}, which decides
     * which reader runs, composes them (a profile with its log, a warm pair).
     */
    static final ArchRule READERS_APART = slices().matching("dev.compilereceipt.read.(*)..")
            .should().notDependOnEachOther()
            .ignoreDependency(JavaClass.Predicates.resideInAPackage(ROOT + ".read.source.."), DescribedPredicate.alwaysTrue());

    /** Which reader runs is decided in {@code read.source} alone: nothing outside {@code read} reaches a reader's entry. */
    static final ArchRule ONE_WAY_IN = noClasses().that().resideOutsideOfPackage(ROOT + ".read..")
            .should().dependOnClassesThat(JavaClass.Predicates.simpleNameEndingWith("Reader")
                    .and(JavaClass.Predicates.resideInAPackage(ROOT + ".read..")));

    /** One place makes JSON parsers and trees, so their bounds are chosen once: {@code json.JsonReading}. */
    static final ArchRule ONE_JSON_FACTORY = noClasses().that().doNotHaveFullyQualifiedName(ROOT + ".json.JsonReading")
            .and().doNotHaveFullyQualifiedName(ROOT + ".json.JsonReading$Trees")
            .should().callConstructor(com.fasterxml.jackson.core.JsonFactory.class)
            .orShould().callConstructor(com.fasterxml.jackson.databind.ObjectMapper.class)
            .orShould().callMethod(com.fasterxml.jackson.core.JsonFactory.class, "builder")
            .orShould().callMethod(com.fasterxml.jackson.databind.json.JsonMapper.class, "builder");

    /** One byte-scanning helper reads bytes a word at a time, with its named word tests: {@code read.ByteWords}. */
    static final ArchRule ONE_WORD_READER = noClasses().that().doNotHaveFullyQualifiedName(ROOT + ".read.ByteWords")
            .should().callMethod(java.lang.invoke.MethodHandles.class, "byteArrayViewVarHandle", Class.class,
                    java.nio.ByteOrder.class);

    /**
     * Which kind a TORCH_TRACE record is, is decided by its table alone ({@code RecordKinds}): no reader, part reader
     * or freezer dispatches on an envelope's key of its own.
     */
    static final ArchRule ONE_TABLE_OF_RECORD_KINDS = noClasses()
            .that().doNotHaveFullyQualifiedName(ROOT + ".read.torchtrace.RecordKinds")
            .and().doNotHaveFullyQualifiedName(ROOT + ".read.torchtrace.LogEnvelope")
            .should().callMethodWhere(DescribedPredicate.describe("LogEnvelope.kind()", (JavaMethodCall call) ->
                    call.getTargetOwner().getFullName().equals(ROOT + ".read.torchtrace.LogEnvelope")
                            && call.getName().equals("kind")));

    /** The façades hand out no internal type: a public, current method of the root package names none in its signature. */
    static final ArchRule FACADES_HIDE_INTERNALS = methods().that().areDeclaredInClassesThat().resideInAPackage(ROOT)
            .and().arePublic().and().areNotAnnotatedWith(Deprecated.class)
            .should(new ArchCondition<JavaMethod>("name no internal type in their signature") {
                @Override
                public void check(JavaMethod method, ConditionEvents events) {
                    List<JavaClass> named = new ArrayList<>(method.getRawParameterTypes());
                    named.add(method.getRawReturnType());
                    for (JavaClass type : named) {
                        if (type.getPackageName().startsWith(ROOT + ".") && INTERNAL_PACKAGES.stream()
                                .anyMatch(internal -> type.getPackageName().startsWith(internal))) {
                            events.add(SimpleConditionEvent.violated(method, method.getFullName() + " names the internal "
                                    + type.getName()));
                        }
                    }
                }
            });

    /** The views show a receipt: they reach no reader, mutant or approval. */
    static final ArchRule VIEWS_SHOW_RECEIPTS = noClasses().that().resideInAPackage(ROOT + ".view..")
            .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".read..", ROOT + ".mutant..", ROOT + ".approval..");

    /** The engine runs anywhere: no test framework and no command-line library on its classpath. */
    static final ArchRule NO_TEST_FRAMEWORK = noClasses().that().resideInAPackage(ROOT + "..")
            .should().dependOnClassesThat().resideInAnyPackage("org.junit..", "org.assertj..", "org.opentest4j..", "picocli..");

    /** Canonical JSON stands on the JDK and Jackson alone, so every layer can use it. */
    static final ArchRule JSON_ON_JACKSON = classes().that().resideInAPackage(ROOT + ".json..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(ROOT + ".json..", "java..", "com.fasterxml.jackson..",
                    "org.apiguardian..");

    /** How files are written stands on the JDK alone, so every layer that writes one can use it. */
    static final ArchRule OUTPUT_ON_THE_JDK = classes().that().resideInAPackage(ROOT + ".output..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(ROOT + ".output..", "java..", "org.apiguardian..");

    /** Files are written in one place, so each output follows its rules (docs/hostile-input.md, "Every file the tool writes"). */
    static final ArchRule ONE_WRITER = noClasses().that().resideOutsideOfPackage(ROOT + ".output..")
            .should().callMethodWhere(DescribedPredicate.describe("a java.nio.file.Files method that writes, moves or creates a file",
                    (JavaMethodCall call) -> call.getTargetOwner().isEquivalentTo(java.nio.file.Files.class)
                            && call.getName().matches("write|writeString|newOutputStream|newBufferedWriter|newByteChannel|move|copy"
                                    + "|createFile|createTempFile|createDirectory|createDirectories")));

    /** Every public top-level type says how far users may rely on it, as JUnit's do. */
    static final ArchRule API_STATUS = classes().that().arePublic().and().areTopLevelClasses()
            .and().doNotHaveSimpleName("package-info")
            .should().beAnnotatedWith(API.class);

    /** Internal packages say so on each public type. */
    static final ArchRule INTERNAL_MARKED = classes().that()
            .resideInAnyPackage(INTERNAL_PACKAGES.stream().map(name -> name + "..").toArray(String[]::new))
            .and().arePublic().and().areTopLevelClasses()
            .should(ApiStatus.INTERNAL);

    @Test
    void noPackageCycles() {
        NO_PACKAGE_CYCLES.check(ENGINE);
    }

    @Test
    void eachLayerReachesOnlyTheLayersBeforeIt() {
        FLOW.check(ENGINE);
    }

    @Test
    void noSourceImportPointsBackUpTheFlow() {
        SOURCE_IMPORTS.check(Path.of("src/main/java"));
    }

    @Test
    void oneReaderNeverReachesAnother() {
        READERS_APART.check(ENGINE);
    }

    @Test
    void onlyTheSourcePackageChoosesAReader() {
        ONE_WAY_IN.check(ENGINE);
    }

    @Test
    void oneTableOfRecordKinds() {
        ONE_TABLE_OF_RECORD_KINDS.check(ENGINE);
    }

    @Test
    void oneJsonFactoryAndOneWordReader() {
        ONE_JSON_FACTORY.check(ENGINE);
        ONE_WORD_READER.check(ENGINE);
    }

    @Test
    void theFacadesHandOutNoInternalType() {
        FACADES_HIDE_INTERNALS.check(ENGINE);
    }

    @Test
    void viewsShowReceipts() {
        VIEWS_SHOW_RECEIPTS.check(ENGINE);
    }

    @Test
    void nothingInTheEngineImportsJUnitAssertJOpentest4jOrPicocli() {
        NO_TEST_FRAMEWORK.check(ENGINE);
    }

    @Test
    void canonicalJsonStandsOnTheJdkAndJacksonAlone() {
        JSON_ON_JACKSON.check(ENGINE);
    }

    @Test
    void outputFilesStandOnTheJdkAlone() {
        OUTPUT_ON_THE_JDK.check(ENGINE);
    }

    @Test
    void onlyTheOutputPackageWritesFiles() {
        ONE_WRITER.check(ENGINE);
    }

    @Test
    void everyPublicTypeHasAnApiStatus() {
        API_STATUS.check(ENGINE);
    }

    @Test
    void everyInternalTypeIsMarkedInternal() {
        INTERNAL_MARKED.check(ENGINE);
    }
}
