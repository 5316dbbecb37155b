package dev.ferrum.conductor.driver.deploy;

/** How a deploy interface puts an image on a node; the deploy flow branches on it. */
public enum DeployStyle {
    /** Nothing to do: the deploy completes at once ({@code fake}). */
    IMMEDIATE,
    /** The agent in the ramdisk writes the image, driven over heartbeats ({@code direct}). */
    AGENT,
    /** The slot is empty: deploying is refused. */
    NONE
}
