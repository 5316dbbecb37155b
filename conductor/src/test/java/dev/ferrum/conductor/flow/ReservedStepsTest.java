package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.protocol.step.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the API accepts for Ironic's reserved steps, and how a {@code wait}'s seconds are read. */
class ReservedStepsTest {

    private static PlannedStep step(String iface, String name, ObjectNode args) {
        return new PlannedStep(new Step(name, 0, iface, false, false, JsonNodeFactory.instance.objectNode()),
                JsonDict.of(args));
    }

    private static ObjectNode args() {
        return JsonNodeFactory.instance.objectNode();
    }

    @Test
    void reservedStepsAreKnownByNameWhateverTheInterface() {
        assertThat(step("deploy", "power_off", args()).isReserved()).isTrue();
        assertThat(step("power", "wait", args()).isReserved()).isTrue();
        assertThat(step("deploy", "erase_devices", args()).isReserved()).isFalse();
    }

    @Test
    void waitSecondsAreAWholeNumberOrAStringOfDigits() {
        assertThat(ReservedSteps.seconds(step("deploy", "wait", args().put("seconds", 12)))).contains(12);
        assertThat(ReservedSteps.seconds(step("deploy", "wait", args().put("seconds", "7")))).contains(7);
        assertThat(ReservedSteps.seconds(step("deploy", "wait", args()))).isEmpty();
        assertThat(ReservedSteps.seconds(step("deploy", "wait", args().put("seconds", -1)))).isEmpty();
        assertThat(ReservedSteps.seconds(step("deploy", "wait", args().put("seconds", 2.5)))).isEmpty();
    }

    @Test
    void checkRefusesBadArgumentsAndLeavesOtherStepsToTheirInterfaces() {
        ReservedSteps.check(List.of(step("deploy", "wait", args().put("seconds", 3)), step("power", "reboot", args()),
                step("deploy", "erase_devices", args().put("anything", 1))));
        assertThatThrownBy(() -> ReservedSteps.check(List.of(step("deploy", "wait", args().put("seconds", "x")))))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("whole number of seconds");
        assertThatThrownBy(() -> ReservedSteps.check(List.of(step("deploy", "wait", args().put("minutes", 1)))))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("takes only \"seconds\"");
        assertThatThrownBy(() -> ReservedSteps.check(List.of(step("deploy", "hold", args().put("seconds", 1)))))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("give it no args");
    }
}
