package dev.ferrum.hardware.spi;

/**
 * Sets a user on the machine's own BMC from inside the machine (in band), so a node delivered without known
 * credentials gets some during inspection. A vendor manager can do it its own way (a vendor tool, a Redfish
 * host interface); the generic manager uses ipmitool over the local IPMI device. The conductor checks the result
 * out of band, so an implementation that cannot tell whether it worked should still answer.
 */
public interface BmcCredentialsWriter {

    /**
     * Sets {@code credentials} on the BMC, declining when this manager has no way to on this machine.
     *
     * @throws HardwareManagerException when it tried and the BMC refused; the message must not contain the password
     */
    Answer<NoResult> setBmcCredentials(MachineContext machine, BmcCredentials credentials);
}
