/**
 * Config drives given to a deploy as a JSON object ({@code meta_data}, {@code user_data},
 * {@code network_data}, {@code vendor_data}): checked at the API as Ironic checks them, and built,
 * as Ironic builds them, into the gzipped, base64-encoded ISO 9660 image labelled {@code config-2}
 * that the agent writes to the config-drive partition.
 */
package dev.ferrum.conductor.configdrive;
