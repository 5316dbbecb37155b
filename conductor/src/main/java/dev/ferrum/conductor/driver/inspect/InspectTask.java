package dev.ferrum.conductor.driver.inspect;

import dev.ferrum.conductor.driver.NodeTask;
import java.time.Instant;

/** What an inspect method may ask of the conductor, besides the node moves every slot has. */
public interface InspectTask extends NodeTask {

    /** When a node that starts waiting for its inspection now should stop waiting. */
    Instant waitDeadline();
}
