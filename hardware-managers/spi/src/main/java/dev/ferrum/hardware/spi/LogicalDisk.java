package dev.ferrum.hardware.spi;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One logical disk of a RAID configuration, with the keys of Ironic's RAID schema ({@code raid_level},
 * {@code size_gb}, …). {@code sizeGb} is what the schema allows: a whole number of GiB or the text
 * {@code MAX}; {@link #sizeGiB()} reads it. A manager that built the disk reports it back with
 * {@code rootDeviceHint} filled for the root volume, which Ironic copies into the node's
 * {@code properties.root_device}.
 */
public record LogicalDisk(
        String raidLevel,
        Object sizeGb,
        Optional<String> volumeName,
        Optional<Boolean> isRootVolume,
        Optional<String> controller,
        Optional<List<String>> physicalDisks,
        Optional<Map<String, String>> rootDeviceHint) {

    public LogicalDisk {
        if (raidLevel == null || raidLevel.isBlank()) {
            throw new IllegalArgumentException("a logical disk needs a raid_level");
        }
        if (sizeGb == null) {
            throw new IllegalArgumentException("logical disk (raid_level " + raidLevel + ") needs a size_gb");
        }
        // Records the agent builds see null for absent keys; normalise once, here.
        volumeName = volumeName == null ? Optional.empty() : volumeName;
        isRootVolume = isRootVolume == null ? Optional.empty() : isRootVolume;
        controller = controller == null ? Optional.empty() : controller;
        physicalDisks = physicalDisks == null ? Optional.empty() : physicalDisks.map(List::copyOf);
        rootDeviceHint = rootDeviceHint == null ? Optional.empty() : rootDeviceHint.map(Map::copyOf);
    }

    /** The size in GiB; empty for {@code MAX} (whatever space is left). */
    public Optional<Long> sizeGiB() {
        if (sizeGb instanceof Number number) {
            return Optional.of(number.longValue());
        }
        String text = sizeGb.toString().strip();
        if (text.equals("MAX")) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("size_gb '" + text + "' of the RAID-" + raidLevel
                    + " logical disk is neither a number of GiB nor MAX; fix target_raid_config");
        }
    }

    /** True when the instance goes on this disk. */
    public boolean root() {
        return isRootVolume.orElse(false);
    }

    /** The same disk as built: its volume name and, when it is the root volume, the hint that finds it. */
    public LogicalDisk built(String name, Optional<Map<String, String>> hint) {
        return new LogicalDisk(raidLevel, sizeGb, Optional.of(name), isRootVolume, controller, physicalDisks, hint);
    }
}
