package dev.ferrum.agent.partition;

/** The state of one of the two copies (primary, backup) of a GPT, as checked when it was read. */
public enum GptCopyStatus {
    /** Signature, header CRC, location and entry-array CRC all check out. */
    VALID,
    /** No "EFI PART" signature where the header should be. */
    NOT_FOUND,
    /** A signature, but a header field is impossible (size, location, entry geometry). */
    BAD_HEADER,
    /** The header's CRC32 does not match its contents. */
    HEADER_CRC_MISMATCH,
    /** The header is sound but the partition entry array's CRC32 does not match. */
    ENTRIES_CRC_MISMATCH
}
