package dev.ferrum.agent.system;

/** Turns the machine off or restarts it; a fake records the request in tests. */
public interface PowerControl {

    void powerOff();

    void reboot();
}
