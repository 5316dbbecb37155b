package dev.ferrum.hardware.generic.erase;

/**
 * What a sampled block must look like after an erase. {@code UNIFORM}: every byte the same 0x00 or
 * 0xFF (what block erase, deallocation and zero overwrites leave; drives differ in which).
 * {@code CHANGED}: not the data sampled before the erase (a crypto erase leaves unreadable noise,
 * or zeros on drives that also deallocate). {@code PATTERN}: exactly what Ferrum's last pass wrote.
 */
public enum ReadBackExpectation {
    UNIFORM("every sampled block all 0x00 or all 0xFF"),
    CHANGED("no sampled block as it read before the erase (or uniformly 0x00/0xFF)"),
    PATTERN("every sampled block exactly as the last overwrite pass wrote it");

    private final String description;

    ReadBackExpectation(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
