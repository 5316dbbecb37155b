package dev.ferrum.agent.image;

/** The writer's cancellation point: an interrupted writing thread stops at the next chunk boundary. */
public final class Cancellation {
    private Cancellation() {
    }

    /** Throws {@link ImageWriteException.Reason#CANCELLED} if the current thread was interrupted. */
    public static void check() {
        if (Thread.currentThread().isInterrupted()) {
            throw new ImageWriteException(ImageWriteException.Reason.CANCELLED, "image write cancelled (thread interrupted)");
        }
    }
}
