package dev.ferrum.conductor.cluster;

import java.util.Objects;

/** What the node's owner answered to an {@link OwnerCall}: the action's result, or the API error it ended in. */
public sealed interface OwnerReply {

    /** The action ran; {@code result} is its JSON text ({@code null} for actions without a result). */
    record Done(String result) implements OwnerReply {
        public Done {
            Objects.requireNonNull(result, "result");
        }
    }

    /** The action was refused or failed: Ironic's HTTP status for it and the message its client sees. */
    record Failed(int status, String message) implements OwnerReply {
        public Failed {
            if (status < 400 || status > 599) {
                throw new IllegalArgumentException("a failed call carries an error status, got " + status);
            }
            Objects.requireNonNull(message, "message");
        }
    }
}
