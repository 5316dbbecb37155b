package dev.ferrum.agent.partition;

/**
 * What a partition of a partition-image deploy is for, with the name ironic-lib's {@code work_on_disk}
 * gives it in the {@code partitions} dict Ironic receives.
 */
public enum PartitionRole {
    EFI_SYSTEM(PartitionUuids.ROLE_EFI_SYSTEM),
    BIOS_BOOT(PartitionUuids.ROLE_BIOS_BOOT),
    EPHEMERAL("ephemeral"),
    SWAP(PartitionUuids.ROLE_SWAP),
    ROOT(PartitionUuids.ROLE_ROOT);

    private final String reportName;

    PartitionRole(String reportName) {
        this.reportName = reportName;
    }

    public String reportName() {
        return reportName;
    }
}
