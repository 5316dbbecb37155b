package dev.ferrum.conductor.driver.power;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import org.junit.jupiter.api.Test;

/**
 * What every power interface must do, run against each implementation: a valid node powers on,
 * off and reboots, and the state read back follows.
 */
public abstract class PowerContract {

    /** The implementation under test, pointed at a machine that starts powered off. */
    protected abstract PowerInterface power();

    /** A node configured for {@link #power()}. */
    protected abstract Node node();

    @Test
    void aConfiguredNodeIsValid() {
        assertThat(power().validate(node()).isValid()).isTrue();
    }

    @Test
    void powersOnAndOff() {
        Node node = node();
        power().powerOn(node);
        assertThat(power().powerState(node)).isEqualTo(PowerState.POWER_ON);
        power().powerOff(node);
        assertThat(power().powerState(node)).isEqualTo(PowerState.POWER_OFF);
    }

    @Test
    void rebootLeavesTheNodeOnFromEitherState() {
        Node node = node();
        power().powerOff(node);
        power().reboot(node);
        assertThat(power().powerState(node)).isEqualTo(PowerState.POWER_ON);
        power().reboot(node);
        assertThat(power().powerState(node)).isEqualTo(PowerState.POWER_ON);
    }
}
