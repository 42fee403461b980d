package dev.compilereceipt.read.source;

import org.apiguardian.api.API;

/**
 * How the caller of a read names its options, so that a refusal asks for an option the way the
 * user writes it: {@code --phases} on the command line, {@code phases = "..."} in a
 * {@code @TraceFixture}, {@code withPhases(...)} in code. The rule a refusal states is the same
 * for every caller; only these names differ. {@code profileRead} is the whole sentence for a
 * torch.profiler trace read without any of its options.
 *
 * <p>Example: {@code Spelling.CLI.log()} is {@code --log LOG}.
 */
@API(status = API.Status.INTERNAL)
public record Spelling(String phases, String log, String rank, String run, String profileRead) {

    /** Its profile sentence is 0.1's, word for word: a refusal is an output, pinned by the output hashes. */
    public static final Spelling LIBRARY = new Spelling("withPhases(CallPhases.parse(\"steady=0-9\"))", "withLog(log)",
            "withRank(n)", "withRun(label)", "a torch.profiler trace is read with the TORCH_TRACE log of the same process and"
            + " the phases of its calls: receipt audit PROFILE --log LOG --phases steady=0-9, or Traces.readProfile");
    public static final Spelling CLI = new Spelling("--phases steady=0-9", "--log LOG", "--rank", "--run",
            "a torch.profiler trace is read with the TORCH_TRACE log of the same process and the phases of its calls:"
            + " receipt audit PROFILE --log LOG --phases steady=0-9");
    public static final Spelling TRACE_FIXTURE = new Spelling("phases = \"steady=0-9\"", "log = \"...\"", "rank = N",
            "run = \"...\"", "a torch.profiler trace is read with the phases of its calls, as no phase is guessed: add"
            + " phases = \"steady=0-9\" (by call index from 0) to the @TraceFixture, with log = \"...\" unless a folder holds"
            + " the profile and its TORCH_TRACE log, and callSpan = \"request\" where a call is not a ProfilerStep#N");
}
