package dev.compilereceipt.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * The directory cut from a payload's JSON text must be the cut {@link DirectoryCut#cut(com.fasterxml.jackson.databind.JsonNode)}
 * makes on the values read from it, however the text escapes them: otherwise a frozen log's
 * receipt differs from its original's (PyTorch 2.6 writes {@code \/} and {@code \u00e9}).
 */
class DirectoryCutTest {

    private static final DirectoryCut JOSE = new DirectoryCut("/home/josé/proj");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The values of the cut text, read, are the values of the text read, then cut. */
    private static void sameAsTheTreeCut(DirectoryCut cut, String json) throws Exception {
        var tree = JSON.readTree(json);
        cut.cut(tree);
        assertThat(JSON.readTree(cut.cutJson(json))).isEqualTo(tree);
    }

    @Test
    void escapedSlashesAndLettersAreCutAsThePlainText() throws Exception {
        String line = "[\"0/0: guard failed at \\/home\\/jos\\u00e9\\/proj\\/scenarios.py:28\", \"/home/josé/proj/a.py\"]";
        assertThat(JOSE.cutJson(line)).isEqualTo("[\"0/0: guard failed at scenarios.py:28\", \"a.py\"]");
        sameAsTheTreeCut(JOSE, line);
        sameAsTheTreeCut(JOSE, "{\"f\": \"\\/HOME\\/jos\\u00E9\\/proj\\/x\", \"g\": \"\\/home\\/jos\\u00E9\\/proj\\/x\"}");
    }

    @Test
    void aDirectoryAfterAnEscapedNewlineIsCutAsInTheValue() throws Exception {
        String line = "{\"stack\": \"first\\n/rt/a.py:1\\n  /x/rt/b.py:2\"}";
        assertThat(new DirectoryCut("/rt").cutJson(line)).isEqualTo("{\"stack\": \"first\\na.py:1\\n  /x/rt/b.py:2\"}");
        sameAsTheTreeCut(new DirectoryCut("/rt"), line);
    }

    @Test
    void keysAreKeptAsTheTreeKeepsThem() throws Exception {
        String line = "{\"/rt/a.py\": \"/rt/a.py\", \"n\" : 1}";
        assertThat(new DirectoryCut("/rt").cutJson(line)).isEqualTo("{\"/rt/a.py\": \"a.py\", \"n\" : 1}");
        sameAsTheTreeCut(new DirectoryCut("/rt"), line);
    }

    @Test
    void aStringTheLineDoesNotCloseOrAMalformedEscapeIsLeftAsItIs() {
        DirectoryCut cut = new DirectoryCut("/rt");
        assertThat(cut.cutJson("[\"/rt/a.py\", \"/rt/b")).isEqualTo("[\"a.py\", \"/rt/b");
        assertThat(cut.cutJson("[\"/rt/a.py\\q\"]")).isEqualTo("[\"/rt/a.py\\q\"]");
        assertThat(cut.cutJson("[\"/rt/a\\u12\"]")).isEqualTo("[\"/rt/a\\u12\"]");
    }

    @Test
    void controlCharactersAndALoneSurrogateStayEscaped() throws Exception {
        String line = "[\"/rt/a\\u001b[2J\\ud800\\ud83d\\ude00\\\"q\\\"\"]";
        assertThat(new DirectoryCut("/rt").cutJson(line)).isEqualTo("[\"a\\u001B[2J\\ud800\uD83D\uDE00\\\"q\\\"\"]");
        sameAsTheTreeCut(new DirectoryCut("/rt"), line);
    }
}
