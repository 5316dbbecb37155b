package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** {@code fake} boot: always valid, records each call as {@code "<uuid> <what>"} and serves nothing. */
public final class FakeBoot implements BootInterface {
    private final List<String> calls = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.ok();
    }

    @Override
    public void prepareRamdisk(BootTarget target, RamdiskPurpose purpose) {
        calls.add(target.node().uuid() + " ramdisk " + purpose);
    }

    @Override
    public void cleanUpRamdisk(BootTarget target) {
        calls.add(target.node().uuid() + " clean-up");
    }

    @Override
    public void prepareInstance(BootTarget target) {
        calls.add(target.node().uuid() + " instance");
    }

    @Override
    public void prepareNetbootInstance(BootTarget target, NetbootInstance instance) {
        calls.add(target.node().uuid() + " netboot " + instance.kernel() + " root=UUID=" + instance.rootUuid());
    }

    /** Every call made, oldest first. */
    public List<String> calls() {
        return List.copyOf(calls);
    }
}
