package dev.ferrum.protocol.api;

/**
 * Names of the version-negotiation headers. HTTP header names are case-insensitive; these are the
 * spellings the OpenStack clients send.
 */
public final class ApiHeaders {
    private ApiHeaders() {
    }

    /** Requested (in a request) or negotiated (in a response) Ironic microversion. */
    public static final String IRONIC_VERSION = "X-OpenStack-Ironic-API-Version";
    public static final String IRONIC_MIN_VERSION = "X-OpenStack-Ironic-API-Minimum-Version";
    public static final String IRONIC_MAX_VERSION = "X-OpenStack-Ironic-API-Maximum-Version";

    /** The inspector announces its own range on every response. */
    public static final String INSPECTOR_VERSION = "X-OpenStack-Ironic-Inspector-API-Version";
    public static final String INSPECTOR_MIN_VERSION = "X-OpenStack-Ironic-Inspector-API-Minimum-Version";
    public static final String INSPECTOR_MAX_VERSION = "X-OpenStack-Ironic-Inspector-API-Maximum-Version";
}
