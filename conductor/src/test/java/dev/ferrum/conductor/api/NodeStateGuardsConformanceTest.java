package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.driver.DriverConfig;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.driver.InterfaceCatalog;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.flow.RegistryDriverCatalog;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeMutation;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PATCH refused in exactly the provision states where Ironic refuses it, with 409 and Ironic's words, and
 * nothing changed: mid-transition, {@code inspecting} from 1.39, interfaces and a set resource class outside the
 * settled states (interfaces also allowed in maintenance), an instance UUID overwritten by another.
 */
class NodeStateGuardsConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        // The real fake-hardware type, which offers more than one deploy interface to change between.
        var registry = new DriverRegistry(DriverConfig.of(List.of("fake-hardware"), ApiFixture.CONDUCTOR),
                HardwareTypes.builtIn(), InterfaceCatalog.withFakesAndNoops());
        api = new ApiFixture(temp, new ApiConfig(ApiConfig.SUPPORTED, new ApiAuth.Tokens(List.of(ApiFixture.TOKEN)),
                1 << 16, ApiFixture.CONDUCTOR, true), new RegistryDriverCatalog(registry));
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private void edit(NodeMutation mutation) {
        UUID id = UUID.fromString(node);
        api.store.locks().withLock(id, "test", lock -> api.store.nodes().update(lock,
                api.store.nodes().get(id).version(), mutation));
    }

    private ApiFixture.Reply patch(String version, String ops) {
        return api.send("PATCH", "/v1/nodes/" + node, Optional.of(ops), version);
    }

    /** A node put straight into {@code state} in the store (the flows would move it on at once). */
    private void inState(ProvisionState state, Optional<ProvisionState> target) {
        // The interfaces the API resolves for fake-hardware, so only the state differs from a created node.
        String made = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\"}").body().path("uuid").asText();
        NodeInterfaces interfaces = api.store.nodes().get(UUID.fromString(made)).interfaces();
        UUID uuid = UUID.randomUUID();
        api.store.nodes().create(Node.builder(uuid, "fake-hardware", Instant.now())
                .interfaces(interfaces).resourceClass(Optional.of("gpu"))
                .provisionState(state).targetProvisionState(target).build());
        node = uuid.toString();
    }

    @Test
    void nothingChangesWhileATransitionRuns() {
        inState(ProvisionState.DEPLOY_WAIT, Optional.of(ProvisionState.ACTIVE));
        var refused = patch("latest", "[{\"op\":\"add\",\"path\":\"/extra/k\",\"value\":\"v\"}]");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(api.faultOf(refused)).isEqualTo("Node " + node + " can not be updated while a state transition is"
                + " in progress.");
        assertThat(api.store.nodes().get(UUID.fromString(node)).extra().isEmpty()).isTrue();

        // The one exception: in maintenance, a lost instance may be removed.
        edit(b -> b.maintenance(true).instanceUuid(Optional.of(UUID.randomUUID())));
        assertThat(patch("latest", "[{\"op\":\"remove\",\"path\":\"/instance_uuid\"}]").status()).isEqualTo(200);
        assertThat(api.store.nodes().get(UUID.fromString(node)).instanceUuid()).isEmpty();
        // States Ironic lets clients update even with a target (deploy failed) take the patch.
        inState(ProvisionState.DEPLOY_FAILED, Optional.of(ProvisionState.ACTIVE));
        assertThat(patch("latest", "[{\"op\":\"add\",\"path\":\"/extra/k\",\"value\":\"v\"}]").status()).isEqualTo(200);
    }

    @Test
    void inspectingIsClosedFrom139() {
        inState(ProvisionState.INSPECTING, Optional.of(ProvisionState.MANAGEABLE));
        var refused = patch("1.39", "[{\"op\":\"add\",\"path\":\"/extra/k\",\"value\":\"v\"}]");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(api.faultOf(refused)).isEqualTo("Cannot update node \"" + node + "\" while it is in state \"inspecting\".");
        assertThat(patch("1.38", "[{\"op\":\"add\",\"path\":\"/extra/k\",\"value\":\"v\"}]").status()).isEqualTo(200);
    }

    @Test
    void interfacesChangeOnlyInSettledStatesOrInMaintenance() {
        inState(ProvisionState.ACTIVE, Optional.empty());
        var refused = patch("latest", "[{\"op\":\"replace\",\"path\":\"/deploy_interface\",\"value\":\"direct\"}]");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(api.faultOf(refused)).isEqualTo("Node " + node + " can not have deploy_interface updated unless it is"
                + " in one of allowed (enroll, inspecting, inspect wait, manageable, available) states or in maintenance"
                + " mode. Current state is 'active'.");
        assertThat(api.store.nodes().get(UUID.fromString(node)).interfaces().get(
                dev.ferrum.conductor.node.InterfaceKind.DEPLOY)).isNotEqualTo(Optional.of("direct"));

        edit(b -> b.maintenance(true));
        assertThat(patch("latest", "[{\"op\":\"replace\",\"path\":\"/deploy_interface\",\"value\":\"direct\"}]")
                .status()).isEqualTo(200);
        inState(ProvisionState.MANAGEABLE, Optional.empty());
        assertThat(patch("latest", "[{\"op\":\"replace\",\"path\":\"/deploy_interface\",\"value\":\"direct\"}]")
                .status()).isEqualTo(200);
    }

    @Test
    void aSetResourceClassChangesOnlyInSettledStates() {
        inState(ProvisionState.ACTIVE, Optional.empty());
        var refused = patch("latest", "[{\"op\":\"replace\",\"path\":\"/resource_class\",\"value\":\"cpu\"}]");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(api.faultOf(refused)).contains("can not have resource_class updated unless it is in one of allowed");
        inState(ProvisionState.AVAILABLE, Optional.empty());
        assertThat(patch("latest", "[{\"op\":\"replace\",\"path\":\"/resource_class\",\"value\":\"cpu\"}]").status())
                .isEqualTo(200);
    }

    @Test
    void anInstanceUuidIsNeverOverwrittenByAnother() {
        inState(ProvisionState.AVAILABLE, Optional.empty());
        UUID first = UUID.randomUUID();
        assertThat(patch("latest", "[{\"op\":\"add\",\"path\":\"/instance_uuid\",\"value\":\"" + first + "\"}]")
                .status()).isEqualTo(200);
        var refused = patch("latest", "[{\"op\":\"replace\",\"path\":\"/instance_uuid\",\"value\":\"" + UUID.randomUUID()
                + "\"}]");
        assertThat(refused.status()).isEqualTo(409);
        assertThat(api.faultOf(refused)).isEqualTo("Node " + node + " is associated with instance " + first + ".");
        assertThat(api.store.nodes().get(UUID.fromString(node)).instanceUuid()).contains(first);
        assertThat(patch("latest", "[{\"op\":\"remove\",\"path\":\"/instance_uuid\"}]").status()).isEqualTo(200);
    }
}
