package dev.ferrum.conductor.store;

/** Listing order, spelled {@code asc} / {@code desc} on the API. */
public enum SortDirection {
    ASC,
    DESC
}
