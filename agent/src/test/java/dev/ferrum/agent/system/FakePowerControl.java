package dev.ferrum.agent.system;

import java.util.ArrayList;
import java.util.List;

/** A {@link PowerControl} that only records what it was asked, for tests and the in-JVM fleet. */
public final class FakePowerControl implements PowerControl {
    private final List<String> requests = new ArrayList<>();

    @Override
    public synchronized void powerOff() {
        requests.add("power off");
    }

    @Override
    public synchronized void reboot() {
        requests.add("reboot");
    }

    public synchronized List<String> requests() {
        return List.copyOf(requests);
    }
}
