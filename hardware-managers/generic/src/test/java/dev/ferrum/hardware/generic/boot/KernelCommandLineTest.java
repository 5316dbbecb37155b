package dev.ferrum.hardware.generic.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class KernelCommandLineTest {

    @Test
    void readsBootifFromTheServerCommandLine() {
        assertThat(KernelCommandLine.bootInterface(Fixtures.text("server/proc/cmdline"))).contains("3c:ec:ef:12:34:56");
        assertThat(KernelCommandLine.bootInterface(Fixtures.text("vm/proc/cmdline"))).isEmpty();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "BOOTIF=01-AA-BB-CC-DD-EE-FF|aa:bb:cc:dd:ee:ff",
            "ro BOOTIF=\"01-aa-bb-cc-dd-ee-ff\" quiet|aa:bb:cc:dd:ee:ff",
            "BOOTIF=aa:bb:cc:dd:ee:ff|aa:bb:cc:dd:ee:ff",
            "BOOTIF=aa-bb-cc-dd-ee-ff|aa:bb:cc:dd:ee:ff",
            "BOOTIF=01-00-00-00-00-00-01 BOOTIF=01-00-00-00-00-00-02|00:00:00:00:00:02",
            "BOOTIF=20-80-00-02-08-fe-80-00-00-00-00-00-00-00-02-c9-03-00-0a-1b-2c|80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:1b:2c"})
    void normalisesPxelinuxFormToAMac(String cmdline, String mac) {
        assertThat(KernelCommandLine.bootInterface(cmdline)).contains(mac);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"''", "BOOTIF=", "BOOTIF=01-aa", "BOOTIF=eth0", "XBOOTIF=01-aa-bb-cc-dd-ee-ff",
            "bootif=01-aa-bb-cc-dd-ee-ff"})
    void missingOrMalformedBootifIsAbsent(String cmdline) {
        assertThat(KernelCommandLine.bootInterface(cmdline)).isEmpty();
    }
}
