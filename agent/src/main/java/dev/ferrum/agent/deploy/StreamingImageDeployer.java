package dev.ferrum.agent.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.extension.ImageDeployer;
import dev.ferrum.agent.image.ImageInfoParser;
import dev.ferrum.agent.image.ImageRequest;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ProgressTracker;
import dev.ferrum.agent.image.writer.ImageTarget;
import dev.ferrum.agent.image.writer.ImageWriter;
import dev.ferrum.agent.image.writer.WriteResult;
import dev.ferrum.agent.partition.ConfigDriveDownloader;
import dev.ferrum.agent.partition.ConfigDrivePartition;
import dev.ferrum.agent.partition.ConfigDriveSource;
import dev.ferrum.agent.partition.ConfigDriveWriter;
import dev.ferrum.agent.partition.DiskGeometry;
import dev.ferrum.agent.partition.DiskPartitioner;
import dev.ferrum.agent.partition.PartitionRequest;
import dev.ferrum.agent.partition.NoPartitionTable;
import dev.ferrum.agent.partition.PartitionTable;
import dev.ferrum.agent.partition.PartitionTableException;
import dev.ferrum.agent.partition.PartitionTableReader;
import dev.ferrum.agent.partition.PartitionUuidFinder;
import dev.ferrum.agent.partition.SectorSize;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.JsonProgress;
import dev.ferrum.hardware.registry.NoManagerCouldException;
import dev.ferrum.hardware.registry.RootDeviceHintsJson;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.DeviceResolution;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.hardware.spi.RootDeviceSelector;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.inventory.Disk;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Writes the instance image to the root disk: choose the disk with the node's root-device hints
 * through the hardware managers, stream the image with {@link ImageWriter} (any format, bounded
 * memory, verified checksum, progress), add the config drive as a partition when one is given,
 * and have the kernel re-read the partition table. A partition image ({@code image_type=partition})
 * first gets a fresh partition table and is streamed into its root partition ({@link PartitionedDisk}).
 */
public final class StreamingImageDeployer implements ImageDeployer {
    private static final System.Logger LOG = System.getLogger(StreamingImageDeployer.class.getName());

    private final HardwareManagerRegistry registry;
    private final ImageWriter writer;
    private final ImageInfoParser parser;
    private final ConfigDriveDownloader downloader;
    private final ObjectMapper json;
    private final AtomicReference<ObjectNode> lastPartitionUuids;
    private final PartitionedDisk partitioned;

    public StreamingImageDeployer(HardwareManagerRegistry registry, ImageWriter writer, ImageInfoParser parser,
            ConfigDriveDownloader downloader, ObjectMapper json) {
        this.registry = registry;
        this.writer = writer;
        this.parser = parser;
        this.downloader = downloader;
        this.json = json;
        this.lastPartitionUuids = new AtomicReference<>(json.createObjectNode());
        this.partitioned = new PartitionedDisk(registry.machine().commands(), new DiskPartitioner());
    }

    @Override
    public JsonNode write(WriteImageArgs args, ObjectNode node, JsonProgress progress) {
        Disk root = rootDisk(node);
        Path device = devicePath(registry.machine(), root);
        ImageRequest request;
        try {
            request = parser.parse(args.imageInfo());
        } catch (ImageWriteException e) {
            throw new CommandFailedException(e.ipaErrorType(), 400, "Invalid image_info", e.getMessage(), e);
        }
        Optional<ConfigDriveSource> drive = configDrive(args);
        // A partition image gets a fresh table and goes into its root partition; a whole disk goes over the disk.
        Optional<PartitionedDisk.Layout> layout = Optional.empty();
        ImageTarget target = ImageTarget.disk(device);
        if (args.imageInfo().isPartitionImage()) {
            PartitionRequest wanted = PartitionedDisk.request(args.imageInfo(), drive.isPresent());
            layout = Optional.of(partitioned.partition(device, root.name(), geometry(root), wanted));
            target = ImageTarget.partition(device, layout.get().rootOffset(), layout.get().rootBytes());
        }
        ProgressTracker tracker = writer.newProgress();
        progress.follow(() -> WriteReports.progress(json, tracker.snapshot()));
        LOG.log(System.Logger.Level.INFO, node.path("uuid").asText("node") + ": writing image " + request.imageId()
                + " to " + root.name() + layout.map(l -> " partition " + l.plan().root().number()).orElse(""));
        WriteResult written;
        try {
            written = writer.write(request, target, tracker);
        } catch (ImageWriteException e) {
            throw new CommandFailedException(e.ipaErrorType(), 500, "Image could not be written to " + root.name(),
                    e.getMessage(), e);
        }
        ObjectNode result = json.createObjectNode();
        result.put("root_device", root.name());
        result.set("image", WriteReports.result(json, written));
        drive.ifPresent(source -> result.set("configdrive",
                json.valueToTree(writeConfigDrive(device, root, source))));
        rereadPartitions(device);
        if (layout.isPresent()) {
            ObjectNode uuids = json.valueToTree(partitioned.finish(device, layout.get(), args.imageInfo()));
            result.set("partitions", uuids);
            lastPartitionUuids.set(uuids);
        } else {
            lastPartitionUuids.set(partitionUuids(device, root));
        }
        return result;
    }

    @Override
    public ObjectNode partitionUuids() {
        return lastPartitionUuids.get().deepCopy();
    }

    private Disk rootDisk(ObjectNode node) {
        RootDeviceHints hints;
        try {
            hints = RootDeviceHintsJson.fromJson(node.path("properties").path("root_device"));
        } catch (IllegalArgumentException e) {
            throw CommandFailedException.invalidParams("properties.root_device: " + e.getMessage());
        }
        List<Disk> disks = registry.collectInventory().inventory().disks();
        try {
            return registry.dispatchFirst(RootDeviceSelector.class, "choose a root disk",
                    selector -> selector.selectRootDevice(disks, hints, registry.machine())).value();
        } catch (NoManagerCouldException e) {
            throw new CommandFailedException("DeviceNotFound", 404, "No suitable root disk", e.getMessage());
        }
    }

    /** The device node for {@code disk}, by the machine's one device-access rule. */
    static Path devicePath(MachineContext machine, Disk disk) {
        return switch (machine.resolveDevice(disk.name())) {
            case DeviceResolution.Resolved resolved -> resolved.path();
            case DeviceResolution.Refused refused ->
                    throw new CommandFailedException("DeviceNotFound", 404, "Refusing to write " + disk.name(),
                            refused.reason());
        };
    }

    private Optional<ConfigDriveSource> configDrive(WriteImageArgs args) {
        return args.configdrive().or(() -> args.imageInfo().configdrive())
                .filter(value -> !value.isBlank())
                .map(value -> ConfigDriveSource.fromParameter(value, downloader));
    }

    private static DiskGeometry geometry(Disk root) {
        return new DiskGeometry(root.size(), SectorSize.ofBytes(root.logicalSectors().orElse(512)));
    }

    private ConfigDrivePartition writeConfigDrive(Path device, Disk root, ConfigDriveSource source) {
        try (FileChannel channel = FileChannel.open(device, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            return new ConfigDriveWriter().write(channel, geometry(root), source);
        } catch (PartitionTableException e) {
            throw new CommandFailedException("ConfigDriveWriteError", 500, "Config drive could not be written",
                    e.getMessage(), e);
        } catch (IOException e) {
            throw new CommandFailedException("ConfigDriveWriteError", 500, "Config drive could not be written",
                    device + ": " + e.getMessage(), e);
        }
    }

    /**
     * The written disk's root and EFI partitions as {@code get_partition_uuids} reports them. An image
     * without a partition table (a bare filesystem) reports {} as IPA does for such disks; Ironic
     * then identifies the disk by itself.
     */
    private ObjectNode partitionUuids(Path device, Disk root) {
        int sector = root.logicalSectors().orElse(512);
        try (FileChannel channel = FileChannel.open(device, StandardOpenOption.READ)) {
            PartitionTable table = PartitionTableReader.read(channel, new DiskGeometry(root.size(), SectorSize.ofBytes(sector)));
            if (table instanceof NoPartitionTable) {
                return json.createObjectNode();
            }
            return json.valueToTree(PartitionUuidFinder.find(table, root.name()));
        } catch (IOException | PartitionTableException e) {
            // The image is written and verified; the conductor can still boot the disk without uuids.
            LOG.log(System.Logger.Level.WARNING, "cannot read the partition table written to " + root.name() + ": "
                    + e.getMessage());
            return json.createObjectNode();
        }
    }

    private void rereadPartitions(Path device) {
        CommandRunner commands = registry.machine().commands();
        if (Files.isRegularFile(device) || !commands.isAvailable("partprobe")) {
            return;
        }
        var result = commands.run(List.of("partprobe", device.toString()), Duration.ofMinutes(1));
        if (!result.succeeded()) {
            LOG.log(System.Logger.Level.WARNING, "partprobe " + device + " failed (" + result.stderr().strip()
                    + "); the kernel may show the old partitions until the next boot");
        }
        // The new partitions' nodes appear through udev; mkfs on them must wait for that.
        if (commands.isAvailable("udevadm")) {
            commands.run(List.of("udevadm", "settle"), Duration.ofMinutes(2));
        }
    }
}
