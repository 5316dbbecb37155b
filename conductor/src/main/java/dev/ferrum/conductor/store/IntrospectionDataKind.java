package dev.ferrum.conductor.store;

/**
 * Which copy of a node's introspection data: what the ramdisk sent, or what the processing hooks made
 * of it (what {@code GET /v1/introspection/<node>/data} returns). Reprocessing starts from the first.
 */
public enum IntrospectionDataKind {
    UNPROCESSED,
    PROCESSED
}
