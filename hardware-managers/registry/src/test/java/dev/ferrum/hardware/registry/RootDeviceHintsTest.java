package dev.ferrum.hardware.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.protocol.inventory.Disk;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RootDeviceHintsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long GIB = 1L << 30;

    /** 100 GiB exactly, a Samsung SATA SSD on hctl 0:0:0:0. */
    private static final Disk SSD = new Disk("/dev/sda", Optional.of("Samsung SSD 860 EVO"), 100 * GIB, false,
            Optional.of("0x5002538e40a1b2c3"), Optional.of("S3Z9NB0K123456A"), Optional.of("ATA"),
            Optional.of("0x5002538e40a1b2c3"), Optional.empty(), Optional.of("0:0:0:0"),
            Optional.of("/dev/disk/by-path/pci-0000:00:17.0-ata-1"), Optional.of(512), Optional.of(512),
            Optional.of("sata"));
    /** 447.13 GiB, spinning, no serial. */
    private static final Disk HDD = new Disk("/dev/sdb", Optional.of("ST480"), 480_103_981_056L, true,
            Optional.empty(), Optional.empty(), Optional.of("SEAGATE"), Optional.empty(), Optional.empty(),
            Optional.of("1:0:0:0"), Optional.empty(), Optional.of(512), Optional.of(4096), Optional.of("sas"));

    private static RootDeviceHints hints(String json) {
        try {
            return RootDeviceHintsJson.fromJson(JSON.readTree(json));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static boolean matches(String json, Disk disk) {
        return hints(json).matches(disk);
    }

    @Test
    void noHintsMatchEveryDisk() {
        assertThat(RootDeviceHintsJson.fromJson(null)).isEqualTo(RootDeviceHints.NONE);
        assertThat(RootDeviceHintsJson.fromJson(NullNode.getInstance()).isEmpty()).isTrue();
        assertThat(hints("{}").isEmpty()).isTrue();
        assertThat(hints("{\"model\": null}").isEmpty()).isTrue();
        assertThat(RootDeviceHints.NONE.matches(SSD)).isTrue();
    }

    @ParameterizedTest(name = "size {0} on a 100 GiB disk -> {1}")
    @CsvSource(delimiter = '|', value = {
            "100|true", "\"100\"|true", "\"== 100\"|true", "\"==100\"|true", "99|false",
            "\"!= 100\"|false", "\"!= 99\"|true",
            "\"< 100\"|false", "\"< 101\"|true", "\"<= 100\"|true", "\"<= 99\"|false",
            "\"> 99\"|true", "\"> 100\"|false", "\">= 100\"|true", "\">= 101\"|false",
            "\"= 50\"|true", "\"= 101\"|false",
            "\"<or> 50 <or> 100\"|true", "\"<or> 50 <or> 200\"|false"})
    void sizeOperators(String value, boolean expected) {
        assertThat(matches("{\"size\": " + value + "}", SSD)).isEqualTo(expected);
    }

    @Test
    void sizeComparesFractionalGibLikeIpa() {
        // 480103981056 bytes is 447.13 GiB: no whole-number equality, but ranges work.
        assertThat(matches("{\"size\": 447}", HDD)).isFalse();
        assertThat(matches("{\"size\": \">= 447\"}", HDD)).isTrue();
        assertThat(matches("{\"size\": \"< 448\"}", HDD)).isTrue();
    }

    @ParameterizedTest(name = "model {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "Samsung SSD 860 EVO|true", "samsung ssd 860 evo|true", "'  SAMSUNG SSD 860 EVO '|true",
            "Samsung|false",
            "s== samsung ssd 860 evo|true", "S== Samsung SSD 860 EVO|true", "s== samsung|false",
            "s!= intel|true", "s!= samsung ssd 860 evo|false",
            "s< t|true", "s< samsung|false", "s<= samsung ssd 860 evo|true",
            "s> samsung|true", "s> t|false", "s>= samsung ssd 860 evo|true",
            "<in> ssd 860|true", "<IN> SSD|true", "<in> intel|false",
            "<or> intel <or> samsung ssd 860 evo|true", "<or> intel <or> micron|false"})
    void textOperators(String value, boolean expected) {
        assertThat(matches("{\"model\": \"" + value + "\"}", SSD)).isEqualTo(expected);
    }

    @Test
    void numericOperatorsOnTextCompareNumbersWhenTheDiskHasOne() {
        Disk numericSerial = new Disk("/dev/sdc", Optional.empty(), GIB, false, Optional.empty(),
                Optional.of("12345"), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        assertThat(matches("{\"serial\": \">= 1000\"}", numericSerial)).isTrue();
        assertThat(matches("{\"serial\": \"< 1000\"}", numericSerial)).isFalse();
        assertThat(matches("{\"serial\": \">= 1000\"}", SSD)).isFalse();
    }

    @Test
    void everyTextFieldCanBeHinted() {
        assertThat(matches("""
                {"name": "/dev/sda", "serial": "s3z9nb0k123456a", "wwn": "0x5002538E40A1B2C3",
                 "wwn_with_extension": "0x5002538e40a1b2c3", "vendor": "ata", "hctl": "0:0:0:0",
                 "by_path": "/dev/disk/by-path/pci-0000:00:17.0-ata-1", "tran": "sata", "rotational": false}
                """, SSD)).isTrue();
        assertThat(matches("{\"wwn_vendor_extension\": \"0x1\"}", SSD)).isFalse();
    }

    @Test
    void namesAndByPathsMayOmitTheirDirectory() {
        assertThat(matches("{\"name\": \"sda\"}", SSD)).isTrue();
        assertThat(matches("{\"name\": \"<or> sdb <or> sda\"}", SSD)).isTrue();
        assertThat(matches("{\"name\": \"sdb\"}", SSD)).isFalse();
        assertThat(matches("{\"name\": \"<in> sd\"}", SSD)).isTrue();
        assertThat(matches("{\"by_path\": \"pci-0000:00:17.0-ata-1\"}", SSD)).isTrue();
    }

    @ParameterizedTest(name = "rotational {0} on an SSD -> {1}")
    @CsvSource({"false,true", "true,false", "'\"no\"',true", "'\"1\"',false", "'\"off\"',true", "'\"Y\"',false"})
    void rotationalAcceptsIronicBooleans(String value, boolean expected) {
        assertThat(matches("{\"rotational\": " + value + "}", SSD)).isEqualTo(expected);
    }

    @Test
    void aDiskWithoutTheHintedPropertyNeverMatches() {
        assertThat(matches("{\"serial\": \"s!= anything\"}", HDD)).isFalse();
        assertThat(hints("{\"serial\": \"s!= anything\"}").mismatch(HDD))
                .contains("has no serial, wanted s!= anything");
    }

    @Test
    void everyHintMustMatch() {
        assertThat(matches("{\"size\": \">= 50\", \"rotational\": false}", SSD)).isTrue();
        assertThat(matches("{\"size\": \">= 50\", \"rotational\": true}", SSD)).isFalse();
    }

    @Test
    void mismatchNamesTheFailingHintAndTheDisksValue() {
        RootDeviceHints hints = hints("{\"size\": \">= 500\", \"model\": \"<in> intel\"}");
        assertThat(hints.mismatch(HDD)).contains("size is 447.13 GiB, wanted >= 500");
        assertThat(hints("{\"model\": \"<in> intel\"}").mismatch(SSD))
                .contains("model is \"Samsung SSD 860 EVO\", wanted <in> intel");
        assertThat(hints("{\"model\": \"<in> samsung\"}").mismatch(SSD)).isEmpty();
        assertThat(hints.toString()).isEqualTo("{size: \">= 500\", model: \"<in> intel\"}");
    }

    @Test
    void unknownHintsAreListedWithTheSupportedOnes() {
        assertThatThrownBy(() -> hints("{\"colour\": \"red\", \"size\": 10}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown root_device hints [colour]")
                .hasMessageContaining("wwn_vendor_extension").hasMessageContaining("tran");
    }

    @ParameterizedTest(name = "{0} is rejected: {1}")
    @CsvSource(delimiter = '|', value = {
            "[]|must be a JSON object",
            "{\"size\": 0}|positive whole number of GiB",
            "{\"size\": -5}|positive whole number of GiB",
            "{\"size\": 10.5}|positive whole number of GiB",
            "{\"size\": \"big\"}|positive whole number of GiB",
            "{\"size\": \">= 0\"}|positive whole number of GiB",
            "{\"size\": \"s== 10\"}|positive whole number of GiB",
            "{\"size\": \"<in> 10\"}|positive whole number of GiB",
            "{\"size\": true}|positive whole number of GiB",
            "{\"size\": \"<range-in> [ 10 20 ]\"}|uses <range-in>",
            "{\"model\": \"<all-in> a b\"}|uses <all-in>",
            "{\"model\": \"  \"}|'model' is empty",
            "{\"model\": \"<in>\"}|has operator <in> but no value",
            "{\"model\": [\"a\"]}|must be a single value",
            "{\"serial\": \">= abc\"}|to compare text use s==",
            "{\"model\": \"=foo\"}|numeric operator = with a non-number",
            "{\"rotational\": \"maybe\"}|must be a boolean"})
    void malformedHintsAreRejectedClearly(String json, String message) {
        assertThatThrownBy(() -> hints(json)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void hintsAreValues() {
        JsonNode node = JSON.createObjectNode().put("size", ">= 10").put("name", "sda");
        assertThat(RootDeviceHintsJson.fromJson(node)).isEqualTo(hints("{\"size\": \">=10\", \"name\": \"/dev/sda\"}"));
        assertThat(RootDeviceHintsJson.fromJson(node).hints()).extracting(RootDeviceHints.Hint::field)
                .containsExactly(RootDeviceHints.Field.SIZE, RootDeviceHints.Field.NAME);
    }
}
