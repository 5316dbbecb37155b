package dev.ferrum.hardware.generic.net;

/**
 * Where a NIC's IP addresses come from. They are not in sysfs, so they are asked of the running
 * kernel ({@link JdkIpAddressSource}); fixture roots use {@link #NONE} or a {@link FakeIpAddressSource}.
 */
@FunctionalInterface
public interface IpAddressSource {

    /** The addresses assigned to the interface named {@code interfaceName}; none when it has none. */
    InterfaceAddresses addressesOf(String interfaceName);

    /** The no-op source: no NIC has an address. */
    IpAddressSource NONE = name -> InterfaceAddresses.NONE;
}
