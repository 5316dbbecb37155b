package dev.ferrum.conductor.store;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.sealing.DriverInfoSealer;
import dev.ferrum.conductor.sealing.SealingException;
import dev.ferrum.conductor.sealing.SealingKey;
import dev.ferrum.conductor.sealing.SealingKeys;
import java.security.SecureRandom;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** driver_info secrets at rest: sealed in the row, opened on read, rotated, and never opened wrongly. */
interface SecretSealingContract extends StoreFixture {
    String PASSWORD = "correct-horse-battery";
    JsonDict DRIVER_INFO = StoreFixture.json("{\"ipmi_address\": \"10.0.0.7\", \"ipmi_username\": \"admin\","
            + " \"ipmi_password\": \"" + PASSWORD + "\", \"snmp\": {\"snmp_auth_key\": \"nested-key-value\"},"
            + " \"redfish_auth_token\": 42}");

    private static SealingKey key(int fill) {
        byte[] bytes = new byte[SealingKey.LENGTH];
        Arrays.fill(bytes, (byte) fill);
        return SealingKey.of(bytes);
    }

    private static DriverInfoSealer sealer(SealingKey current, SealingKey... old) {
        return new DriverInfoSealer(SealingKeys.of(current, old), new SecureRandom());
    }

    private Node createWithSecrets(Store store) {
        return store.nodes().create(newNode().name("sealed").driverInfo(DRIVER_INFO).build());
    }

    @Test
    default void theRowHoldsNoSecretInClearAndReadsBackTransparently() {
        Store sealed = openAnotherStore(sealer(key(1)));
        Node node = createWithSecrets(sealed);

        String raw = rawDriverInfo(node.uuid());
        assertThat(raw).doesNotContain(PASSWORD).doesNotContain("nested-key-value").contains("10.0.0.7")
                .contains("\"admin\"").contains("\"ferrum-enc\":\"v1:" + key(1).id() + ":");
        assertThat(sealed.nodes().get(node.uuid()).driverInfo()).isEqualTo(DRIVER_INFO);
        // Another conductor with the same key reads the same values.
        assertThat(openAnotherStore(sealer(key(1))).nodes().get(node.uuid()).driverInfo()).isEqualTo(DRIVER_INFO);

        NodeLock lock = sealed.locks().acquire(node.uuid(), CONDUCTOR_A);
        sealed.nodes().update(lock, node.version(), n -> n.driverInfo(DRIVER_INFO.with("ipmi_password", "n3w-pass")));
        assertThat(rawDriverInfo(node.uuid())).doesNotContain("n3w-pass");
        assertThat(sealed.nodes().get(node.uuid()).driverInfo().string("ipmi_password")).contains("n3w-pass");
    }

    @Test
    default void everyValueGetsItsOwnNonce() {
        Store sealed = openAnotherStore(sealer(key(1)));
        JsonDict twice = StoreFixture.json("{\"a_password\": \"same\", \"b_password\": \"same\"}");
        Node node = sealed.nodes().create(newNode().driverInfo(twice).build());

        JsonDict raw = StoreFixture.json(rawDriverInfo(node.uuid()));
        assertThat(raw.get("a_password").orElseThrow()).isNotEqualTo(raw.get("b_password").orElseThrow());
    }

    @Test
    default void aStoreWithoutTheKeyRefusesTheNodeInsteadOfReturningCiphertext() {
        Node node = createWithSecrets(openAnotherStore(sealer(key(1))));

        assertThatThrownBy(() -> store().nodes().get(node.uuid()))
                .isInstanceOf(SealingException.class)
                .hasMessageContaining("node=" + node.uuid())
                .hasMessageContaining("--secrets-key-file")
                .hasMessageNotContaining("v1:");
    }

    @Test
    default void aWrongKeyIsRefusedNamingTheKeyTheValueNeeds() {
        Node node = createWithSecrets(openAnotherStore(sealer(key(1))));

        assertThatThrownBy(() -> openAnotherStore(sealer(key(2))).nodes().get(node.uuid()))
                .isInstanceOf(SealingException.class)
                .hasMessageContaining(key(1).id())
                .hasMessageContaining("--secrets-old-key-file");
    }

    @Test
    default void aValueMovedToAnotherNodeDoesNotOpen() throws Exception {
        Store sealed = openAnotherStore(sealer(key(1)));
        Node source = createWithSecrets(sealed);
        Node target = sealed.nodes().create(newNode().name("target").build());
        try (var connection = ((StoreContract) this).rawConnection();
             var copy = connection.prepareStatement("UPDATE nodes SET driver_info = ? WHERE uuid = ?")) {
            copy.setString(1, rawDriverInfo(source.uuid()));
            copy.setString(2, target.uuid().toString());
            assertThat(copy.executeUpdate()).isEqualTo(1);
        }

        assertThatThrownBy(() -> sealed.nodes().get(target.uuid()))
                .isInstanceOf(SealingException.class)
                .hasMessageContaining("does not decrypt");
    }

    @Test
    default void rotationReadsOldKeysAndReencryptsEveryNodeWithTheNewOne() {
        Node sealedWithOld = createWithSecrets(openAnotherStore(sealer(key(1))));
        Node inClear = store().nodes().create(newNode().name("clear").driverInfo(DRIVER_INFO).build());
        assertThat(rawDriverInfo(inClear.uuid())).contains(PASSWORD);

        Store rotating = openAnotherStore(sealer(key(2), key(1)));
        assertThat(rotating.nodes().get(sealedWithOld.uuid()).driverInfo()).isEqualTo(DRIVER_INFO);
        assertThat(rotating.secretRotation().resealAll()).isEqualTo(new SecretRotation.Result(2, 0));

        for (Node node : java.util.List.of(sealedWithOld, inClear)) {
            assertThat(rawDriverInfo(node.uuid())).doesNotContain(PASSWORD).doesNotContain(key(1).id())
                    .contains("v1:" + key(2).id() + ":");
            assertThat(openAnotherStore(sealer(key(2))).nodes().get(node.uuid()).driverInfo()).isEqualTo(DRIVER_INFO);
            // The version is untouched, so flows holding the node do not lose their write.
            assertThat(rotating.nodes().get(node.uuid()).version()).isEqualTo(node.version());
        }
        assertThat(rotating.secretRotation().resealAll()).isEqualTo(new SecretRotation.Result(0, 0));
        assertThatThrownBy(() -> openAnotherStore(sealer(key(1))).nodes().get(inClear.uuid()))
                .isInstanceOf(SealingException.class);
    }

    @Test
    default void anOldKeyValueIsReencryptedOnTheNextWrite() {
        Node node = createWithSecrets(openAnotherStore(sealer(key(1))));
        Store rotating = openAnotherStore(sealer(key(2), key(1)));

        NodeLock lock = rotating.locks().acquire(node.uuid(), CONDUCTOR_A);
        rotating.nodes().update(lock, node.version(), n -> n.maintenance(true));

        assertThat(rawDriverInfo(node.uuid())).doesNotContain(key(1).id()).contains("v1:" + key(2).id() + ":");
    }

    @Test
    default void withoutAKeySecretsStayInClearAndAForgedEnvelopeIsRefused() {
        Node node = createWithSecrets(store());
        assertThat(rawDriverInfo(node.uuid())).contains(PASSWORD).doesNotContain("ferrum-enc");
        assertThat(store().secretRotation().resealAll()).isEqualTo(new SecretRotation.Result(0, 0));

        JsonDict forged = StoreFixture.json("{\"ipmi_password\": {\"ferrum-enc\": \"v1:00000000:AA==:AA==\"}}");
        assertThatThrownBy(() -> store().nodes().create(newNode().driverInfo(forged).build()))
                .isInstanceOf(dev.ferrum.conductor.error.InvalidInputException.class);
    }
}
