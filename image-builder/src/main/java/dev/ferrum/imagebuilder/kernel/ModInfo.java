package dev.ferrum.imagebuilder.kernel;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fields of a kernel module's {@code .modinfo} section the builder uses: NUL-separated
 * {@code key=value} strings, of which {@code depends=a,b} names the modules that must be loaded
 * first, and {@code alias=} the device (or filesystem, crypto, ...) names the module serves. Debian
 * ships no {@code modules.dep} or {@code modules.alias} (its postinst runs depmod), so this is where
 * dependencies and aliases come from for a freshly unpacked kernel package.
 */
public record ModInfo(Optional<String> name, List<String> depends, Optional<String> vermagic, List<String> aliases) {

    public ModInfo {
        depends = List.copyOf(depends);
        aliases = List.copyOf(aliases);
    }

    public static ModInfo parse(byte[] section) {
        Optional<String> name = Optional.empty();
        Optional<String> vermagic = Optional.empty();
        List<String> depends = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        for (String field : new String(section, StandardCharsets.UTF_8).split("\0")) {
            int equals = field.indexOf('=');
            if (equals <= 0) {
                continue;
            }
            String key = field.substring(0, equals);
            String value = field.substring(equals + 1);
            switch (key) {
                case "name" -> name = Optional.of(value);
                case "vermagic" -> vermagic = Optional.of(value.strip());
                case "alias" -> aliases.add(value.strip());
                case "depends" -> {
                    for (String dep : value.split(",")) {
                        if (!dep.isBlank()) {
                            depends.add(KernelModules.normalize(dep.strip()));
                        }
                    }
                }
                default -> {
                }
            }
        }
        return new ModInfo(name, depends, vermagic, aliases);
    }
}
