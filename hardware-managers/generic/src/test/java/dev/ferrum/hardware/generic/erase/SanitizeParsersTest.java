package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The sanitize capability and status parsers, on captured tool output. */
class SanitizeParsersTest {

    @Test
    void nvmeSanitizeLogInBothNvmeCliShapes() {
        NvmeSanitizeLog running = NvmeSanitizeLog.parseJson(Fixtures.text("nvme-sanitize-log-v1-running.json"));
        NvmeSanitizeLog done = NvmeSanitizeLog.parseJson(Fixtures.text("nvme-sanitize-log-v2-done.json"));
        NvmeSanitizeLog failed = NvmeSanitizeLog.parseJson(Fixtures.text("nvme-sanitize-log-v2-failed.json"));

        assertThat(running.state()).isEqualTo(SanitizeState.RUNNING);
        assertThat(running.percent()).isEqualTo(25);
        assertThat(done.state()).isEqualTo(SanitizeState.COMPLETED);
        assertThat(failed.state()).isEqualTo(SanitizeState.FAILED);
        assertThatThrownBy(() -> NvmeSanitizeLog.parseJson("{\"oacs\": 1}")).isInstanceOf(DiskEraseException.class)
                .hasMessageContaining("no sstat");
    }

    @Test
    void sanicapBitsNameTheActions() {
        NvmeController blockOnly = NvmeController.parseIdCtrlJson(Fixtures.text("nvme-id-ctrl-sanitize-block.json"));
        NvmeController all = NvmeController.parseIdCtrlJson(Fixtures.text("nvme-id-ctrl-shared-namespaces.json"));

        assertThat(blockOnly.sanitizeCryptoSupported()).isFalse();
        assertThat(blockOnly.sanitizeBlockEraseSupported()).isTrue();
        assertThat(blockOnly.sanitizeOverwriteSupported()).isFalse();
        assertThat(all.sanitizeCryptoSupported() && all.sanitizeBlockEraseSupported()
                && all.sanitizeOverwriteSupported()).isTrue();
    }

    @Test
    void ataSanitizeFeaturesFromHdparmIdentify() {
        assertThat(AtaSanitize.parseHdparm(Fixtures.text("hdparm-sanitize-block.txt")))
                .isEqualTo(new AtaSanitize(true, false, true, true));
        assertThat(AtaSanitize.parseHdparm(Fixtures.text("hdparm-enhanced.txt"))).isEqualTo(AtaSanitize.ABSENT);
    }

    @Test
    void ataSanitizeStatusFromHdparm() {
        assertThat(AtaSanitize.parseStatus(Fixtures.text("hdparm-sanitize-status-running.txt")))
                .isEqualTo(SanitizeState.RUNNING);
        assertThat(AtaSanitize.parseStatus(Fixtures.text("hdparm-sanitize-status-done.txt")))
                .isEqualTo(SanitizeState.COMPLETED);
        assertThat(AtaSanitize.parseStatus(Fixtures.text("hdparm-sanitize-status-idle.txt")))
                .isEqualTo(SanitizeState.IDLE);
        assertThat(AtaSanitize.parseStatus(Fixtures.text("hdparm-sanitize-status-failed.txt")))
                .isEqualTo(SanitizeState.FAILED);
        assertThat(AtaSanitize.frozen(Fixtures.text("hdparm-sanitize-status-frozen.txt"))).isTrue();
        assertThat(AtaSanitize.frozen(Fixtures.text("hdparm-sanitize-status-idle.txt"))).isFalse();
    }

    @Test
    void scsiSanitizeServiceActionsFromSgOpcodes() {
        assertThat(ScsiSanitize.parseOpcodes(Fixtures.text("sg-opcodes-sanitize.txt")))
                .isEqualTo(new ScsiSanitize(true, true, true));
        assertThat(ScsiSanitize.parseOpcodes(Fixtures.text("sg-opcodes-no-sanitize.txt")).any()).isFalse();
    }
}
