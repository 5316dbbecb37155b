package dev.ferrum.hardware.generic;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.generic.erase.DiskEraseReport;
import dev.ferrum.hardware.generic.erase.DiskOutcome;
import dev.ferrum.hardware.generic.erase.ReadBackVerification;
import dev.ferrum.protocol.erase.EraseCertificate;
import dev.ferrum.protocol.erase.EraseCertificates;
import dev.ferrum.protocol.inventory.Disk;
import java.security.KeyPair;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Turns the per-disk reports of {@code erase_devices} into signed NIST SP 800-88 erase
 * certificates, one per erased disk, with this agent process's Ed25519 key (made at its first use, one
 * per process, never stored; its public half is in every certificate and in the step result).
 */
final class EraseCertificateIssuer {
    private final Supplier<KeyPair> makeKeys;
    private final EraseCertificates certificates = new EraseCertificates();
    private final String toolVersion;
    /** Made at the first erase, see {@link #keys()}. */
    private KeyPair keys;

    /**
     * @param makeKeys called once, at the first erase: making the key pair (the JVM's first Ed25519 use) took
     *     about 2 s of the agent's start under QEMU's TCG emulation, before its first line (bench/README.md)
     */
    EraseCertificateIssuer(Supplier<KeyPair> makeKeys, String toolVersion) {
        this.makeKeys = makeKeys;
        this.toolVersion = toolVersion;
    }

    private synchronized KeyPair keys() {
        if (keys == null) {
            keys = makeKeys.get();
        }
        return keys;
    }

    /** The base64 public key certificates are signed with. */
    String publicKey() {
        return EraseCertificates.encodeKey(keys().getPublic());
    }

    /** One signed document per erased disk of {@code reports}, in their order. */
    List<ObjectNode> issue(String nodeUuid, List<Disk> disks, List<DiskEraseReport> reports) {
        Map<String, Disk> byName = disks.stream().collect(Collectors.toMap(Disk::name, Function.identity(),
                (a, b) -> a));
        return reports.stream()
                .filter(r -> r.outcome() == DiskOutcome.ERASED && r.verification().isPresent())
                .map(r -> certificates.sign(certificate(nodeUuid, Optional.ofNullable(byName.get(r.device())), r),
                        keys()))
                .toList();
    }

    private EraseCertificate certificate(String nodeUuid, Optional<Disk> disk, DiskEraseReport report) {
        ReadBackVerification proof = report.verification().orElseThrow();
        EraseCertificate.Media media = new EraseCertificate.Media(report.device(),
                disk.flatMap(Disk::vendor).orElse("unknown"),
                disk.flatMap(Disk::model).orElse("unknown"),
                disk.flatMap(Disk::serial).orElse("unknown"),
                disk.map(Disk::size).filter(s -> s > 0).orElse(report.bytes()),
                disk.map(EraseCertificateIssuer::mediaType).orElse("unknown"));
        EraseCertificate.Sanitization sanitization = new EraseCertificate.Sanitization(
                report.method().nistCategory(), report.method().technique(), report.method().name(),
                report.notes().isEmpty() ? "ferrum" : String.join("; ", report.notes()), toolVersion,
                report.declined());
        EraseCertificate.Verification verification = new EraseCertificate.Verification(ReadBackVerification.METHOD,
                Long.toString(proof.seed()), proof.offsets().size(), proof.blockBytes(),
                proof.expectation().description(), proof.passed() ? "PASSED" : "FAILED", proof.detail());
        return new EraseCertificate(UUID.randomUUID().toString(), nodeUuid, media, sanitization, verification,
                report.startedAt(), report.endedAt(), "SUCCESS", "ferrum-agent", publicKey());
    }

    private static String mediaType(Disk disk) {
        if (disk.tran().map("nvme"::equalsIgnoreCase).orElse(false) || disk.name().contains("nvme")) {
            return "NVMe SSD";
        }
        return disk.rotational() ? "HDD" : "SSD";
    }
}
