package dev.ferrum.conductor.driver.ipmi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.driver.management.BootDeviceSetting;
import dev.ferrum.conductor.node.PowerState;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IpmiOutputTest {

    @ParameterizedTest
    @CsvSource({"Chassis Power is on,POWER_ON", "Chassis Power is off,POWER_OFF", "  chassis power is ON  ,POWER_ON"})
    void powerStatus(String line, PowerState expected) {
        assertThat(IpmiOutput.powerStatus(line + "\n")).isEqualTo(expected);
    }

    @Test
    void powerStatusWithoutAStateIsAnError() {
        assertThatThrownBy(() -> IpmiOutput.powerStatus("Chassis Power Control: Up/On\n"))
                .isInstanceOf(DriverException.class).hasMessageContaining("no power state");
    }

    @ParameterizedTest
    @CsvSource({
            "bootparam5-pxe-once.txt,PXE,false",
            "bootparam5-disk-persistent.txt,DISK,true",
            "bootparam5-safe.txt,SAFE,false"})
    void bootFlags(String fixture, BootDevice device, boolean persistent) throws IOException {
        assertThat(IpmiOutput.bootFlags(fixture(fixture))).isEqualTo(BootDeviceSetting.of(device, persistent));
    }

    @Test
    void noOverrideIsAnUnknownDevice() throws IOException {
        assertThat(IpmiOutput.bootFlags(fixture("bootparam5-no-override.txt")))
                .isEqualTo(new BootDeviceSetting(Optional.empty(), Optional.empty()));
    }

    @Test
    void outputWithoutASelectorIsAnError() {
        assertThatThrownBy(() -> IpmiOutput.bootFlags("Boot parameter version: 1\n"))
                .hasMessageContaining("no boot device selector");
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = IpmiOutputTest.class.getResourceAsStream("/driver/ipmi/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
