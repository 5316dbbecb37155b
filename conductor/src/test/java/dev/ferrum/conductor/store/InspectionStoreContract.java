package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.sealing.DriverInfoSealer;
import dev.ferrum.conductor.sealing.SealingException;
import dev.ferrum.conductor.sealing.SealingKey;
import dev.ferrum.conductor.sealing.SealingKeys;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Introspection rules (kept in creation order, found, deleted one by one or all) and the BMC credentials waiting
 * for a node's ramdisk (one set per node, sealed at rest, gone with the node).
 */
interface InspectionStoreContract extends StoreFixture {

    private static JsonDict rule(String description) {
        return StoreFixture.json("{\"description\": \"" + description + "\", \"actions\": [{\"action\": \"fail\","
                + " \"message\": \"m\"}]}");
    }

    @Test
    default void rulesAreListedInCreationOrderAndDeletedOneByOneOrAll() {
        UUID first = UUID.fromString("ffffffff-0000-4000-8000-000000000001");
        UUID second = UUID.fromString("00000000-0000-4000-8000-000000000002");
        store().inspectionRules().create(first, rule("first"));
        clock().advance(java.time.Duration.ofSeconds(1));
        store().inspectionRules().create(second, rule("second"));

        assertThat(store().inspectionRules().list()).extracting(r -> r.string("description").orElseThrow())
                .containsExactly("first", "second");
        assertThat(store().inspectionRules().find(second)).contains(rule("second"));
        assertThat(store().inspectionRules().delete(first)).isTrue();
        assertThat(store().inspectionRules().delete(first)).isFalse();
        assertThat(store().inspectionRules().find(first)).isEmpty();
        store().inspectionRules().deleteAll();
        assertThat(store().inspectionRules().list()).isEmpty();
    }

    @Test
    default void pendingCredentialsAreOnePerNodeSealedAndGoWithTheNode() {
        byte[] bytes = new byte[SealingKey.LENGTH];
        Arrays.fill(bytes, (byte) 7);
        Store sealed = openAnotherStore(new DriverInfoSealer(SealingKeys.of(SealingKey.of(bytes)), new SecureRandom()));
        Node node = sealed.nodes().create(newNode().name("creds").build());
        JsonDict first = StoreFixture.json("{\"username\": \"ferrum\", \"password\": \"n3w-pass\"}");
        JsonDict second = StoreFixture.json("{\"username\": \"ferrum\", \"password\": \"newer-pass\"}");

        sealed.pendingCredentials().put(node.uuid(), first);
        sealed.pendingCredentials().put(node.uuid(), second);

        assertThat(sealed.pendingCredentials().find(node.uuid())).contains(second);
        assertThatThrownBy(() -> store().pendingCredentials().find(node.uuid()))
                .as("a store without the key sees only ciphertext, so it refuses").isInstanceOf(SealingException.class);
        sealed.nodes().delete(sealed.locks().acquire(node.uuid(), CONDUCTOR_A));
        assertThat(sealed.pendingCredentials().find(node.uuid())).isEmpty();
    }
}
