package dev.ferrum.pxe.script;

import java.time.Duration;
import java.util.List;

/** Sample records shared by the script tests and the HTTP tests. */
public final class Ramdisks {
    public static final HttpUrl FILES = HttpUrl.of("http://10.20.0.1:8080/boot/files/");
    public static final HttpUrl CONDUCTOR = HttpUrl.of("http://10.20.0.1:6385");
    public static final HttpUrl CALLBACK = HttpUrl.of("http://10.20.0.1:5050/v1/continue");

    private Ramdisks() {
    }

    public static BootScript.AgentBoot inspect() {
        return new BootScript.AgentBoot(BootPurpose.INSPECT, new AgentRamdisk(
                FILES.resolve("agent.kernel"),
                List.of(FILES.resolve("agent.initramfs")),
                List.of(KernelParameters.inspectionCallbackUrl(CALLBACK),
                        KernelParameters.bootInterface(),
                        KernelParameters.insecure(),
                        KernelParameters.console("ttyS0,115200n8"),
                        KernelParameters.quiet())),
                RetryPolicy.standard());
    }

    public static BootScript.AgentBoot deploy() {
        return new BootScript.AgentBoot(BootPurpose.DEPLOY, new AgentRamdisk(
                FILES.resolve("agent.kernel"),
                List.of(FILES.resolve("agent.initramfs"), FILES.resolve("plugins/acme-hardware.cpio")),
                List.of(KernelParameters.apiUrl(CONDUCTOR),
                        KernelParameters.bootInterface(),
                        KernelParameters.globalRequestId("req-0f6a2c1e-8d6b-4c35-9a2e-5b7d0c1e2f3a"),
                        KernelParameters.console("tty0"),
                        KernelParameters.console("ttyS0,115200n8"))),
                RetryPolicy.standard());
    }

    public static BootScript.AgentBoot clean() {
        return new BootScript.AgentBoot(BootPurpose.CLEAN, new AgentRamdisk(
                FILES.resolve("agent.kernel"),
                List.of(FILES.resolve("agent.initramfs")),
                List.of(KernelParameters.apiUrl(CONDUCTOR), KernelParameters.bootInterface(), KernelParameters.quiet())),
                new RetryPolicy(1, Duration.ZERO, Duration.ZERO, FailureAction.SHELL));
    }

    /** What an unknown MAC gets while discovery runs: inspection without a known node. */
    public static BootScript.AgentBoot discovery() {
        return new BootScript.AgentBoot(BootPurpose.INSPECT, new AgentRamdisk(
                FILES.resolve("agent.kernel"),
                List.of(FILES.resolve("agent.initramfs")),
                List.of(KernelParameters.inspectionCallbackUrl(CALLBACK), KernelParameters.apiUrl(CONDUCTOR),
                        KernelParameters.bootInterface())),
                new RetryPolicy(5, Duration.ofSeconds(10), Duration.ofSeconds(60), FailureAction.EXIT));
    }
}
