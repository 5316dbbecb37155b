package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.store.InspectionRuleStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The rules inspection runs: the built-in ones from the file given at start (Ironic's built-in rules, for
 * discovery defaults), then those created through the API, oldest first. Built-in rules cannot be deleted.
 */
public final class RuleBook {
    private final InspectionRuleStore store;
    private final List<InspectionRule> builtIn;

    public RuleBook(InspectionRuleStore store, List<InspectionRule> builtIn) {
        this.store = store;
        this.builtIn = List.copyOf(builtIn);
    }

    /**
     * Reads built-in rules from {@code file}, a JSON list of rules in the API's shape; a bad rule stops the start
     * with the file, the rule's index and what is wrong.
     */
    public static List<InspectionRule> readBuiltIn(Path file, ObjectMapper json) {
        JsonNode list;
        try {
            list = json.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read the inspection rules file " + file + ": " + e.getMessage(),
                    e);
        }
        if (list == null || !list.isArray()) {
            throw new IllegalArgumentException("The inspection rules file " + file + " must hold a JSON list of"
                    + " rules.");
        }
        List<InspectionRule> rules = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            try {
                rules.add(RuleParser.parse(list.get(i), true));
            } catch (InvalidInputException e) {
                throw new IllegalArgumentException("Inspection rules file " + file + ", rule " + i + ": "
                        + e.getMessage(), e);
            }
        }
        return rules;
    }

    /** Every rule in the order they run. */
    public List<InspectionRule> all() {
        List<InspectionRule> rules = new ArrayList<>(builtIn);
        store.list().forEach(stored -> rules.add(RuleParser.parse(stored.toObjectNode(), false)));
        return rules;
    }

    /** Checks and stores a rule from the API. */
    public InspectionRule create(JsonNode body) {
        InspectionRule rule = RuleParser.parse(body, false);
        if (find(rule.uuid()).isPresent()) {
            throw new DuplicateException("Rule with UUID " + rule.uuid() + " already exists.");
        }
        var stored = rule.toJson();
        stored.remove("built_in");
        store.create(rule.uuid(), JsonDict.of(stored));
        return rule;
    }

    public InspectionRule get(UUID uuid) {
        return find(uuid).orElseThrow(() -> new NotFoundException("Rule " + uuid + " was not found."));
    }

    private Optional<InspectionRule> find(UUID uuid) {
        return builtIn.stream().filter(r -> r.uuid().equals(uuid)).findFirst()
                .or(() -> store.find(uuid).map(stored -> RuleParser.parse(stored.toObjectNode(), false)));
    }

    public void delete(UUID uuid) {
        if (get(uuid).builtIn()) {
            throw new InvalidInputException("Rule " + uuid + " is built in (from the rules file); remove it from"
                    + " the file and restart instead.");
        }
        store.delete(uuid);
    }

    /** Deletes every rule created through the API; built-in rules stay. */
    public void deleteAll() {
        store.deleteAll();
    }
}
