package dev.ferrum.hardware.spi;

/** Which flow a step belongs to: cleaning (between tenants) or deploying. */
public enum StepKind {
    CLEAN,
    DEPLOY
}
