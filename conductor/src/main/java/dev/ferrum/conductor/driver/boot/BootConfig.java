package dev.ferrum.conductor.driver.boot;

import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.KernelParameter;
import dev.ferrum.pxe.script.LocalBootMethod;
import dev.ferrum.pxe.script.RetryPolicy;
import java.util.List;
import java.util.Objects;

/**
 * How the network boot interfaces build a node's ramdisk boot: the conductor API URL the agent
 * calls ({@code ipa-api-url}), the inspection callback ({@code ipa-inspection-callback-url}),
 * the base that relative {@code deploy_kernel}/{@code deploy_ramdisk} paths resolve against
 * (the boot file server's {@code files/} URL), extra kernel parameters, iPXE retries, and how a
 * deployed node hands over to its disk.
 */
public record BootConfig(
        HttpUrl apiUrl,
        HttpUrl inspectionCallbackUrl,
        HttpUrl filesUrl,
        List<KernelParameter> extraParameters,
        RetryPolicy retry,
        LocalBootMethod localBoot) {

    public BootConfig {
        Objects.requireNonNull(apiUrl, "apiUrl");
        Objects.requireNonNull(inspectionCallbackUrl, "inspectionCallbackUrl");
        Objects.requireNonNull(filesUrl, "filesUrl");
        extraParameters = List.copyOf(extraParameters);
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(localBoot, "localBoot");
    }
}
