package dev.ferrum.hardware.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StepTest {
    private final StepContext context = new StepContext(new NoNode(), new MachineContext(Path.of("/nonexistent-fixture"),
            new FakeCommandRunner()), StepProgress.ignored());

    /** Arguments of a test step. */
    record Passes(int count) {
    }

    @Test
    void aDeclaredStepIsADeployInterfaceStepThatNeitherRebootsNorAbortsUntilToldTo() {
        Step<Passes, String> step = Step.of("burnin_disk", 0, Passes.class, (args, ctx) -> args.count() + " passes");

        assertThat(step.stepInterface()).isEqualTo(StepInterface.DEPLOY);
        assertThat(step.rebootRequested()).isFalse();
        assertThat(step.abortable()).isFalse();

        Step<Passes, String> changed = step.onInterface(StepInterface.RAID).requestingReboot().interruptible()
                .atPriority(40);

        assertThat(changed.stepInterface().wireName()).isEqualTo("raid");
        assertThat(changed.rebootRequested()).isTrue();
        assertThat(changed.abortable()).isTrue();
        assertThat(changed.priority()).isEqualTo(40);
        assertThat(changed.name()).isEqualTo("burnin_disk");
        assertThat(changed.run(new Passes(3), context)).isEqualTo("3 passes");
    }

    @Test
    void aStepWithoutArgumentsRunsOnItsContext() {
        Step<NoArguments, String> step = Step.withoutArguments("whoami", 0, ctx -> "node " + ctx.node().uuid());

        assertThat(step.arguments()).isEqualTo(NoArguments.class);
        assertThat(step.run(new NoArguments(), context)).isEqualTo("node n-1");
    }

    @Test
    void aStepNeedsANameAndAPriorityOfAtLeastZero() {
        assertThatThrownBy(() -> Step.withoutArguments(" ", 10, ctx -> NoResult.NONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a name");
        assertThatThrownBy(() -> Step.withoutArguments("early", -1, ctx -> NoResult.NONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("use 0");
    }

    /** A node with a uuid and no fields. */
    private static final class NoNode implements StepNode {
        @Override
        public String uuid() {
            return "n-1";
        }

        @Override
        public <T> Optional<T> field(NodeSection section, String key, Class<T> type) {
            return Optional.empty();
        }

        @Override
        public <T> T as(Class<T> view) {
            throw new StepArgumentException("no document", new IllegalStateException());
        }
    }
}
