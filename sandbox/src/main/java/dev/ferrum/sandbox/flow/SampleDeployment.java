package dev.ferrum.sandbox.flow;

/**
 * The image every sandbox node is deployed with, as {@code instance_info} names it.
 *
 * @param sha256 lower-case hex, sent as {@code image_os_hash_value} with algorithm sha256
 */
public record SampleDeployment(String imageUrl, String sha256, String diskFormat) {
}
