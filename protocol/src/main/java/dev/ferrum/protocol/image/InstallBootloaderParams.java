package dev.ferrum.protocol.image;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.json.WireValues;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The params of IPA's {@code image.install_bootloader}, which Ironic sends after writing a
 * partition image (and for UEFI whole-disk images): the root and EFI system partition UUIDs that
 * {@code get_partition_uuids} reported, the boot mode, and whether a failure may be ignored.
 * IPA's default {@code target_boot_mode} is {@code bios}.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record InstallBootloaderParams(
        @JsonInclude(JsonInclude.Include.ALWAYS) Optional<String> rootUuid,
        Optional<String> efiSystemPartUuid,
        Optional<String> prepBootPartUuid,
        Optional<String> targetBootMode,
        Optional<Boolean> ignoreBootloaderFailure,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    public InstallBootloaderParams {
        rootUuid = WireValues.orEmpty(rootUuid);
        efiSystemPartUuid = WireValues.orEmpty(efiSystemPartUuid);
        prepBootPartUuid = WireValues.orEmpty(prepBootPartUuid);
        targetBootMode = WireValues.orEmpty(targetBootMode);
        ignoreBootloaderFailure = WireValues.orEmpty(ignoreBootloaderFailure);
        extra = WireValues.orderedMap(extra);
    }

    public static InstallBootloaderParams of(String rootUuid, Optional<String> efiSystemPartUuid, String bootMode) {
        return new InstallBootloaderParams(Optional.of(rootUuid), efiSystemPartUuid, Optional.empty(),
                Optional.of(bootMode), Optional.empty(), Map.of());
    }

    @JsonIgnore
    public boolean uefi() {
        return targetBootMode.map(mode -> mode.toLowerCase(Locale.ROOT)).filter("uefi"::equals).isPresent();
    }
}
