package dev.ferrum.protocol.golden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.json.WireJson;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden contract: every JSON body captured between stock IPA, Ironic and the inspector that a
 * protocol record models is read into that record and written back, and the result must be
 * semantically equal to what the peer sent. A record that drops, renames or invents a field fails
 * here, named by the sample and exchange it came from.
 */
class GoldenRoundTripTest {
    private final ObjectMapper wire = WireJson.newMapper();
    private final WireSamples samples = new WireSamples();

    static Stream<GoldenCase> cases() {
        return new GoldenCatalogue().cases().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void roundTripsToTheSameJson(GoldenCase golden) throws Exception {
        Object value = golden.read().apply(golden.original());
        JsonNode written = samples.exactMapper().readTree(wire.writeValueAsString(value));

        assertThat(JsonSemantics.differences(golden.original(), written))
                .as("%s re-serialised as %s differs from the captured body", golden.name(), golden.model())
                .isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void typedFieldsAreNotHiddenInExtra(GoldenCase golden) {
        Object value = golden.read().apply(golden.original());

        assertThat(TypedKeys.violations(value)).as(golden.name()).isEmpty();
    }

    @Test
    void everyCapturedBodyOutsideTheNodeAndPortApiIsModelled() {
        GoldenCatalogue catalogue = new GoldenCatalogue();

        assertThat(catalogue.unmodelled())
                .as("bodies no protocol record reads; only Ironic's node/port REST resources may be here")
                .allSatisfy(entry -> assertThat(entry).containsAnyOf("/v1/nodes", "/v1/ports"));
        assertThat(catalogue.cases()).hasSizeGreaterThan(120);
    }

    @Test
    void everySampleFileContributesCases() {
        List<GoldenCase> cases = new GoldenCatalogue().cases();
        Stream.of(WireSamples.EXCHANGE_LOGS, WireSamples.TRANSCRIPTS, List.of("ipa-inventory.json",
                        "inspector-stored-data.json")).flatMap(List::stream)
                .forEach(name -> assertThat(cases).as("cases from " + name)
                        .anySatisfy(golden -> assertThat(golden.name()).startsWith(name)));
    }
}
