package dev.ferrum.hardware.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.NoResult;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepArgument;
import dev.ferrum.hardware.spi.StepArgumentException;
import dev.ferrum.hardware.spi.StepContext;
import dev.ferrum.hardware.spi.StepProgress;
import java.lang.reflect.RecordComponent;
import java.util.Optional;

/**
 * The one place a typed step meets the wire: the step dict the conductor lists (with
 * {@code argsinfo} built from the arguments record), the arguments read into that record, the
 * result and progress written back as JSON. Plugins never do this themselves.
 */
public final class StepJson {
    private static final PropertyNamingStrategies.NamingBase SNAKE_CASE =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

    private final ObjectMapper json;

    /** @param json the wire mapper (snake_case, unknown fields tolerated) */
    public StepJson(ObjectMapper json) {
        this.json = json;
    }

    /** The step as IPA lists it in {@code get_clean_steps}/{@code get_deploy_steps}. */
    public dev.ferrum.protocol.step.Step wire(Step<?, ?> step) {
        return new dev.ferrum.protocol.step.Step(step.name(), step.priority(), step.stepInterface().wireName(),
                step.rebootRequested(), step.abortable(), argsinfo(step.arguments()));
    }

    /**
     * Ironic's {@code argsinfo}: one entry per described component, keyed by its wire name, required
     * unless the component is an {@code Optional}.
     */
    static ObjectNode argsinfo(Class<? extends Record> arguments) {
        ObjectNode info = JsonNodeFactory.instance.objectNode();
        for (RecordComponent component : arguments.getRecordComponents()) {
            StepArgument described = component.getAnnotation(StepArgument.class);
            if (described != null) {
                ObjectNode entry = info.putObject(SNAKE_CASE.translate(component.getName()));
                entry.put("description", described.value());
                entry.put("required", component.getType() != Optional.class);
            }
        }
        return info;
    }

    /**
     * Runs {@code step} with {@code arguments} read into its record, and returns its result as JSON,
     * {@code NullNode} when it reports none.
     *
     * @throws StepArgumentException when the arguments do not fit the step's record
     */
    public JsonNode run(Step<?, ?> step, ObjectNode node, ObjectNode arguments, MachineContext machine,
            JsonProgress progress) {
        StepContext context = new StepContext(new JsonStepNode(node, json), machine, typed(progress));
        return result(runTyped(step, arguments, context));
    }

    private <A extends Record, R> R runTyped(Step<A, R> step, ObjectNode arguments, StepContext context) {
        A args;
        try {
            args = json.treeToValue(arguments, step.arguments());
        } catch (Exception e) {
            throw new StepArgumentException("the arguments of step " + step.name() + " do not fit "
                    + step.arguments().getSimpleName() + ": " + reason(e), e);
        }
        return step.run(args, context);
    }

    private JsonNode result(Object value) {
        if (value == null || value == NoResult.NONE) {
            return NullNode.getInstance();
        }
        return json.valueToTree(value);
    }

    /** A step's typed progress, published as JSON when polled. */
    StepProgress typed(JsonProgress progress) {
        return supplier -> progress.follow(() -> {
            Object current = supplier.get();
            return current == null ? null : json.valueToTree(current);
        });
    }

    /** Jackson wraps the record's own exception; its message is the one the operator needs. */
    static String reason(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }
}
