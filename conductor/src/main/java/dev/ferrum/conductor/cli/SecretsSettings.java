package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.sealing.SealingException;
import dev.ferrum.conductor.sealing.SealingKey;
import dev.ferrum.conductor.sealing.SealingKeyFile;
import dev.ferrum.conductor.sealing.SealingKeys;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How driver_info secrets are kept at rest: the current key file ({@code --secrets-key-file}), the
 * previous ones still read during a rotation ({@code --secrets-old-key-file}), and whether every node
 * is re-encrypted with the current key at start ({@code --rotate-secrets}).
 */
public record SecretsSettings(Optional<Path> keyFile, List<Path> oldKeyFiles, boolean rotateAtStart) {

    public SecretsSettings {
        Objects.requireNonNull(keyFile, "keyFile");
        oldKeyFiles = List.copyOf(oldKeyFiles);
        if (keyFile.isEmpty() && (!oldKeyFiles.isEmpty() || rotateAtStart)) {
            throw new IllegalArgumentException("--secrets-old-key-file and --rotate-secrets need --secrets-key-file");
        }
    }

    /** Secrets in clear, as before encryption existed. */
    public static SecretsSettings clear() {
        return new SecretsSettings(Optional.empty(), List.of(), false);
    }

    /** Reads the key files; an unusable one stops the start with a one-line {@link ConductorStartException}. */
    SealingKeys keys() {
        try {
            Optional<SealingKey> current = keyFile.map(SealingKeyFile::read);
            return new SealingKeys(current, oldKeyFiles.stream().map(SealingKeyFile::read).toList());
        } catch (SealingException e) {
            throw new ConductorStartException(e.getMessage(), e);
        }
    }
}
