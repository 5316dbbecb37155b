package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Disk;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.random.RandomGenerator;

/**
 * The engines behind IPA's clean steps {@code erase_devices_metadata} and {@code erase_devices}.
 * Each call checks every disk with the {@link SafetyGate}, erases the cleared ones in parallel (at
 * most {@link EraseOptions#concurrency()} at once), isolates each disk's failure in its own report,
 * and returns one {@link EraseReport} in the order the disks were given. Progress is published to
 * the {@link EraseProgress} passed in while the call runs.
 */
public final class DiskEraser {
    private static final System.Logger LOG = System.getLogger(DiskEraser.class.getName());
    public static final String METADATA_STEP = "erase_devices_metadata";
    public static final String ERASE_STEP = "erase_devices";

    private final MachineContext machine;
    private final SafetyGate gate;
    private final EraseConfig config;
    private final MetadataWiper wiper;
    private final FullErase fullErase;
    private final InstantSource clock;
    private final RandomGenerator random;

    /**
     * @param opener how devices are opened ({@link DeviceOpener#files()} for real)
     * @param clock measures each disk's duration
     * @param random seeds the random overwrite passes and picks read-back samples (the seed is reported)
     */
    public DiskEraser(MachineContext machine, EraseConfig config, DeviceOpener opener, InstantSource clock,
            RandomGenerator random) {
        this.machine = machine;
        this.gate = new SafetyGate(machine);
        this.config = config;
        this.clock = clock;
        this.random = random;
        this.wiper = new MetadataWiper(machine.commands(), opener, config);
        this.fullErase = new FullErase(machine.commands(), config, opener, clock);
    }

    /** The real thing: device nodes, the system clock, a {@link SecureRandom}. */
    public static DiskEraser forMachine(MachineContext machine, EraseConfig config) {
        return new DiskEraser(machine, config, DeviceOpener.files(), InstantSource.system(), new SecureRandom());
    }

    /** {@code erase_devices_metadata}: wipes signatures and partition tables, and reads them back. */
    public EraseReport eraseDevicesMetadata(List<Disk> disks, EraseOptions options, EraseProgress progress) {
        return run(METADATA_STEP, disks, options, progress, false);
    }

    /** {@code erase_devices}: erases every byte (firmware erase or verified overwrite). */
    public EraseReport eraseDevices(List<Disk> disks, EraseOptions options, EraseProgress progress) {
        return run(ERASE_STEP, disks, options, progress, true);
    }

    private EraseReport run(String step, List<Disk> disks, EraseOptions options, EraseProgress progress,
            boolean full) {
        SkipList skipList = config.skipList().plus(options.skipList());
        List<GateDecision> decisions = decideAll(disks, skipList);
        // Read once, before any disk runs: refusals and lost futures are stamped with it.
        Instant began = clock.instant();
        Set<String> cleared = new HashSet<>();
        decisions.forEach(d -> {
            if (d instanceof GateDecision.Cleared c) {
                cleared.add(c.target().kernelName());
            }
        });
        // One future per disk, in input order; refusals are already-completed ones.
        List<Future<DiskEraseReport>> futures = new ArrayList<>();
        int threads = Math.max(1, Math.min(options.concurrency(), cleared.size()));
        try (ExecutorService pool = Executors.newFixedThreadPool(threads,
                Thread.ofPlatform().name("ferrum-erase-", 0).daemon(true).factory())) {
            for (int i = 0; i < disks.size(); i++) {
                String device = disks.get(i).name();
                EraseProgress.Tracker tracker = progress.track(device);
                switch (decisions.get(i)) {
                    case GateDecision.Refused refused -> {
                        boolean fatal = isFatal(refused.refusal(), options, full);
                        tracker.finish(fatal ? ErasePhase.FAILED : ErasePhase.SKIPPED);
                        LOG.log(fatal ? System.Logger.Level.WARNING : System.Logger.Level.INFO,
                                "{0}: not writing {1}: {2}", step, device, refused.refusal());
                        futures.add(CompletableFuture.completedFuture(DiskEraseReport.refused(device,
                                explain(refused.refusal(), options, full), fatal, began)));
                    }
                    case GateDecision.Cleared clearedDisk -> {
                        TargetDisk target = clearedDisk.target();
                        // Seeds are drawn here, on one thread, so a shared generator is never raced.
                        RandomGenerator diskRandom = new SplittableRandom(nextSeed());
                        List<String> siblings = full ? protectedSiblings(target, cleared) : List.of();
                        futures.add(pool.submit(() -> eraseOne(step, target, options, siblings, diskRandom, tracker,
                                full)));
                    }
                }
            }
        }
        List<DiskEraseReport> reports = new ArrayList<>();
        for (int i = 0; i < futures.size(); i++) {
            reports.add(collect(disks.get(i).name(), futures.get(i), began));
        }
        EraseReport report = new EraseReport(step, reports);
        LOG.log(report.succeeded() ? System.Logger.Level.INFO : System.Logger.Level.WARNING, report.summary());
        return report;
    }

    private DiskEraseReport eraseOne(String step, TargetDisk target, EraseOptions options, List<String> siblings,
            RandomGenerator diskRandom, EraseProgress.Tracker tracker, boolean full) {
        Instant start = clock.instant();
        try {
            DiskEraseReport report = full
                    ? fullErase.erase(target, options, siblings, diskRandom, tracker)
                    : wipeMetadata(target, tracker, start);
            LOG.log(System.Logger.Level.INFO, "{0}: {1} {2} by {3}{4}", step, target.device(), report.outcome(),
                    report.method(), report.reason().map(r -> ": " + r).orElse(""));
            return report;
        } catch (IOException | RuntimeException e) {
            // The per-disk boundary: this disk fails, the others go on. Logged here, once.
            LOG.log(System.Logger.Level.WARNING, step + ": " + target.device() + " failed", e);
            tracker.finish(ErasePhase.FAILED);
            return DiskEraseReport.failed(target.device(), full ? EraseMethod.OVERWRITE : EraseMethod.METADATA, 0,
                    e.getClass().getSimpleName() + ": " + e.getMessage(), Duration.between(start, clock.instant()),
                    List.of(), start);
        }
    }

    private DiskEraseReport wipeMetadata(TargetDisk target, EraseProgress.Tracker tracker, Instant start)
            throws IOException {
        MetadataWiper.Result result = wiper.wipe(target, tracker);
        long bytes = result.ranges().stream().mapToLong(WipedRange::length).sum();
        Duration took = Duration.between(start, clock.instant());
        tracker.finish(result.verified() ? ErasePhase.DONE : ErasePhase.FAILED);
        return new DiskEraseReport(target.device(), EraseMethod.METADATA,
                result.verified() ? DiskOutcome.ERASED : DiskOutcome.FAILED, bytes, took, result.verified(),
                Optional.empty(), result.verifyFailure().map(f -> "metadata wipe not verified: " + f), result.ranges(),
                result.notes(), List.of(), Optional.empty(), start);
    }

    private static DiskEraseReport collect(String device, Future<DiskEraseReport> future, Instant began) {
        return switch (future.state()) {
            case SUCCESS -> future.resultNow();
            case FAILED -> {
                Throwable cause = future.exceptionNow();
                if (cause instanceof Error error) {
                    throw error;
                }
                yield DiskEraseReport.failed(device, EraseMethod.SKIPPED, 0, cause.toString(), Duration.ZERO,
                        List.of(), began);
            }
            default -> DiskEraseReport.failed(device, EraseMethod.SKIPPED, 0, "the erase was cancelled",
                    Duration.ZERO, List.of(), began);
        };
    }

    private List<GateDecision> decideAll(List<Disk> disks, SkipList skipList) {
        List<GateDecision> decisions = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        for (Disk disk : disks) {
            GateDecision decision = gate.check(disk, skipList);
            if (decision instanceof GateDecision.Cleared c) {
                String first = seen.putIfAbsent(c.target().kernelName(), disk.name());
                if (first != null) {
                    decision = new GateDecision.Refused(new Refusal(RefusalReason.DUPLICATE,
                            "same device as " + first));
                }
            }
            decisions.add(decision);
        }
        return decisions;
    }

    /** Other namespaces of the target's NVMe controller that this run will not erase. */
    private List<String> protectedSiblings(TargetDisk target, Set<String> cleared) {
        if (!target.isNvme() || !target.kernelName().matches("nvme\\d+n\\d+")) {
            return List.of();
        }
        String controller = target.kernelName().substring(0, target.kernelName().lastIndexOf('n') + 1);
        try {
            return new SysBlock(machine.sys()).blockNames().stream()
                    .filter(n -> n.startsWith(controller) && n.substring(controller.length()).matches("\\d+"))
                    .filter(n -> !cleared.contains(n))
                    .toList();
        } catch (IOException e) {
            // Unknown siblings must be assumed to exist: a name that matches nothing keeps format off.
            return List.of("(unreadable sysfs: " + e.getMessage() + ")");
        }
    }

    private synchronized long nextSeed() {
        return random.nextLong();
    }

    private static boolean isFatal(Refusal refusal, EraseOptions options, boolean full) {
        return switch (refusal.reason()) {
            case SKIP_LISTED, VIRTUAL_DEVICE, DUPLICATE -> false;
            // IPA skips RAID members in both erasures: the array (and its data) is the operator's RAID configuration.
            case RAID_MEMBER -> false;
            // IPA always skips read-only disks when wiping metadata; a full erase fails on them
            // unless the conductor said skipping is fine.
            case READ_ONLY -> full && !options.skipReadOnly();
            case OUTSIDE_DEVICE_ROOT, MISSING, UNKNOWN_DEVICE, IN_USE -> true;
        };
    }

    private static Refusal explain(Refusal refusal, EraseOptions options, boolean full) {
        if (refusal.reason() == RefusalReason.READ_ONLY && full && !options.skipReadOnly()) {
            return new Refusal(refusal.reason(), refusal.detail() + "; set agent_erase_skip_read_only to skip it");
        }
        return refusal;
    }
}
