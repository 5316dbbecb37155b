package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.state.ProvisionState;

/**
 * What the operator does with a node failed because the conductor working on it died and the work cannot be
 * resumed: the verb that starts it again from the failed state, as a {@code baremetal} command. Ironic's message
 * for these ("The state can't be resumed by conductor ...") names neither.
 */
final class TakeoverAdvice {
    private TakeoverAdvice() {
    }

    static String forState(ProvisionState interrupted) {
        return switch (interrupted) {
            case DEPLOYING -> "Deploy it again (baremetal node deploy <node>) or undeploy it (baremetal node"
                    + " undeploy <node>).";
            case CLEANING -> "Make it manageable (baremetal node manage <node>), then clean or provide it again.";
            case VERIFYING -> "Manage it again (baremetal node manage <node>), which verifies its BMC access again.";
            case INSPECTING -> "Inspect it again (baremetal node inspect <node>).";
            case ADOPTING -> "Adopt it again (baremetal node adopt <node>).";
            case RESCUING -> "Rescue it again (baremetal node rescue <node> --rescue-password <password>) or unrescue"
                    + " it (baremetal node unrescue <node>).";
            case UNRESCUING -> "Unrescue it again (baremetal node unrescue <node>).";
            case DELETING -> "Undeploy it again (baremetal node undeploy <node>).";
            case SERVICING -> "Check the node, then service it again (baremetal node service <node> --service-steps"
                    + " <steps>) or return it to active (baremetal node abort <node>).";
            default -> "Retry the action.";
        };
    }
}
