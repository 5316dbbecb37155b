package dev.ferrum.hardware.spi;

/** Which flow a step belongs to: cleaning (between tenants), deploying, or servicing an active node. */
public enum StepKind {
    CLEAN,
    DEPLOY,
    SERVICE
}
