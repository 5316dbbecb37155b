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

    /**
     * Sent by Ferrum's agent on its heartbeats and its root document ({@code GET /}) with the value
     * {@link #BEARER}: it reads the agent token from {@code Authorization: Bearer}, so the conductor keeps the
     * token out of every URL (and so out of proxy and access logs). Stock ironic-python-agent does not send it
     * and gets {@code ?agent_token=}.
     */
    public static final String AGENT_TOKEN_TRANSPORT = "Ferrum-Agent-Token-Transport";
    public static final String BEARER = "bearer";
}
