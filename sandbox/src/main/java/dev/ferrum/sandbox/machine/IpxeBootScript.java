package dev.ferrum.sandbox.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a simulated machine's firmware takes from the iPXE script its boot server sends: the kernel
 * command line of an agent boot (the parameters after the kernel URL, with iPXE's
 * {@code ${mac:hexhyp}} filled in), or that the script hands over to the local disk.
 */
public record IpxeBootScript(Optional<String> kernelCommandLine, boolean bootsLocalDisk) {

    /** Reads {@code script} as iPXE would for a machine that booted from {@code mac}. */
    public static IpxeBootScript parse(String script, String mac) {
        String hexhyp = mac.toLowerCase(java.util.Locale.ROOT).replace(':', '-');
        boolean local = false;
        for (String raw : script.split("\n")) {
            String line = raw.strip();
            if (line.startsWith("kernel ")) {
                List<String> parameters = new ArrayList<>();
                String[] words = line.split("\\s+");
                // words[0] is "kernel", words[1] the kernel's URL; "||" starts iPXE's error handling.
                for (int i = 2; i < words.length && !words[i].equals("||"); i++) {
                    if (!words[i].startsWith("initrd=")) {
                        parameters.add(words[i].replace("${mac:hexhyp}", hexhyp));
                    }
                }
                return new IpxeBootScript(Optional.of(String.join(" ", parameters)), false);
            }
            if (line.startsWith("sanboot") || line.equals("exit")) {
                local = true;
            }
        }
        return new IpxeBootScript(Optional.empty(), local);
    }
}
