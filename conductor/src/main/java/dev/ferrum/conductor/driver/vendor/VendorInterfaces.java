package dev.ferrum.conductor.driver.vendor;

/** The vendor implementations by the name a node's {@code vendor_interface} gives: {@code fake}, else none. */
public final class VendorInterfaces {
    private final VendorInterface fake = new FakeVendor();
    private final VendorInterface none = new NoVendor();

    public VendorInterface named(String implementation) {
        return implementation.equals("fake") ? fake : none;
    }
}
