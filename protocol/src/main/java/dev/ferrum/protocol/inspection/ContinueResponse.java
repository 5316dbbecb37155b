package dev.ferrum.protocol.inspection;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * The answer to a successful {@code POST /v1/continue}: the uuid of the node the data was matched
 * to. discoverd 1.0 answered an empty object, hence optional. When the operator asked for BMC credentials to be
 * set in band, discoverd's answer also carries {@code ipmi_setup_credentials: true} and the user and password the
 * ramdisk is to set: in the body, so they never appear in a URL or an access log.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record ContinueResponse(Optional<String> uuid, Optional<Boolean> ipmiSetupCredentials,
        Optional<String> ipmiUsername, Optional<String> ipmiPassword) {

    public ContinueResponse {
        uuid = WireValues.orEmpty(uuid);
        ipmiSetupCredentials = WireValues.orEmpty(ipmiSetupCredentials);
        ipmiUsername = WireValues.orEmpty(ipmiUsername);
        ipmiPassword = WireValues.orEmpty(ipmiPassword);
    }

    public static ContinueResponse of(String nodeUuid) {
        return new ContinueResponse(Optional.of(nodeUuid), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The answer asking the ramdisk to set {@code username} with {@code password} on its BMC. */
    public static ContinueResponse settingCredentials(String nodeUuid, String username, String password) {
        return new ContinueResponse(Optional.of(nodeUuid), Optional.of(true), Optional.of(username),
                Optional.of(password));
    }

    /** Whether the ramdisk is asked to set BMC credentials. */
    public boolean setsCredentials() {
        return ipmiSetupCredentials.orElse(false) && ipmiUsername.isPresent() && ipmiPassword.isPresent();
    }

    @Override
    public String toString() {
        return "ContinueResponse[uuid=" + uuid + ", ipmiSetupCredentials=" + ipmiSetupCredentials + ", ipmiUsername="
                + ipmiUsername + ", ipmiPassword=" + ipmiPassword.map(p -> "******") + "]";
    }
}
