package dev.ferrum.conductor.api.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiErrors;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.actions.BootDevice;
import dev.ferrum.conductor.api.actions.InterfaceValidation;
import dev.ferrum.conductor.api.actions.NodeActions;
import dev.ferrum.conductor.api.actions.ProvisionRequest;
import dev.ferrum.conductor.api.vendor.NodeVendorCalls;
import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.driver.vendor.VendorCall;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.history.RequestUser;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two conductors on one store: a synchronous action asked of the one that does not own the node runs on the owner
 * only, through the store, and comes back as the owner's own answer would (result, or status and message); with no
 * owner or no reply in time the caller answers as Ironic's API does, and the call never runs late.
 */
class OwnerCallsTest {
    private static final String RECEIVER = "conductor-a";
    private static final String OWNER = "conductor-b";
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path temp;
    private final Clock clock = Clock.systemUTC();
    private Store store;
    private Node node;
    private final BootDevices onReceiver = new BootDevices(RECEIVER);
    private final BootDevices onOwner = new BootDevices(OWNER);
    private final List<OwnerCalls> started = new CopyOnWriteArrayList<>();

    @BeforeEach
    void open() {
        store = Store.open(new StoreConfig.Sqlite(temp.resolve("data"), Duration.ofSeconds(10), 4), clock);
        node = store.nodes().create(Node.builder(UUID.randomUUID(), "fake-hardware", clock.instant()).name("called")
                .interfaces(NodeInterfaces.none().with(InterfaceKind.MANAGEMENT, "fake")).build());
    }

    @AfterEach
    void close() {
        started.forEach(OwnerCalls::close);
        store.close();
    }

    private OwnerCalls conductor(String name, BootDevices devices, Function<Node, Optional<String>> ownerOf,
            Duration timeout) {
        OwnerCalls calls = new OwnerCalls(store, name, ownerOf, new BmcActions(store, devices, name,
                NodeVendorCalls.runner(store, name)), clock, timeout);
        started.add(calls);
        return calls;
    }

    private OwnerCalls receiver(Duration timeout) {
        return conductor(RECEIVER, onReceiver, n -> Optional.of(OWNER), timeout);
    }

    private OwnerCalls owner() {
        return conductor(OWNER, onOwner, n -> Optional.of(OWNER), WAIT);
    }

    private static ObjectNode arguments(String json) {
        try {
            return (ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private int callsLeft() {
        return store.ownerCalls().pruneBefore(clock.instant().plus(Duration.ofDays(1)));
    }

    @Test
    void aBootDeviceSetThroughANonOwnerIsSetByTheOwnerForTheUserWhoAsked() {
        OwnerCalls receiver = receiver(WAIT);
        owner().start(Duration.ofMillis(20));

        JsonNode result = RequestUser.as(Optional.of("alice"), () -> receiver.call(node, OwnerAction.SET_BOOT_DEVICE,
                arguments("{\"device\":\"disk\",\"persistent\":true}")));

        assertThat(result.isNull()).isTrue();
        assertThat(onOwner.set).as("the owner talked to the BMC").containsExactly("disk persistent by " + OWNER);
        assertThat(onReceiver.set).as("the receiver did not").isEmpty();
        assertThat(store.history().list(node.uuid())).filteredOn(e -> e.event().equals("set_boot_device"))
                .singleElement().satisfies(e -> {
                    assertThat(e.conductor()).contains(OWNER);
                    assertThat(e.user()).contains("alice");
                    assertThat(e.message()).contains(RECEIVER);
                });
        JsonNode device = receiver.call(node, OwnerAction.GET_BOOT_DEVICE, arguments("{}"));
        assertThat(device.toString()).as("the owner's BMC's answer")
                .isEqualTo("{\"boot_device\":\"disk\",\"persistent\":true}");
        assertThat(receiver.call(node, OwnerAction.GET_SUPPORTED_BOOT_DEVICES, arguments("{}")).toString())
                .isEqualTo("[\"disk\",\"pxe\"]");
        assertThat(callsLeft()).as("the caller deletes each call it got a reply to").isZero();
    }

    @Test
    void theOwnerRunsItsOwnRequestsWithoutTheStore() {
        OwnerCalls owner = owner();

        owner.call(node, OwnerAction.SET_BOOT_DEVICE, arguments("{\"device\":\"pxe\",\"persistent\":false}"));

        assertThat(onOwner.set).containsExactly("pxe once by " + OWNER);
        assertThat(callsLeft()).isZero();
        assertThat(store.history().list(node.uuid())).noneMatch(e -> e.event().equals("set_boot_device"));
    }

    @Test
    void aRefusalComesBackWithTheStatusAndMessageTheOwnerWouldHaveAnswered() {
        OwnerCalls receiver = receiver(WAIT);
        OwnerCalls owner = owner();
        owner.start(Duration.ofMillis(20));

        for (var call : List.of(new Object[] {OwnerAction.SET_BOOT_DEVICE, "{\"device\":\"floppy\"}"},
                new Object[] {OwnerAction.INJECT_NMI, "{}"},
                new Object[] {OwnerAction.GET_INDICATOR_STATE, "{\"component\":\"nowhere\",\"indicator\":\"led\"}"})) {
            OwnerAction action = (OwnerAction) call[0];
            Throwable local = catchThrowable(() -> owner.call(node, action, arguments((String) call[1])));
            Throwable remote = catchThrowable(() -> receiver.call(node, action, arguments((String) call[1])));

            assertThat(local).as(action + " is refused").isNotNull();
            assertThat(remote).as(action.wireName()).isInstanceOf(ApiException.class).hasMessage(local.getMessage());
            assertThat(ApiErrors.statusOf(remote)).isEqualTo(ApiErrors.statusOf(local)).isEqualTo(400);
        }
        assertThat(onOwner.set).as("bad input changed nothing").isEmpty();
        assertThat(callsLeft()).isZero();
    }

    @Test
    void withNoLiveOwnerTheAnswerIsNoValidHostAndNothingIsLeftBehind() {
        OwnerCalls receiver = conductor(RECEIVER, onReceiver, n -> Optional.empty(), WAIT);

        Throwable refused = catchThrowable(() -> receiver.call(node, OwnerAction.SET_BOOT_DEVICE,
                arguments("{\"device\":\"pxe\"}")));

        assertThat(refused).isInstanceOf(NotFoundException.class).hasMessageStartingWith("No valid host was found.")
                .hasMessageContaining("conductor group \"\"").hasMessageContaining("fake-hardware");
        assertThat(ApiErrors.statusOf(refused)).isEqualTo(404);
        assertThat(onReceiver.set).isEmpty();
        assertThat(callsLeft()).isZero();
    }

    @Test
    void aCallNoOwnerTookInTimeFailsAndNeverRunsLate() {
        OwnerCalls receiver = receiver(Duration.ofMillis(300));

        Throwable timedOut = catchThrowable(() -> receiver.call(node, OwnerAction.SET_BOOT_DEVICE,
                arguments("{\"device\":\"disk\"}")));

        assertThat(timedOut).isInstanceOf(ApiException.class).hasMessageContaining("Timed out")
                .hasMessageContaining(OWNER).hasMessageContaining("will not run");
        assertThat(ApiErrors.statusOf(timedOut)).as("as Ironic's API answers an RPC timeout").isEqualTo(500);
        assertThat(owner().serveOnce()).as("the owner comes back: the withdrawn call is not there").isZero();
        assertThat(onOwner.set).isEmpty();
        assertThat(callsLeft()).isZero();
    }

    @Test
    void aCallTheOwnerStartedButDidNotFinishInTimeSaysItMayStillComplete() throws Exception {
        OwnerCalls receiver = receiver(Duration.ofSeconds(2));
        OwnerCalls owner = owner();
        onOwner.hold = new CountDownLatch(1);
        CompletableFuture<Throwable> answered = CompletableFuture.supplyAsync(() -> catchThrowable(() ->
                receiver.call(node, OwnerAction.SET_BOOT_DEVICE, arguments("{\"device\":\"disk\"}"))));
        long until = System.nanoTime() + WAIT.toNanos();
        while (owner.serveOnce() == 0 && System.nanoTime() < until) {
            Thread.sleep(5);
        }

        Throwable timedOut = answered.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        onOwner.hold.countDown();

        assertThat(timedOut).isInstanceOf(ApiException.class).hasMessageContaining("may still complete");
        assertThat(onOwner.done.await(WAIT.toSeconds(), TimeUnit.SECONDS)).as("the owner finishes it").isTrue();
        assertThat(callsLeft()).as("the caller cleaned up; the owner's late reply found nobody").isZero();
    }

    private Node vendorNode() {
        return store.nodes().create(Node.builder(UUID.randomUUID(), "fake-hardware", clock.instant()).name("vendor")
                .interfaces(NodeInterfaces.none().with(InterfaceKind.VENDOR, "fake")).build());
    }

    private static ObjectNode vendorCall(String method, String args) {
        return NodeVendorCalls.request(new VendorCall(method, "POST", JsonDict.of(arguments(args))));
    }

    @Test
    void aVendorMethodAskedOfANonOwnerRunsOnTheOwnerAndAnswersAsIronicsConductorDoes() {
        Node vendor = vendorNode();
        OwnerCalls receiver = receiver(WAIT);
        OwnerCalls owner = owner();
        owner.start(Duration.ofMillis(20));

        JsonNode sync = RequestUser.as(Optional.of("alice"), () -> receiver.call(vendor, OwnerAction.VENDOR_PASSTHRU,
                vendorCall("third_method_sync", "{\"bar\":\"meow\"}")));
        JsonNode async = receiver.call(vendor, OwnerAction.VENDOR_PASSTHRU,
                vendorCall("log_passthrough", "{}"));

        assertThat(sync.toString()).isEqualTo("{\"return\":true,\"async\":false,\"attach\":false}");
        assertThat(async.path("async").asBoolean()).as("accepted once the owner started it").isTrue();
        assertThat(store.history().list(vendor.uuid())).filteredOn(e -> e.event().equals("vendor_passthru"))
                .hasSize(2).allSatisfy(e -> assertThat(e.conductor()).contains(OWNER))
                .anySatisfy(e -> assertThat(e.user()).contains("alice"));
        for (String[] bad : List.of(new String[] {"second_method", "{}"}, new String[] {"first_method", "{}"})) {
            Throwable local = catchThrowable(() -> owner.call(vendor, OwnerAction.VENDOR_PASSTHRU,
                    vendorCall(bad[0], bad[1])));
            Throwable remote = catchThrowable(() -> receiver.call(vendor, OwnerAction.VENDOR_PASSTHRU,
                    vendorCall(bad[0], bad[1])));
            assertThat(remote).as(bad[0]).isInstanceOf(ApiException.class).hasMessage(local.getMessage());
            assertThat(ApiErrors.statusOf(remote)).isEqualTo(ApiErrors.statusOf(local)).isEqualTo(400);
        }
        assertThat(callsLeft()).isZero();
    }

    @Test
    void aVendorMethodForANodeWithNoLiveOwnerIsNoValidHost() {
        Node vendor = vendorNode();
        OwnerCalls receiver = conductor(RECEIVER, onReceiver, n -> Optional.empty(), WAIT);

        Throwable refused = catchThrowable(() -> receiver.call(vendor, OwnerAction.VENDOR_PASSTHRU,
                vendorCall("third_method_sync", "{\"bar\":\"meow\"}")));

        assertThat(refused).hasMessageStartingWith("No valid host was found.");
        assertThat(ApiErrors.statusOf(refused)).isEqualTo(404);
        assertThat(callsLeft()).isZero();
    }

    @Test
    void anActionTheOwnerRanIsReportedDoneEvenWhenItsHistoryEntryCannotBeWritten() throws Exception {
        OwnerCalls receiver = receiver(WAIT);
        owner().start(Duration.ofMillis(20));
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + temp.resolve("data").resolve("ferrum.db"));
                Statement sql = db.createStatement()) {
            sql.execute("CREATE TRIGGER history_full BEFORE INSERT ON node_history"
                    + " BEGIN SELECT RAISE(ABORT, 'the history is full'); END");
        }

        JsonNode result = receiver.call(node, OwnerAction.SET_BOOT_DEVICE, arguments("{\"device\":\"disk\"}"));

        assertThat(result.isNull()).as("the action's outcome, not the history write's").isTrue();
        assertThat(onOwner.set).containsExactly("disk once by " + OWNER);
        assertThat(store.history().list(node.uuid())).noneMatch(e -> e.event().equals("set_boot_device"));
        assertThat(callsLeft()).isZero();
    }

    /** The conductor's node actions reduced to boot devices, recording which conductor set one. */
    private static final class BootDevices implements NodeActions {
        final String conductor;
        final List<String> set = new CopyOnWriteArrayList<>();
        volatile CountDownLatch hold = new CountDownLatch(0);
        final CountDownLatch done = new CountDownLatch(1);
        private volatile BootDevice current = new BootDevice(Optional.of("pxe"), Optional.of(false));

        BootDevices(String conductor) {
            this.conductor = conductor;
        }

        @Override
        public void setBootDevice(Node node, String device, boolean persistent) {
            try {
                hold.await(WAIT.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            set.add(device + (persistent ? " persistent" : " once") + " by " + conductor);
            current = new BootDevice(Optional.of(device), Optional.of(persistent));
            done.countDown();
        }

        @Override
        public BootDevice bootDevice(Node node) {
            return current;
        }

        @Override
        public List<String> supportedBootDevices(Node node) {
            return List.of("disk", "pxe");
        }

        @Override
        public void provision(Node node, ProvisionRequest request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setPower(Node node, PowerState target, Optional<Duration> timeout) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<InterfaceValidation> validate(Node node) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setMaintenance(Node node, boolean on, Optional<String> reason) {
            throw new UnsupportedOperationException();
        }
    }
}
