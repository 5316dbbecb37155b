package dev.ferrum.hardware.generic.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CpuTopologyTest {

    @Test
    void countsDistinctPackages() {
        assertThat(CpuTopology.socketCount(List.of("0", "0", "1", "1\n", "0"))).contains(2);
        assertThat(CpuTopology.socketCount(List.of("0"))).contains(1);
    }

    @Test
    void ignoresUnknownAndGarbageIds() {
        assertThat(CpuTopology.socketCount(List.of("-1", "-1"))).isEmpty();
        assertThat(CpuTopology.socketCount(List.of("x", "3"))).contains(1);
        assertThat(CpuTopology.socketCount(List.of())).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"0|1", "0-7|8", "0-3,8|5", "'0-3, 6'|5"})
    void countsCpuLists(String list, int expected) {
        assertThat(CpuTopology.countCpuList(list)).contains(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"''", "3-1", "a-b", "1-2-3", "0,,1"})
    void rejectsMalformedCpuLists(String list) {
        assertThat(CpuTopology.countCpuList(list)).isEmpty();
    }
}
