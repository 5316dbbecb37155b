package dev.ferrum.conductor.driver.deploy;

/** The conductor's policy a deploy method checks a requested deploy against, before the node's state changes. */
@FunctionalInterface
public interface DeployChecks {

    /** Refuses, with an {@code InvalidInputException} saying what to change, an image URL the conductor must not fetch. */
    void imageSource(String url);
}
