package dev.ferrum.hardware.spi;

/** Reads the BMC's network addresses (the conductor matches inspected nodes by them). */
public interface BmcAddressReader {

    Answer<BmcAddresses> readBmcAddresses(MachineContext machine);
}
