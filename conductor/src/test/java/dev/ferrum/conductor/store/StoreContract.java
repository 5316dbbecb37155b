package dev.ferrum.conductor.store;

import dev.ferrum.conductor.sealing.DriverInfoSealer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * THE store contract: every assertion about the store, gathered from the contract interfaces, run
 * against each database by a subclass that says how to make a fresh database for one test and how
 * to discard it. Every test gets its own empty database.
 */
abstract class StoreContract implements NodeStoreContract, PortStoreContract, LockContract,
        ConductorRegistryContract, TransitionContract, AllocationStoreContract, NodeAttributesContract,
        ChassisStoreContract, DeployTemplateStoreContract, VolumeStoreContract, PortgroupStoreContract,
        NodeSubresourceStoreContract, EraseCertificateContract, SecretSealingContract, InspectionStoreContract,
        NodeHistoryContract, BootStateContract, HandoffContract, OwnerCallContract, AgentCredentialsContract,
        HeartbeatStoreContract, PortBootContract, PowerSyncRowsContract, AffinityMovesContract {

    private final TestClock clock = new TestClock(T0);
    private final List<Store> opened = new ArrayList<>();
    private StoreConfig config;
    private Store store;

    /** Makes an empty database for one test and returns the config that opens it. */
    protected abstract StoreConfig prepareDatabase() throws Exception;

    /** A plain JDBC connection to the test's database, in the store's schema. */
    protected abstract Connection rawConnection() throws SQLException;

    /** Throws the test's database away (all stores on it are closed by then). */
    protected abstract void discardDatabase() throws Exception;

    @BeforeEach
    final void openStore() throws Exception {
        config = prepareDatabase();
        store = open(config, clock);
    }

    @AfterEach
    final void closeStores() throws Exception {
        opened.forEach(Store::close);
        opened.clear();
        discardDatabase();
    }

    private Store open(StoreConfig storeConfig, Clock storeClock) {
        return open(storeConfig, storeClock, DriverInfoSealer.clear());
    }

    private Store open(StoreConfig storeConfig, Clock storeClock, DriverInfoSealer sealer) {
        Store opening = Store.open(storeConfig, storeClock, sealer);
        opened.add(opening);
        return opening;
    }

    @Override
    public Store store() {
        return store;
    }

    @Override
    public TestClock clock() {
        return clock;
    }

    @Override
    public Store openAnotherStore() {
        return open(config, clock);
    }

    @Override
    public Store openAnotherStore(DriverInfoSealer sealer) {
        return open(config, clock, sealer);
    }

    @Override
    public String rawDriverInfo(UUID node) {
        try (Connection connection = rawConnection();
             PreparedStatement select = connection.prepareStatement("SELECT driver_info FROM nodes WHERE uuid = ?")) {
            select.setString(1, node.toString());
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    throw new AssertionError("no row for node " + node);
                }
                return row.getString(1);
            }
        } catch (SQLException e) {
            throw new AssertionError("raw read failed", e);
        }
    }
}
