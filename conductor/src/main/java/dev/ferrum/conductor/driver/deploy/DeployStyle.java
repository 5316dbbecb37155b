package dev.ferrum.conductor.driver.deploy;

/** What kind of deploy method an implementation is, for describing it; no flow branches on it. */
public enum DeployStyle {
    /** Nothing to do: the deploy completes at once ({@code fake}). */
    IMMEDIATE,
    /** The agent in the ramdisk writes the image, driven over heartbeats ({@code direct}). */
    AGENT,
    /** The slot is empty: deploying is refused. */
    NONE
}
