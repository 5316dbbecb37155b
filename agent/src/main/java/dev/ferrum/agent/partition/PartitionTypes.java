package dev.ferrum.agent.partition;

import java.util.Set;
import java.util.UUID;

/** GPT partition type GUIDs Ferrum looks for (UEFI specification and the Discoverable Partitions Specification). */
public final class PartitionTypes {

    public static final UUID EFI_SYSTEM = UUID.fromString("c12a7328-f81f-11d2-ba4b-00a0c93ec93b");
    public static final UUID BIOS_BOOT = UUID.fromString("21686148-6449-6e6f-744e-656564454649");
    public static final UUID PREP_BOOT = UUID.fromString("9e1a2d38-c612-4316-aa26-8b49521e5a8b");
    /** "Linux filesystem data", sgdisk's default type 8300: what IPA's config drive partition gets. */
    public static final UUID LINUX_FILESYSTEM = UUID.fromString("0fc63daf-8483-4772-8e79-3d69d8477de4");
    public static final UUID LINUX_SWAP = UUID.fromString("0657fd6d-a4ab-43c4-84e5-0933c84b4f4f");
    /** Older parted versions gave Linux root partitions this Windows type, so it is a root candidate too. */
    public static final UUID MICROSOFT_BASIC_DATA = UUID.fromString("ebd0a0a2-b9e5-4433-87c0-68b6b72699c7");

    /** Root partition types of the Discoverable Partitions Specification, one per architecture. */
    public static final Set<UUID> LINUX_ROOT = Set.of(
            UUID.fromString("44479540-f297-41b2-9af7-d131d5f0458a"), // x86
            UUID.fromString("4f68bce3-e8cd-4db1-96e7-fbcaf984b709"), // x86-64
            UUID.fromString("69dad710-2ce4-4e3c-b16c-21a1d49abed3"), // arm
            UUID.fromString("b921b045-1df0-41c3-af44-4c6f280d3fae"), // arm64
            UUID.fromString("993d8d3d-f80e-4225-855a-9daf8ed7ea97"), // ia64
            UUID.fromString("77055800-792c-4f94-b39a-98c91b762bb6"), // loongarch64
            UUID.fromString("60d5a7fe-8e7d-435c-b714-3dd8162144e1"), // riscv32
            UUID.fromString("72ec70a6-cf74-40e6-bd49-4bda08e8f224"), // riscv64
            UUID.fromString("1de3f1ef-fa98-47b5-8dcd-4a860a654d78"), // ppc
            UUID.fromString("912ade1d-a839-4913-8964-a10eee08fbd2"), // ppc64
            UUID.fromString("c31c45e6-3f39-412e-80fb-4809c4980599"), // ppc64le
            UUID.fromString("5eead9a9-fe09-4a1e-a1d7-520d00531306"), // s390x
            UUID.fromString("08a7acea-624c-4a20-91e8-6e0fa67d23f9")); // s390

    private PartitionTypes() {
    }
}
