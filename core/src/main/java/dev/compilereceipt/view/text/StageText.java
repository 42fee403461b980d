package dev.compilereceipt.view.text;

import dev.compilereceipt.trace.CompileStages;
import dev.compilereceipt.trace.Millis;
import java.util.ArrayList;
import java.util.List;

/**
 * Compile stages as one line of text, in the order PyTorch runs them (Dynamo, AOTAutograd, Inductor,
 * codegen, then any other stage by name), with what no stage claims last.
 *
 * <p>Example: {@code dynamo 24.338, aot_autograd 97.126, inductor 103.762, codegen 1501.388, unattributed 0 ms}.
 */
final class StageText {

    private static final List<String> ORDER = List.of(CompileStages.DYNAMO, CompileStages.AOT_AUTOGRAD,
            CompileStages.INDUCTOR, CompileStages.CODEGEN);

    private StageText() {
    }

    static String of(CompileStages stages, double compileMs) {
        List<String> names = new ArrayList<>(ORDER.stream().filter(stages.ms()::containsKey).toList());
        stages.ms().keySet().stream().filter(name -> !ORDER.contains(name)).forEach(names::add);
        StringBuilder out = new StringBuilder();
        for (String name : names) {
            out.append(name).append(' ').append(Millis.text(stages.ms().get(name))).append(", ");
        }
        return out.append("unattributed ").append(Millis.text(stages.unattributedMs(compileMs))).append(" ms").toString();
    }
}
