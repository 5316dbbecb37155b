package dev.ferrum.conductor.inspection.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Each condition op and action of the introspection rules, and the 400s a bad rule gets. */
class RuleEngineTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode DATA = json("""
            {"inventory": {"disks": [{"name": "/dev/sda", "size": 500107862016, "rotational": true},
                                     {"name": "/dev/nvme0n1", "size": 2000398934016, "rotational": false}],
                           "system_vendor": {"manufacturer": "Dell Inc.", "product_name": "PowerEdge R650"},
                           "bmc_address": "192.0.2.17",
                           "interfaces": []},
             "memory_mb": 65536, "cpu_arch": "x86_64", "extra": {}}""");

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Node node() {
        return Node.builder(UUID.fromString("1be26c0b-03f2-4d2e-ae87-c02d7f33c123"), "fake-hardware",
                Instant.parse("2026-11-27T00:00:00Z")).name("r650").properties(JsonDict.of(JSON.createObjectNode()
                .put("cpus", "8"))).traits(List.of("CUSTOM_OLD")).build();
    }

    private static RuleEngine.Result run(String rule) {
        return RuleEngine.run(List.of(RuleParser.parse(json(rule), false)), node(), DATA);
    }

    private static boolean matches(String condition) {
        return run("{\"conditions\": [" + condition + "], \"actions\": [{\"action\": \"add-trait\", \"name\": \"CUSTOM_HIT\"}]}")
                .node().view().path("traits").toString().contains("CUSTOM_HIT");
    }

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @CsvSource(delimiter = '|', value = {
        "eq       | memory_mb                         | 65536                  | true",
        "eq       | memory_mb                         | 1024                   | false",
        "eq       | cpu_arch                          | \"x86_64\"             | true",
        "ne       | cpu_arch                          | \"aarch64\"            | true",
        "ne       | cpu_arch                          | \"x86_64\"             | false",
        "lt       | memory_mb                         | 65537                  | true",
        "lt       | memory_mb                         | 65536                  | false",
        "le       | memory_mb                         | 65536                  | true",
        "gt       | inventory.disks[*].size           | 1000000000000          | true",
        "gt       | inventory.disks[0].size           | 1000000000000          | false",
        "ge       | memory_mb                         | 65536                  | true",
        "ge       | memory_mb                         | 65537                  | false",
        "in-net   | inventory.bmc_address             | \"192.0.2.0/24\"       | true",
        "in-net   | inventory.bmc_address             | \"198.51.100.0/24\"    | false",
        "matches  | inventory.system_vendor.manufacturer | \"Dell.*\"          | true",
        "matches  | inventory.system_vendor.manufacturer | \"Dell\"            | false",
        "contains | inventory.system_vendor.product_name | \"R6\\\\d0\"        | true",
        "contains | inventory.system_vendor.product_name | \"R7\"              | false",
        "eq       | node://name                       | \"r650\"               | true",
        "eq       | node://properties.cpus            | 8                      | true",
    })
    void eachOpComparesAsInspectorDoes(String op, String field, String value, boolean expected) {
        assertThat(matches("{\"op\": \"" + op + "\", \"field\": \"" + field + "\", \"value\": " + value + "}"))
                .isEqualTo(expected);
    }

    @Test
    void isEmptyHoldsForEmptyAndMissingFields() {
        assertThat(matches("{\"op\": \"is-empty\", \"field\": \"inventory.interfaces\"}")).isTrue();
        assertThat(matches("{\"op\": \"is-empty\", \"field\": \"inventory.no_such_key\"}")).isTrue();
        assertThat(matches("{\"op\": \"is-empty\", \"field\": \"inventory.disks\"}")).isFalse();
        assertThat(matches("{\"op\": \"eq\", \"field\": \"inventory.no_such_key\", \"value\": 1}")).isFalse();
    }

    @Test
    void multipleCombinesTheValuesAWildcardReachesAndInvertNegates() {
        String nvme = "\"field\": \"inventory.disks[*].rotational\", \"value\": false";
        assertThat(matches("{\"op\": \"eq\", " + nvme + "}")).as("any is the default").isTrue();
        assertThat(matches("{\"op\": \"eq\", " + nvme + ", \"multiple\": \"all\"}")).isFalse();
        assertThat(matches("{\"op\": \"eq\", " + nvme + ", \"multiple\": \"first\"}")).isFalse();
        assertThat(matches("{\"op\": \"eq\", " + nvme + ", \"multiple\": \"all\", \"invert\": true}")).isTrue();
    }

    @Test
    void actionsEditTheNodeDocument() {
        var result = run("""
                {"conditions": [{"op": "gt", "field": "inventory.disks[*].size", "value": 1000000000000}],
                 "actions": [{"action": "set-resource-class", "resource_class": "storage"},
                             {"action": "add-trait", "name": "CUSTOM_NVME"},
                             {"action": "remove-trait", "name": "CUSTOM_OLD"},
                             {"action": "set-attribute", "path": "/driver_info/deploy_kernel", "value": "http://k"},
                             {"action": "set-attribute", "path": "/extra/rack/row", "value": 7},
                             {"action": "set-capability", "name": "boot_mode", "value": "uefi"},
                             {"action": "extend-attribute", "path": "/extra/tags", "value": "big", "unique": true},
                             {"action": "extend-attribute", "path": "/extra/tags", "value": "big", "unique": true}]}""");
        Node edited = result.node().applyTo(node().toBuilder()).build();
        assertThat(result.failure()).isEmpty();
        assertThat(edited.resourceClass()).contains("storage");
        assertThat(edited.traits()).containsExactly("CUSTOM_NVME");
        assertThat(edited.driverInfo().string("deploy_kernel")).contains("http://k");
        assertThat(edited.extra().toObjectNode().path("rack").path("row").asInt()).isEqualTo(7);
        assertThat(edited.extra().toObjectNode().path("tags").toString()).isEqualTo("[\"big\"]");
        assertThat(edited.properties().string("capabilities")).contains("boot_mode:uefi");
        assertThat(edited.properties().string("cpus")).contains("8");
        assertThat(result.notes()).hasSize(9).first().asString().contains("matched");
        assertThat(result.notes()).anyMatch(n -> n.contains("set-attribute /driver_info/deploy_kernel = (value not shown)"))
                .noneMatch(n -> n.contains("http://k"));
    }

    @Test
    void failStopsTheRulesAndNamesTheRule() {
        var result = run("""
                {"description": "no spinning disks", "conditions": [{"op": "eq", "field": "inventory.disks[*].rotational",
                 "value": true}], "actions": [{"action": "fail", "message": "rotational disk found"},
                 {"action": "add-trait", "name": "CUSTOM_NEVER"}]}""");
        assertThat(result.failure()).hasValueSatisfying(f -> assertThat(f).contains("\"no spinning disks\"")
                .contains("rotational disk found"));
        assertThat(result.node().view().path("traits").toString()).doesNotContain("CUSTOM_NEVER");
    }

    @Test
    void aRuleOnlyRunsOnNodesOfItsScopeAndARuleWithoutConditionsAlwaysRuns() {
        String rule = "{\"scope\": \"rack-7\", \"actions\": [{\"action\": \"add-trait\", \"name\": \"CUSTOM_R7\"}]}";
        assertThat(run(rule).notes()).isEmpty();
        Node scoped = node().toBuilder().properties(node().properties().with("inspection_scope", "rack-7")).build();
        var result = RuleEngine.run(List.of(RuleParser.parse(json(rule), false)), scoped, DATA);
        assertThat(result.node().view().path("traits").toString()).contains("CUSTOM_R7");
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "{\"conditions\": [{\"op\": \"bigger\", \"field\": \"a\", \"value\": 1}], \"actions\": [{\"action\": \"fail\", \"message\": \"m\"}]} | conditions[0]: Unknown condition op \"bigger\"",
        "{\"conditions\": [{\"op\": \"eq\", \"field\": \"a..b\", \"value\": 1}], \"actions\": [{\"action\": \"fail\", \"message\": \"m\"}]} | conditions[0]: Invalid field \"a..b\"",
        "{\"conditions\": [{\"op\": \"eq\", \"field\": \"a\"}], \"actions\": [{\"action\": \"fail\", \"message\": \"m\"}]} | conditions[0]: op eq needs a value",
        "{\"conditions\": [{\"op\": \"in-net\", \"field\": \"a\", \"value\": \"300.1.1.1/8\"}], \"actions\": [{\"action\": \"fail\", \"message\": \"m\"}]} | conditions[0]: invalid value \"300.1.1.1/8\" for in-net",
        "{\"conditions\": [{\"op\": \"matches\", \"field\": \"a\", \"value\": \"(\"}], \"actions\": [{\"action\": \"fail\", \"message\": \"m\"}]} | conditions[0]: invalid regular expression",
        "{\"conditions\": [{\"op\": \"eq\", \"field\": \"a\", \"value\": 1, \"multiple\": \"most\"}], \"actions\": [{\"action\": \"fail\", \"message\": \"m\"}]} | conditions[0]: multiple must be any, all or first",
        "{\"actions\": [{\"action\": \"explode\"}]} | actions[0]: unknown action \"explode\"",
        "{\"actions\": [{\"action\": \"set-attribute\", \"path\": \"/uuid\", \"value\": 1}]} | actions[0]: path \"/uuid\" cannot be written",
        "{\"actions\": [{\"action\": \"add-trait\", \"name\": \"not a trait\"}]} | actions[0]: trait \"not a trait\" is not valid",
        "{\"actions\": [{\"action\": \"fail\"}]} | actions[0]: missing parameter \"message\"",
        "{\"conditions\": []} | A rule needs a non-empty list of actions",
    })
    void aBadRuleIsRefusedNamingTheBadPart(String rule, String message) {
        assertThatThrownBy(() -> RuleParser.parse(json(rule), false)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(message);
    }

    @Test
    void aRuleShowsAsItWasWritten() {
        var rule = RuleParser.parse(json("""
                {"uuid": "9d6d8a4c-4b5c-4e66-8a39-3c1b4b3c7e10", "description": "d",
                 "conditions": [{"op": "ge", "field": "memory_mb", "value": 1024}],
                 "actions": [{"action": "set-capability", "name": "x", "value": "y"}]}"""), false);
        assertThat(RuleParser.parse(rule.toJson(), false)).isEqualTo(rule);
        assertThat(rule.toJson().path("conditions").get(0).path("multiple").asText()).isEqualTo("any");
    }
}
