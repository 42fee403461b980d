package dev.compilereceipt.assertj;

import dev.compilereceipt.receipt.PhaseFigures;
import dev.compilereceipt.receipt.Receipt;
import dev.compilereceipt.receipt.RunFigures;
import dev.compilereceipt.trace.Phase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The navigation to what a start costs: the warm start of the runs in scope ({@link WarmStartAssert})
 * and where a phase's compile time went ({@link CompileStagesAssert}). Part of
 * {@link AbstractReceiptAssert}, whose scope (all runs, or the one chosen) they share.
 *
 * <p>Example: {@code assertThat(receipt).warmStart().hasNoCacheMisses();}
 *
 * @param <SELF> the assert's own type, so that checks chain
 * @param <ACTUAL> the receipt type
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractColdStartChecks<SELF extends AbstractColdStartChecks<SELF, ACTUAL>, ACTUAL extends Receipt>
        extends AbstractRecompileCauseChecks<SELF, ACTUAL> {

    protected AbstractColdStartChecks(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    /** The warm start ({@code cold_start}) of every run in scope. */
    @SuppressWarnings("unchecked")
    public WarmStartAssert warmStart() {
        List<RunFigures> runs = scope();
        return navigate(WarmStartAssert.class, (Class<List<RunFigures>>) (Class<?>) List.class, runs, WarmStartAssert::new,
                narrowedTo.isPresent() ? runOfReceipt(runs.get(0)) : ofReceipt());
    }

    /** The compile stages of {@code phase} in every run in scope; a source without calls has no phases. */
    @SuppressWarnings("unchecked")
    public CompileStagesAssert compileStages(Phase phase) {
        Map<String, PhaseFigures> byRun = new LinkedHashMap<>();
        for (RunFigures run : scope()) {
            requireCalls(run, "split the compile time of phase " + phase + " by stage");
            byRun.put(run.label(), run.phase(phase));
        }
        return navigate(CompileStagesAssert.class, (Class<Map<String, PhaseFigures>>) (Class<?>) Map.class, byRun,
                CompileStagesAssert::new, narrowedTo.map(label -> runOfReceipt(actual.run(label))).orElse(ofReceipt()));
    }
}
