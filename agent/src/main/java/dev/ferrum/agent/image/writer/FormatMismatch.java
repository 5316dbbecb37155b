package dev.ferrum.agent.image.writer;

/** What to do when {@code disk_format} disagrees with the image's magic bytes. */
public enum FormatMismatch {
    /** Trust the content (logged): Glance metadata is often wrong, the bytes are not. */
    FOLLOW_CONTENT,
    /** Refuse the image, as IPA does since its format-inspection hardening. */
    FAIL
}
