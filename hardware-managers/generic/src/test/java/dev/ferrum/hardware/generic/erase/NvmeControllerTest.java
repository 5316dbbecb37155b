package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NvmeControllerTest {

    @Test
    void cryptoCapableController() {
        NvmeController controller = NvmeController.parseIdCtrlJson(Fixtures.text("nvme-id-ctrl-crypto.json"));

        assertThat(controller).isEqualTo(new NvmeController(23, 5, 0));
        assertThat(controller.formatSupported()).isTrue();
        assertThat(controller.cryptoEraseSupported()).isTrue();
        assertThat(controller.sanitizeCryptoSupported()).isFalse();
    }

    @Test
    void userDataEraseOnlyController() {
        NvmeController controller = NvmeController.parseIdCtrlJson(Fixtures.text("nvme-id-ctrl-user-data.json"));

        assertThat(controller.formatSupported()).isTrue();
        assertThat(controller.cryptoEraseSupported()).isFalse();
        assertThat(controller.eraseSpansAllNamespaces()).isFalse();
        assertThat(controller.sanitizeCryptoSupported()).isTrue();
    }

    @Test
    void controllerWithoutFormatAndHexStrings() {
        NvmeController controller = NvmeController.parseIdCtrlJson(Fixtures.text("nvme-id-ctrl-no-format.json"));

        assertThat(controller.formatSupported()).isFalse();
        assertThat(controller.sanicap()).isZero();
    }

    @Test
    void sharedNamespaceControllerWithHexOacs() {
        NvmeController controller = NvmeController.parseIdCtrlJson(
                Fixtures.text("nvme-id-ctrl-shared-namespaces.json"));

        assertThat(controller.oacs()).isEqualTo(0x1e);
        assertThat(controller.eraseSpansAllNamespaces()).isTrue();
        assertThat(controller.cryptoEraseSupported()).isTrue();
    }

    @Test
    void garbageIsRejectedWithAReason() {
        assertThatThrownBy(() -> NvmeController.parseIdCtrlJson("NVMe status: INVALID_FIELD"))
                .isInstanceOf(DiskEraseException.class).hasMessageContaining("no JSON");
        assertThatThrownBy(() -> NvmeController.parseIdCtrlJson("{\"mn\": \"x\"}"))
                .isInstanceOf(DiskEraseException.class).hasMessageContaining("oacs");
        assertThatThrownBy(() -> NvmeController.parseIdCtrlJson("{\"oacs\": \"lots\"}"))
                .isInstanceOf(DiskEraseException.class).hasMessageContaining("oacs");
    }
}
