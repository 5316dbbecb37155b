package dev.ferrum.imagebuilder;

/**
 * The one root of every error the image builder raises. Its message says what went wrong and what
 * to do about it, because the CLI prints nothing else.
 */
public class ImageBuildException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ImageBuildException(String message) {
        super(message);
    }

    public ImageBuildException(String message, Throwable cause) {
        super(message, cause);
    }
}
