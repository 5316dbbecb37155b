package dev.ferrum.conductor.store;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.ferrum.conductor.error.StoreException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.sealing.DriverInfoSealer;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.state.ProvisionStateMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * The conductor's persistent state on SQLite or PostgreSQL, one JDBC implementation for both: opening
 * migrates the schema (Flyway), then nodes, ports, locks, conductors, history, introspection data and
 * allocations are reached through the parts below. {@link #transition} is the only way a provision state changes.
 */
public final class Store implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Store.class.getName());

    private final HikariDataSource pool;
    private final ProvisionStateMachine machine;
    private final NodeStore nodes;
    private final PortStore ports;
    private final NodeLocks locks;
    private final ConductorRegistry conductors;
    private final NodeHistoryStore history;
    private final IntrospectionStore introspection;
    private final InspectionRuleStore inspectionRules;
    private final PendingCredentialStore pendingCredentials;
    private final AllocationStore allocations;
    private final ChassisStore chassis;
    private final DeployTemplateStore deployTemplates;
    private final VolumeConnectorStore volumeConnectors;
    private final VolumeTargetStore volumeTargets;
    private final PortgroupStore portgroups;
    private final PortInternalInfoStore portInternalInfo;
    private final NodeHardwareStore hardware;
    private final AgentCredentialStore agentCredentials;
    private final HeartbeatStore heartbeats;
    private final AffinityMoves affinityMoves;
    private final BiosSettingStore bios;
    private final FirmwareComponentStore firmware;
    private final EraseCertificateStore eraseCertificates;
    private final BootStateStore bootStates;
    private final HandoffStore handoffs;
    private final OwnerCallStore ownerCalls;
    private final PowerSyncRows powerSyncRows;
    private final Transitions transitions;
    private final SecretRotation secretRotation;
    private final PortBootStore portBoots;
    private final List<TransitionListener> transitionListeners = new CopyOnWriteArrayList<>();

    private Store(HikariDataSource pool, Dialect dialect, Clock clock, ProvisionStateMachine machine,
                  DriverInfoSealer sealer) {
        this.pool = pool;
        this.machine = machine;
        Database db = new Database(pool, dialect, clock, JsonMapper.builder().build());
        this.nodes = new NodeStore(db, sealer);
        this.secretRotation = new SecretRotation(db, sealer);
        this.ports = new PortStore(db);
        this.portBoots = new PortBootStore(db);
        this.locks = new NodeLocks(db);
        this.conductors = new ConductorRegistry(db);
        this.history = new NodeHistoryStore(db);
        this.introspection = new IntrospectionStore(db);
        this.inspectionRules = new InspectionRuleStore(db);
        this.pendingCredentials = new PendingCredentialStore(db, sealer);
        this.allocations = new AllocationStore(db);
        this.chassis = new ChassisStore(db);
        this.deployTemplates = new DeployTemplateStore(db);
        this.volumeConnectors = new VolumeConnectorStore(db);
        this.volumeTargets = new VolumeTargetStore(db);
        this.portgroups = new PortgroupStore(db);
        this.portInternalInfo = new PortInternalInfoStore(db);
        this.hardware = new NodeHardwareStore(db);
        this.agentCredentials = new AgentCredentialStore(db);
        this.heartbeats = new HeartbeatStore(db, history);
        this.affinityMoves = new AffinityMoves(db, history);
        this.bios = new BiosSettingStore(db);
        this.firmware = new FirmwareComponentStore(db);
        this.eraseCertificates = new EraseCertificateStore(db);
        this.bootStates = new BootStateStore(db);
        this.handoffs = new HandoffStore(db);
        this.ownerCalls = new OwnerCallStore(db);
        this.powerSyncRows = new PowerSyncRows(db);
        this.transitions = new Transitions(db, nodes, history, machine);
    }

    /**
     * Opens the database {@code config} names, brings its schema up to date and returns the store;
     * {@code clock} stamps every time the store writes. driver_info secrets are stored in clear.
     */
    public static Store open(StoreConfig config, Clock clock) {
        return open(config, clock, DriverInfoSealer.clear());
    }

    /**
     * {@link #open(StoreConfig, Clock)} whose nodes' driver_info secrets {@code sealer} encrypts on every
     * write and decrypts on every read.
     */
    public static Store open(StoreConfig config, Clock clock, DriverInfoSealer sealer) {
        Dialect dialect = config instanceof StoreConfig.Sqlite ? Dialect.SQLITE : Dialect.POSTGRESQL;
        HikariDataSource pool = new HikariDataSource(poolConfig(config));
        try {
            if (!current(pool, dialect)) {
                Flyway.configure()
                        .dataSource(pool)
                        .locations(dialect.migrationLocations().toArray(String[]::new))
                        .schemas(config instanceof StoreConfig.Postgres postgres && postgres.schema().isPresent()
                                ? new String[] {postgres.schema().get()} : new String[0])
                        .failOnMissingLocations(true)
                        .load()
                        .migrate();
            }
        } catch (FlywayException e) {
            pool.close();
            throw new StoreException("The store's schema could not be migrated (" + config + "): " + e.getMessage(), e);
        }
        LOG.log(System.Logger.Level.INFO, "store open: " + config);
        return new Store(pool, dialect, clock, new ProvisionStateMachine(), sealer);
    }

    /** Whether the schema already has every bundled migration (then Flyway, the slow part of opening, is skipped). */
    private static boolean current(HikariDataSource pool, Dialect dialect) {
        try (Connection connection = pool.getConnection()) {
            return SchemaVersions.upToDate(connection, dialect);
        } catch (SQLException e) {
            return false;
        }
    }

    private static HikariConfig poolConfig(StoreConfig config) {
        HikariConfig pool = new HikariConfig();
        pool.setMaximumPoolSize(config.poolSize());
        switch (config) {
            case StoreConfig.Sqlite sqlite -> {
                try {
                    Files.createDirectories(sqlite.dataDirectory());
                } catch (IOException e) {
                    throw new StoreException("The data directory " + sqlite.dataDirectory()
                            + " could not be created; check its parent exists and is writable.", e);
                }
                SQLiteConfig pragmas = new SQLiteConfig();
                pragmas.setJournalMode(SQLiteConfig.JournalMode.WAL);
                pragmas.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
                pragmas.setBusyTimeout((int) sqlite.busyTimeout().toMillis());
                pragmas.enforceForeignKeys(true);
                // Writers take the write lock at BEGIN, so a read-then-write transaction never fails
                // half-way with SQLITE_BUSY; the busy timeout makes them queue instead.
                pragmas.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
                SQLiteDataSource source = new SQLiteDataSource(pragmas);
                source.setUrl("jdbc:sqlite:" + sqlite.databaseFile().toAbsolutePath());
                pool.setDataSource(source);
                pool.setPoolName("ferrum-sqlite");
            }
            case StoreConfig.Postgres postgres -> {
                pool.setJdbcUrl(postgres.jdbcUrl());
                postgres.schema().ifPresent(pool::setSchema);
                pool.setConnectionTimeout(postgres.connectionTimeout().toMillis());
                pool.setPoolName("ferrum-postgres");
            }
        }
        return pool;
    }

    public NodeStore nodes() {
        return nodes;
    }

    /** Re-encrypts stored driver_info secrets with the current key (after a key rotation). */
    public SecretRotation secretRotation() {
        return secretRotation;
    }

    public PortStore ports() {
        return ports;
    }

    /** Ports' MACs with their nodes' boot state, narrowly: what the PXE filter reads every few seconds. */
    public PortBootStore portBoots() {
        return portBoots;
    }

    public NodeLocks locks() {
        return locks;
    }

    public ConductorRegistry conductors() {
        return conductors;
    }

    public NodeHistoryStore history() {
        return history;
    }

    public IntrospectionStore introspection() {
        return introspection;
    }

    public InspectionRuleStore inspectionRules() {
        return inspectionRules;
    }

    /** BMC credentials the ramdisk is to set during inspection, until verified. */
    public PendingCredentialStore pendingCredentials() {
        return pendingCredentials;
    }

    public EraseCertificateStore eraseCertificates() {
        return eraseCertificates;
    }

    /** What each node's network boot serves, shared by every conductor. */
    public BootStateStore bootStates() {
        return bootStates;
    }

    /** Provision work the API left for each node's ring owner. */
    public HandoffStore handoffs() {
        return handoffs;
    }

    /** Synchronous actions other conductors' APIs ask of each node's ring owner, and the owners' replies. */
    public OwnerCallStore ownerCalls() {
        return ownerCalls;
    }

    /** The narrow, paged listing power sync passes read. */
    public PowerSyncRows powerSyncRows() {
        return powerSyncRows;
    }

    public AllocationStore allocations() {
        return allocations;
    }

    public ChassisStore chassis() {
        return chassis;
    }

    public DeployTemplateStore deployTemplates() {
        return deployTemplates;
    }

    public VolumeConnectorStore volumeConnectors() {
        return volumeConnectors;
    }

    public VolumeTargetStore volumeTargets() {
        return volumeTargets;
    }

    public PortgroupStore portgroups() {
        return portgroups;
    }

    /** Ports' internal_info (attached VIFs). */
    public PortInternalInfoStore portInternalInfo() {
        return portInternalInfo;
    }

    /** Nodes' RAID configurations and console state. */
    /** Nodes' agent tokens and pinned certificates, for the heartbeat check. */
    public AgentCredentialStore agentCredentials() {
        return agentCredentials;
    }

    /** The heartbeat write path: batches of agent heartbeats without the node's lock. */
    public HeartbeatStore heartbeats() {
        return heartbeats;
    }

    /** Takeover's affinity moves: a page of nodes per statement, without their locks. */
    public AffinityMoves affinityMoves() {
        return affinityMoves;
    }

    public NodeHardwareStore hardware() {
        return hardware;
    }

    /** Nodes' cached BIOS settings. */
    public BiosSettingStore bios() {
        return bios;
    }

    public FirmwareComponentStore firmware() {
        return firmware;
    }

    /** The transition table the store enforces. */
    public ProvisionStateMachine stateMachine() {
        return machine;
    }

    /**
     * Fires {@code event} on the node: the table must allow it from {@code from}, the caller must hold
     * {@code lock} and have read {@code expectedVersion}; then the state, the target, {@code mutation}'s
     * field changes and a history entry carrying {@code message} are written in one transaction, and
     * {@code node=<uuid> <from> -> <to> (event)} is logged. Returns the stored node.
     */
    public Node transition(NodeLock lock, long expectedVersion, ProvisionState from, ProvisionEvent event,
                           NodeMutation mutation, String message) {
        return notifyListeners(from, transitions.apply(lock, expectedVersion, from, event, mutation,
                Optional.of(message)));
    }

    /** {@link #transition(NodeLock, long, ProvisionState, ProvisionEvent, NodeMutation, String)} whose history
     * message is the node's last_error when the node lands in a failed state, else empty. */
    public Node transition(NodeLock lock, long expectedVersion, ProvisionState from, ProvisionEvent event,
                           NodeMutation mutation) {
        return notifyListeners(from, transitions.apply(lock, expectedVersion, from, event, mutation,
                Optional.empty()));
    }

    /** What a component that must react to provision state changes of this process implements. */
    @FunctionalInterface
    public interface TransitionListener {
        /** Called after {@code node} moved from {@code from} and the change is stored; must not block. */
        void transitioned(ProvisionState from, Node node);
    }

    /**
     * Calls {@code listener} after every transition this process stores (not those of other conductors
     * sharing the database: whoever needs those polls as well).
     */
    public void addTransitionListener(TransitionListener listener) {
        transitionListeners.add(listener);
    }

    /** What observes the store loading node rows (a test bounding a path's reads, a metric). */
    @FunctionalInterface
    public interface NodeLoadListener {
        /**
         * Called on the loading thread for each node row the store reads; {@code inWrite} when the read is a
         * write's own guard (the row re-read inside its transaction). Must not block.
         */
        void loaded(UUID node, boolean inWrite);
    }

    /** Calls {@code listener} for every node row this store loads from now on. */
    public void addNodeLoadListener(NodeLoadListener listener) {
        nodes.addLoadListener(listener);
    }

    private Node notifyListeners(ProvisionState from, Node node) {
        for (TransitionListener listener : transitionListeners) {
            try {
                listener.transitioned(from, node);
            } catch (RuntimeException e) {
                // The transition is stored; a listener's failure must not make the flow believe otherwise.
                LOG.log(System.Logger.Level.WARNING, "transition listener failed for node=" + node.uuid() + ": "
                        + e.getMessage(), e);
            }
        }
        return node;
    }

    @Override
    public void close() {
        pool.close();
    }
}
