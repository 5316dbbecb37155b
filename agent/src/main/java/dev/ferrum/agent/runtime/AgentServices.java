package dev.ferrum.agent.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.agent.conductor.ConductorTransport;
import dev.ferrum.agent.config.AgentConfig;
import dev.ferrum.agent.extension.ImageDeployer;
import dev.ferrum.agent.system.PowerControl;
import dev.ferrum.agent.system.SystemLogCollector;
import dev.ferrum.agent.time.Sleeper;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Everything the agent runtime is built from, assembled by {@code Main} (or by a test or the
 * in-JVM fleet with fakes): configuration, hardware managers, the way to reach the conductor,
 * power and disk access, and time.
 *
 * @param nicWait how long to wait at start-up for a network interface with a MAC address
 * @param version the agent version reported in heartbeats and {@code /v1/status}
 */
public record AgentServices(
        AgentConfig config,
        HardwareManagerRegistry registry,
        ConductorTransport transport,
        ImageDeployer deployer,
        PowerControl power,
        SystemLogCollector logs,
        ObjectMapper json,
        Clock clock,
        Sleeper sleeper,
        RandomGenerator random,
        Duration nicWait,
        String version) {
}
