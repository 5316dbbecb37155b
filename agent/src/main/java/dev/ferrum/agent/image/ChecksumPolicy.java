package dev.ferrum.agent.image;

/**
 * Which checksums the agent accepts. md5 is refused unless allowed: it no longer proves an image is
 * the one published (IPA's {@code md5_enabled}; Ironic before 2024.1 still sends md5 {@code checksum}s).
 */
public record ChecksumPolicy(boolean allowMd5) {

    /** sha256 and sha512 only. */
    public static ChecksumPolicy strict() {
        return new ChecksumPolicy(false);
    }

    /** Fails unless the algorithm is acceptable under this policy. */
    public HashAlgorithm require(HashAlgorithm algorithm, String where) {
        if (algorithm == HashAlgorithm.MD5 && !allowMd5) {
            throw new ImageWriteException(ImageWriteException.Reason.INVALID_REQUEST,
                    where + " is an md5 checksum and md5 is disabled: publish a sha256 or sha512 os_hash_value,"
                            + " or start the agent with md5 allowed");
        }
        return algorithm;
    }
}
