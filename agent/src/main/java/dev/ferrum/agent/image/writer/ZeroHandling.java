package dev.ferrum.agent.image.writer;

/** What to do with image ranges that read as zeros. */
public enum ZeroHandling {
    /** Write them: the target may hold old data (a block device being redeployed). */
    WRITE_ZEROS,
    /** Skip them: the target already reads as zeros (a fresh sparse file, a device known to be zeroed). */
    SKIP_ZEROS
}
