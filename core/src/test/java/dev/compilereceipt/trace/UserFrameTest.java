package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The user's frame is the innermost frame outside PyTorch and outside the Python standard library. */
class UserFrameTest {

    @ParameterizedTest(name = "{0}: standard library {1}")
    @CsvSource(delimiter = '|', textBlock = """
            /usr/lib/python3.14/logging/__init__.py                   | true
            /usr/lib/python3.13/copy.py                                | true
            /usr/lib/python3.13/lib-dynload/_json.cpython-313.so       | true
            /opt/conda/lib/python3.11/copy.py                          | true
            /root/.pyenv/versions/3.11.7/lib/python3.11/json/decoder.py | true
            lib/python3.12/logging/__init__.py                         | true
            <frozen importlib._bootstrap>                              | true
            C:\\Python313\\Lib\\logging\\__init__.py                   | true
            C:/Users/me/AppData/Local/Programs/Python/Python313/Lib/copy.py | true
            /usr/lib/python3/dist-packages/numpy/core/numeric.py       | false
            /srv/venv/lib/python3.11/site-packages/transformers/x.py   | false
            /usr/local/lib/python3.13/dist-packages/mymodel/layers.py  | false
            C:\\venv\\Lib\\site-packages\\mymodel\\layers.py           | false
            /home/me/Lib/model.py                                      | false
            /home/me/lib/model.py                                      | false
            scenarios.py                                               | false
            /capture/tests/scenarios.py                                | false
            """)
    void theStandardLibraryInTheShapesPythonReportsIt(String path, boolean standardLibrary) {
        assertThat(UserFrame.isStandardLibrary(path)).isEqualTo(standardLibrary);
    }

    @Test
    void aBreakInsideTheStandardLibraryNamesTheUsersCallAsItsFrame() {
        // A logger.info in a helper that Dynamo traced into logging/__init__.py (2.14's traceback shape, shortened).
        List<String> lines = List.of("Graph break in user code at /usr/lib/python3.14/logging/__init__.py:1524",
                "User code traceback:",
                "  File \"/capture/tests/run_scenario.py\", line 30, in <module>",
                "  File \"/capture/tests/scenarios.py\", line 200, in logged_scale",
                "    y = _log_shape(torch.sin(x) * 2.0)",
                "  File \"/capture/tests/scenarios.py\", line 195, in _log_shape",
                "    logger.info(\"scaled: %s\", tuple(y.shape))",
                "  File \"/usr/lib/python3.14/logging/__init__.py\", line 1524, in info",
                "    self._log(INFO, msg, args, **kwargs)",
                "  File \"/usr/lib/python3/dist-packages/torch/_dynamo/polyfills/__init__.py\", line 10, in f",
                "");
        assertThat(UserFrame.of(lines)).contains("/capture/tests/scenarios.py:195");
        BreakDetail detail = BreakDetail.NONE;
        assertThat(detail.userCodeAt("/usr/lib/python3.14/logging/__init__.py:1524")).isEmpty();
        assertThat(detail.userCodeAt("/capture/tests/scenarios.py:195")).contains("/capture/tests/scenarios.py:195");
    }

    @Test
    void aTracebackOfOnlyPyTorchAndTheStandardLibraryNamesNoUserFrame() {
        assertThat(UserFrame.of(List.of("User code traceback:",
                "  File \"/usr/lib/python3.14/logging/__init__.py\", line 1524, in info",
                "  File \"/usr/lib/python3/dist-packages/torch/_dynamo/eval_frame.py\", line 3, in f"))).isEmpty();
    }
}
