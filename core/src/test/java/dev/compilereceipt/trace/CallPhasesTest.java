package dev.compilereceipt.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class CallPhasesTest {

    @Test
    void rangesGiveEachCallItsPhase() {
        CallPhases phases = CallPhases.parse("eager=0-2,warmup=3,steady=4-83,changed=84-89");

        assertThat(phases.phaseOf(0)).contains(Phase.EAGER);
        assertThat(phases.phaseOf(2)).contains(Phase.EAGER);
        assertThat(phases.phaseOf(3)).contains(Phase.WARMUP);
        assertThat(phases.phaseOf(83)).contains(Phase.STEADY);
        assertThat(phases.phaseOf(89)).contains(Phase.CHANGED);
        assertThat(phases.phaseOf(90)).isEmpty();
        assertThat(phases.misfit(90)).isEmpty();
    }

    @Test
    void aPhaseMayComeBackAfterAnother() {
        CallPhases phases = CallPhases.parse("steady=0-3,changed=4,steady=5");

        assertThat(phases.phaseOf(4)).contains(Phase.CHANGED);
        assertThat(phases.phaseOf(5)).contains(Phase.STEADY);
    }

    @Test
    void aCallInNoRangeOrARangePastTheLastCallIsAMisfit() {
        assertThat(CallPhases.parse("warmup=0,steady=2-3").misfit(4))
                .isEqualTo(Optional.of("call 1 of 4 is in no phase of \"warmup=0,steady=2-3\""));
        assertThat(CallPhases.parse("steady=0-9").misfit(4))
                .isEqualTo(Optional.of("the phases \"steady=0-9\" name call 9, but there are 4 calls (0 to 3)"));
    }

    @Test
    void wrongTextIsRefusedQuotingThePart() {
        String how = "; write them like eager=0-2,warmup=3,steady=4-83,changed=84-89";
        assertThatThrownBy(() -> CallPhases.parse("steady")).hasMessage("phases \"steady\" is not phase=first-last" + how);
        assertThatThrownBy(() -> CallPhases.parse("stedy=0-3"))
                .hasMessage("phases \"stedy=0-3\" names no phase (eager, warmup, steady, changed)" + how);
        assertThatThrownBy(() -> CallPhases.parse("steady=3-1")).hasMessage("phases \"steady=3-1\" ends before it begins" + how);
        assertThatThrownBy(() -> CallPhases.parse("steady=0-3,changed=3"))
                .hasMessage("phases \"changed=3\" overlaps steady=0-3" + how);
        assertThatThrownBy(() -> CallPhases.parse("steady=-1"))
                .hasMessage("phases \"steady=-1\" has a call index that is not a number from 0: \"\"" + how);
        assertThatThrownBy(() -> CallPhases.parse("steady=1234567890"))
                .hasMessage("phases \"steady=1234567890\" has a call index that is not a number from 0: \"1234567890\"" + how);
    }
}
