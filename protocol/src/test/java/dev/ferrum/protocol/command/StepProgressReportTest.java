package dev.ferrum.protocol.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.json.WireJson;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StepProgressReportTest {
    private final ObjectMapper mapper = WireJson.newMapper();

    @Test
    void whatTheAgentWritesIsWhatTheConductorReads() {
        JsonNode written = mapper.valueToTree(new StepProgressReport("streaming", 2048, 1024, Optional.of(4096L), 512,
                Optional.empty(), 1));

        assertThat(written.get("eta_seconds").isNull()).as("unknown values are written as null").isTrue();
        StepProgressReport.Read read = StepProgressReport.read(written).orElseThrow();
        assertThat(read).isEqualTo(new StepProgressReport.Read(Optional.of("streaming"), 1024, Optional.of(4096L),
                512, Optional.empty()));
    }

    @Test
    void aResultThatIsNoProgressReportReadsAsNone() {
        assertThat(StepProgressReport.read(mapper.nullNode())).isEmpty();
        assertThat(StepProgressReport.read(mapper.createObjectNode().put("erased", true))).isEmpty();
        assertThat(StepProgressReport.read(mapper.createObjectNode().put("bytes_written", "many"))).isEmpty();
    }
}
