package dev.ferrum.conductor.driver.raid;

/** The RAID implementations by the name a node's {@code raid_interface} gives: {@code fake}, {@code agent}, else none. */
public final class RaidInterfaces {
    private final RaidInterface fake = new FakeRaid();
    private final RaidInterface agent = new AgentRaid();
    private final RaidInterface none = new NoRaid();

    public RaidInterface named(String implementation) {
        return switch (implementation) {
            case "fake" -> fake;
            case "agent" -> agent;
            default -> none;
        };
    }
}
