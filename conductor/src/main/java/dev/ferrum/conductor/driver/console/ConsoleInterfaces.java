package dev.ferrum.conductor.driver.console;

/** The console implementations by the name a node's {@code console_interface} gives: {@code fake}, else none. */
public final class ConsoleInterfaces {
    private final ConsoleInterface fake = new FakeConsole();
    private final ConsoleInterface none = new NoConsole();

    public ConsoleInterface named(String implementation) {
        return implementation.equals("fake") ? fake : none;
    }
}
