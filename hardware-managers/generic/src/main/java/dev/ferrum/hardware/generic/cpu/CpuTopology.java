package dev.ferrum.hardware.generic.cpu;

import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/** Parsers for the sysfs CPU topology files: package ids and kernel CPU lists ({@code 0-3,8}). */
public final class CpuTopology {
    private CpuTopology() {
    }

    /**
     * The number of distinct physical packages among {@code physical_package_id} values. Negative
     * ids (some ARM firmware reports -1) and garbage say nothing, so they are ignored.
     */
    public static Optional<Integer> socketCount(Collection<String> packageIds) {
        Set<Long> distinct = new HashSet<>();
        for (String id : packageIds) {
            try {
                long value = Long.parseLong(id.strip());
                if (value >= 0) {
                    distinct.add(value);
                }
            } catch (NumberFormatException e) {
                // Not an id: skip it, the others still count.
            }
        }
        return distinct.isEmpty() ? Optional.empty() : Optional.of(distinct.size());
    }

    /** How many CPUs a kernel CPU list such as {@code 0-3,8,10-11} names; empty when malformed. */
    public static Optional<Integer> countCpuList(String list) {
        String text = list.strip();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        int count = 0;
        for (String part : text.split(",")) {
            String[] range = part.strip().split("-", -1);
            try {
                if (range.length == 1) {
                    Integer.parseInt(range[0]);
                    count++;
                } else if (range.length == 2) {
                    int from = Integer.parseInt(range[0]);
                    int to = Integer.parseInt(range[1]);
                    if (to < from) {
                        return Optional.empty();
                    }
                    count += to - from + 1;
                } else {
                    return Optional.empty();
                }
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.of(count);
    }
}
