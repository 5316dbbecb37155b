package dev.ferrum.conductor.driver.ipmi;

import dev.ferrum.conductor.driver.command.ProcessCommandRunner;
import dev.ferrum.conductor.driver.management.ManagementContract;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.node.Node;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** The management contract for {@code ipmitool} against ipmi_sim (skipped without it, failed in CI). */
class IpmitoolManagementContractTest extends ManagementContract {
    @TempDir
    Path dir;
    private IpmiSimulator bmc;
    private final IpmitoolManagement management = new IpmitoolManagement(
            new IpmiTool(IpmiSimTest.CONFIG, new ProcessCommandRunner()), IpmiSimTest.CONFIG);

    @BeforeEach
    void start() throws Exception {
        bmc = IpmiSimulator.start(dir);
    }

    @AfterEach
    void stop() {
        if (bmc != null) {
            bmc.close();
        }
    }

    @Override
    protected ManagementInterface management() {
        return management;
    }

    @Override
    protected Node node() {
        return bmc.node(IpmiSimulator.PASSWORD);
    }
}
