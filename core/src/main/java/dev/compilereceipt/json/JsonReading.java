package dev.compilereceipt.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apiguardian.api.API;

/**
 * The one place JSON parsers and trees are made: every reader, the approvals and the diff take their
 * Jackson factory or mapper from here, so a parser's bounds ({@link StreamReadConstraints}: nesting
 * depth, the length of a name, a string, a number, a document) are chosen in one file. The readers
 * pass their {@code dev.compilereceipt.trace.Limits}' figures in (this package sits below the input
 * model and does not import it).
 *
 * <p>Example: {@code JsonReading.bounded(limits.maxDepth(), limits.maxStringLength()).createParser(in)}
 * parses a torch.profiler trace within the limits; {@code JsonReading.trees().readTree(text)} reads an
 * approved receipt back.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class JsonReading {

    /**
     * TORCH_TRACE envelopes and payloads: Jackson's own bounds, which {@code Limits.DEFAULT_MAX_DEPTH}
     * repeats (depth 1,000). Their strings keep Jackson's 20,000,000 characters, not {@code max_string_length}:
     * the envelope scan answers only where its answer is this factory's, and the reader bounds what it
     * keeps in its string pool, not what it steps over.
     */
    public static final JsonFactory RECORDS = new JsonFactory();
    /** Whether an input is a receipt, told from its first keys: Jackson's bounds, the input left open to be read again. */
    public static final JsonFactory SCAN = JsonFactory.builder().disable(StreamReadFeature.AUTO_CLOSE_SOURCE).build();

    private JsonReading() {
    }

    /** Trees of JSON the project wrote itself or reads whole: approved receipts, canonical values read back. */
    public static ObjectMapper trees() {
        return Trees.PLAIN;
    }

    /** Trees whose numbers must keep every digit they were written with, such as the envelopes a freeze rewrites. */
    public static ObjectMapper exactTrees() {
        return Trees.EXACT;
    }

    /**
     * A stream of events within a trace's limits: containers nested at most {@code maxDepth} deep, names
     * and strings at most {@code maxStringLength} characters; the input is left open for its owner to close.
     */
    public static JsonFactory bounded(int maxDepth, int maxStringLength) {
        return JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(maxDepth).maxStringLength(maxStringLength)
                .maxNameLength(maxStringLength).build()).disable(StreamReadFeature.AUTO_CLOSE_SOURCE).build();
    }

    /**
     * A whole document read strictly: duplicate keys refused, every bound given, the source named in
     * each location so a refusal can point at it.
     */
    public static JsonFactory document(int maxDepth, int maxNameLength, int maxStringLength, int maxNumberLength,
                                       long maxDocumentBytes) {
        return JsonFactory.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(maxDepth)
                        .maxNameLength(maxNameLength)
                        .maxStringLength(maxStringLength)
                        .maxNumberLength(maxNumberLength)
                        .maxDocumentLength(maxDocumentBytes)
                        .build())
                .build();
    }

    /**
     * Made when first asked for: made with the factories, the mappers' class loading slowed every read (the part reader
     * on 64 Mi blank lines, paired: 1.09x the time before the toolkit; made here, 1.01x).
     */
    private static final class Trees {
        static final ObjectMapper PLAIN = new ObjectMapper();
        static final ObjectMapper EXACT = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    }
}
