package dev.ferrum.hardware.generic.erase;

/**
 * How a disk was (or was not) erased; {@code SKIPPED} when the safety gate refused it. Each method
 * knows its NIST SP 800-88 Rev. 1 category ({@code PURGE} for the drive's own sanitize and secure
 * erase, {@code CLEAR} for Ferrum's overwrite, which cannot reach remapped or over-provisioned
 * areas), its technique in words, and what its read-back may expect.
 */
public enum EraseMethod {
    /** NVMe Sanitize, cryptographic erase (SANACT 4): the media encryption key was replaced. */
    NVME_SANITIZE_CRYPTO("PURGE", "NVMe Sanitize, cryptographic erase", ReadBackExpectation.CHANGED),
    /** NVMe Sanitize, block erase (SANACT 2). */
    NVME_SANITIZE_BLOCK("PURGE", "NVMe Sanitize, block erase", ReadBackExpectation.UNIFORM),
    /** NVMe Sanitize, overwrite (SANACT 3) with a zero pattern. */
    NVME_SANITIZE_OVERWRITE("PURGE", "NVMe Sanitize, overwrite", ReadBackExpectation.UNIFORM),
    /** SCSI SANITIZE, cryptographic erase service action. */
    SCSI_SANITIZE_CRYPTO("PURGE", "SCSI SANITIZE, cryptographic erase", ReadBackExpectation.CHANGED),
    /** SCSI SANITIZE, block erase service action. */
    SCSI_SANITIZE_BLOCK("PURGE", "SCSI SANITIZE, block erase", ReadBackExpectation.UNIFORM),
    /** SCSI SANITIZE, overwrite service action with zeros. */
    SCSI_SANITIZE_OVERWRITE("PURGE", "SCSI SANITIZE, overwrite", ReadBackExpectation.UNIFORM),
    /** ATA SANITIZE, CRYPTO SCRAMBLE EXT. */
    ATA_SANITIZE_CRYPTO("PURGE", "ATA SANITIZE, crypto scramble", ReadBackExpectation.CHANGED),
    /** ATA SANITIZE, BLOCK ERASE EXT. */
    ATA_SANITIZE_BLOCK("PURGE", "ATA SANITIZE, block erase", ReadBackExpectation.UNIFORM),
    /** ATA SANITIZE, OVERWRITE EXT with zeros. */
    ATA_SANITIZE_OVERWRITE("PURGE", "ATA SANITIZE, overwrite", ReadBackExpectation.UNIFORM),
    /** NVMe Format with Secure Erase Setting 2: the drive discarded its media encryption key. */
    NVME_CRYPTO("PURGE", "NVMe Format, cryptographic erase (SES=2)", ReadBackExpectation.CHANGED),
    /** NVMe Format with Secure Erase Setting 1: the drive erased all user data. */
    NVME_USER_DATA("PURGE", "NVMe Format, user data erase (SES=1)", ReadBackExpectation.UNIFORM),
    /** ATA SECURITY ERASE UNIT, normal mode (SP 800-88 counts only some drives' normal mode as purge). */
    ATA_SECURE("CLEAR", "ATA SECURITY ERASE UNIT", ReadBackExpectation.UNIFORM),
    /** ATA SECURITY ERASE UNIT, enhanced mode (also reallocated sectors). */
    ATA_ENHANCED_SECURE("PURGE", "ATA SECURITY ERASE UNIT, enhanced", ReadBackExpectation.UNIFORM),
    /** Ferrum wrote the whole device itself and read samples back. */
    OVERWRITE("CLEAR", "overwrite of all user-addressable blocks", ReadBackExpectation.PATTERN),
    /** Only signatures and partition tables were wiped ({@code erase_devices_metadata}). */
    METADATA("NONE", "signature and partition table wipe", ReadBackExpectation.PATTERN),
    /** Nothing was written: the disk was refused or failed before any method ran. */
    SKIPPED("NONE", "none", ReadBackExpectation.PATTERN);

    private final String nistCategory;
    private final String technique;
    private final ReadBackExpectation expectation;

    EraseMethod(String nistCategory, String technique, ReadBackExpectation expectation) {
        this.nistCategory = nistCategory;
        this.technique = technique;
        this.expectation = expectation;
    }

    /** SP 800-88's method category: {@code CLEAR}, {@code PURGE}, or {@code NONE} for no sanitization. */
    public String nistCategory() {
        return nistCategory;
    }

    /** The technique in words, as certificates name it. */
    public String technique() {
        return technique;
    }

    /** What a sampled read-back after this method accepts. */
    public ReadBackExpectation expectation() {
        return expectation;
    }
}
