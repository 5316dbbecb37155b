package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.sealing.DriverInfoSealer;
import dev.ferrum.conductor.sealing.SealingKeys;
import dev.ferrum.conductor.store.SecretRotation;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/** The conductor's store as its settings ask: embedded SQLite or PostgreSQL, with driver_info secrets sealed. */
final class ConductorStore {
    private static final System.Logger LOG = System.getLogger(ConductorStore.class.getName());

    private ConductorStore() {
    }

    /**
     * Opens the store with the secrets key files read (a bad one stops the start), says once when secrets
     * are kept in clear, and re-encrypts every node first when asked to.
     */
    static Store open(ConductorSettings settings, Clock clock) {
        SealingKeys keys = settings.secrets().keys();
        Store store = Store.open(storeConfig(settings), clock, DriverInfoSealer.of(keys));
        if (!keys.enabled()) {
            LOG.log(System.Logger.Level.WARNING, "driver_info secrets (BMC passwords, keys, tokens) are stored in clear;"
                    + " give --secrets-key-file to encrypt them at rest");
        } else if (settings.secrets().rotateAtStart()) {
            try {
                SecretRotation.Result result = store.secretRotation().resealAll();
                LOG.log(System.Logger.Level.INFO, "driver_info secrets re-encrypted with key "
                        + keys.current().orElseThrow().id() + ": " + result.resealed() + " node(s) rewritten, "
                        + result.raced() + " changed meanwhile (already written with the current key)");
            } catch (RuntimeException e) {
                store.close();
                throw e;
            }
        }
        return store;
    }

    private static StoreConfig storeConfig(ConductorSettings settings) {
        return settings.databaseUrl()
                .<StoreConfig>map(url -> new StoreConfig.Postgres(url, Optional.empty(), 8, Duration.ofSeconds(10)))
                .orElseGet(() -> new StoreConfig.Sqlite(settings.dataDir(), Duration.ofSeconds(10), 4));
    }
}
