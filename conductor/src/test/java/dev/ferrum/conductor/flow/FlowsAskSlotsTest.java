package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.driver.DriverInterface;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * STYLE.md rule 17 for the flows' sources: a flow asks a driver slot to act and never learns which
 * implementation sits there, so it names no implementation class, asks no {@code style()} and tests
 * no {@code instanceof}. A new deploy, inspect or boot method then needs no edit here.
 */
class FlowsAskSlotsTest {
    private static final Path FLOWS = Path.of("src/main/java/dev/ferrum/conductor/flow");
    private static final Pattern DRIVER_TYPE = Pattern.compile("dev\\.ferrum\\.conductor\\.driver(?:\\.[a-z]\\w*)*\\.[A-Z]\\w*");

    @Test
    void theFlowsNameNoSlotImplementationAndNeverBranchOnOne() throws IOException, ClassNotFoundException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(FLOWS)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String source = Files.readString(file);
                String name = file.getFileName().toString();
                if (source.contains(".style()")) {
                    found.add(name + " asks a slot its style()");
                }
                if (source.contains(" instanceof ")) {
                    found.add(name + " tests instanceof");
                }
                Matcher types = DRIVER_TYPE.matcher(source);
                while (types.find()) {
                    Class<?> type = Class.forName(types.group());
                    if (DriverInterface.class.isAssignableFrom(type) && !type.isInterface()) {
                        found.add(name + " names the slot implementation " + type.getSimpleName());
                    }
                    if (type.getSimpleName().endsWith("Style")) {
                        found.add(name + " names " + type.getSimpleName());
                    }
                }
            }
        }
        assertThat(found).isEmpty();
    }
}
