package dev.ferrum.agent.rescue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShadowFileTest {
    static final String HASH = "$5$abcdefghijklmnop$" + "A".repeat(43);

    @Test
    void replacesRootsLineAndKeepsTheOthers() {
        String before = "root:!:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n";
        assertThat(ShadowFile.withRootPassword(Optional.of(before), HASH, 20000))
                .isEqualTo("root:" + HASH + ":20000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n");
    }

    @Test
    void addsRootWhenTheFileHasNoneOrIsMissing() {
        assertThat(ShadowFile.withRootPassword(Optional.empty(), HASH, 1)).isEqualTo("root:" + HASH + ":1:0:99999:7:::\n");
        assertThat(ShadowFile.withRootPassword(Optional.of("daemon:*:1::::::\n"), HASH, 1))
                .startsWith("root:" + HASH + ":1:").endsWith("daemon:*:1::::::\n");
    }

    @Test
    void refusesAnythingButShaCryptSoNoFieldOrLineCanBeInjected() {
        assertThat(ShadowFile.isShaCrypt(HASH)).isTrue();
        assertThat(ShadowFile.isShaCrypt("$6$rounds=5000$salt$" + "b".repeat(86))).isTrue();
        for (String bad : new String[] {"secret", "$1$salt$abc", HASH + ":0:0", HASH + "\nevil::0:0:::::",
                "$5$salt$short"}) {
            assertThat(ShadowFile.isShaCrypt(bad)).as(bad).isFalse();
            assertThatThrownBy(() -> ShadowFile.withRootPassword(Optional.empty(), bad, 1))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining(bad);
        }
    }
}
