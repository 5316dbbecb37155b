package dev.ferrum.protocol.command;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Map;

/**
 * A node's traits as Ironic serialises its trait list object inside {@code params.node}:
 * {@code {"objects": [{"trait": "CUSTOM_X", …}]}}.
 */
public record TraitList(List<Trait> objects) {

    public TraitList {
        objects = WireValues.listOrEmpty(objects);
    }

    /** The list of these trait names. */
    public static TraitList of(List<String> names) {
        return new TraitList(names.stream().map(name -> new Trait(name, Map.of())).toList());
    }

    /** One trait; Ironic's row fields ({@code node_id}, times, …) stay in {@code extra}. */
    public record Trait(String trait, @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

        public Trait {
            WireValues.requireText(trait, "trait");
            extra = WireValues.orderedMap(extra);
        }
    }
}
