package dev.ferrum.conductor.node;

/** Which flow a step plan belongs to; decides the {@code driver_internal_info} keys it renders to. */
public enum StepKind {
    DEPLOY("deploy"),
    CLEAN("clean"),
    SERVICE("service");

    private final String prefix;

    StepKind(String prefix) {
        this.prefix = prefix;
    }

    /** {@code deploy}, {@code clean} or {@code service}, as in {@code deploy_steps} / {@code clean_step_index}. */
    public String prefix() {
        return prefix;
    }
}
