package dev.ferrum.protocol.error;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;

/** Python {@code json.dumps} separators (", " between entries, ": " after keys) on one line. */
final class PythonSeparators extends MinimalPrettyPrinter {
    private static final long serialVersionUID = 1L;

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator generator) throws IOException {
        generator.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator generator) throws IOException {
        generator.writeRaw(", ");
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator generator) throws IOException {
        generator.writeRaw(", ");
    }
}
