package dev.ferrum.conductor.state;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StateDiagramTest {
    // Surefire runs in the module directory; the page lives with the other architecture docs at the root.
    private static final Path COMMITTED = Path.of("..", "docs", "state-machine.md");
    private static final String SHOWN = "docs/state-machine.md";

    private final StateDiagram diagram = new StateDiagram(new ProvisionStateMachine());

    @Test
    void committedDiagramIsWhatTheTableGenerates() throws IOException {
        String generated = diagram.markdown();
        if (Boolean.getBoolean("ferrum.regenerate.docs")) {
            Files.createDirectories(COMMITTED.getParent());
            Files.writeString(COMMITTED, generated, StandardCharsets.UTF_8);
        }
        assertThat(COMMITTED).as(SHOWN + " is missing; run the build with"
                + " -Dferrum.regenerate.docs=true").exists();
        assertThat(Files.readString(COMMITTED, StandardCharsets.UTF_8))
                .as(SHOWN + " differs from the transition table; regenerate it with"
                        + " -Dferrum.regenerate.docs=true and commit it")
                .isEqualTo(generated);
    }

    @Test
    void diagramDrawsEveryTransitionAndNamesStatesByWireName() {
        String mermaid = diagram.mermaid();

        assertThat(mermaid).startsWith("stateDiagram-v2\n");
        assertThat(mermaid).contains("    state \"wait call-back\" as deploy_wait\n");
        assertThat(mermaid).contains("    deploying --> deploy_wait : wait\n");
        assertThat(mermaid).contains("    deploy_wait --> deploy_failed : fail, timeout, abort\n");
        assertThat(mermaid).contains("    [*] --> enroll\n");
        for (Transition row : new ProvisionStateMachine().transitions()) {
            assertThat(mermaid).contains(row.event().eventName());
        }
    }
}
