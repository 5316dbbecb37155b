package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.erasure.RecordedCertificate;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Erase certificates: kept per node in order, once each, found by node and id, gone with the node. */
interface EraseCertificateContract extends StoreFixture {

    private static RecordedCertificate certificate(UUID node, String device, boolean verified) {
        return new RecordedCertificate(UUID.randomUUID(), node, T0, device, "SN-" + device, "NVME_SANITIZE_CRYPTO",
                "PURGE", "SUCCESS", verified, verified ? "" : "the signature does not match the certificate",
                "0123456789abcdef0123456789abcdef", "{\"format\":\"ferrum-erase-certificate/1\"}");
    }

    @Test
    default void certificatesAreKeptPerNodeOnceEach() {
        Node node = createNode("erased");
        Node other = createNode("other");
        RecordedCertificate first = certificate(node.uuid(), "/dev/nvme0n1", true);
        RecordedCertificate second = certificate(node.uuid(), "/dev/sda", false);

        assertThat(store().eraseCertificates().add(first)).isTrue();
        assertThat(store().eraseCertificates().add(second)).isTrue();
        assertThat(store().eraseCertificates().add(first)).as("the same certificate again").isFalse();

        assertThat(store().eraseCertificates().list(node.uuid())).containsExactlyInAnyOrder(first, second);
        assertThat(store().eraseCertificates().list(other.uuid())).isEmpty();
        assertThat(store().eraseCertificates().get(node.uuid(), second.uuid())).contains(second);
        assertThat(store().eraseCertificates().get(other.uuid(), second.uuid())).isEmpty();
    }

    @Test
    default void certificatesNeedTheirNodeAndGoWithIt() {
        assertThatThrownBy(() -> store().eraseCertificates().add(certificate(UUID.randomUUID(), "/dev/sda", true)))
                .isInstanceOf(NotFoundException.class);
        Node node = createNode("deleted");
        store().eraseCertificates().add(certificate(node.uuid(), "/dev/sda", true));
        NodeLock lock = lock(node.uuid());

        store().nodes().delete(lock);

        assertThat(store().eraseCertificates().list(node.uuid())).isEmpty();
    }
}
