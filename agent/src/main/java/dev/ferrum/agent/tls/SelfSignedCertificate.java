package dev.ferrum.agent.tls;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;

/**
 * The certificate the agent makes for itself at start when auto-TLS is on (IPA's {@code ipa-enable-auto-tls}):
 * an ECDSA P-256 key, a self-signed X.509 v3 certificate naming the callback host in its subject and in a
 * critical subjectAltName (an IP address entry for an IP literal, a DNS entry otherwise), valid for 30 days
 * from a minute ago, as IPA's own. The conductor pins exactly this certificate for the node.
 *
 * <p>Written by hand because the JDK has no public API to issue a certificate, and the only library that
 * does it well (Bouncy Castle) would add about 9 MB to the ramdisk for this one structure; the DER below is
 * the fixed shape of RFC 5280 for one key type, and the tests parse and verify it with the JDK.
 */
public record SelfSignedCertificate(PrivateKey privateKey, X509Certificate certificate) {
    private static final Duration VALIDITY = Duration.ofDays(30);
    private static final Duration CLOCK_SKEW = Duration.ofMinutes(1);
    private static final byte[] OID_ECDSA_SHA256 = {0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x04, 0x03, 0x02};
    private static final byte[] OID_COMMON_NAME = {0x55, 0x04, 0x03};
    private static final byte[] OID_SUBJECT_ALT_NAME = {0x55, 0x1d, 0x11};
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    /** Makes a key and a certificate for {@code host} (an IP literal or a DNS name), valid from {@code now}. */
    public static SelfSignedCertificate generate(String host, Instant now, SecureRandom random) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), random);
            KeyPair keys = generator.generateKeyPair();
            byte[] tbs = toBeSigned(host, keys, now, random);
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(keys.getPrivate(), random);
            signer.update(tbs);
            byte[] der = sequence(tbs, algorithm(), bitString(signer.sign()));
            X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
            return new SelfSignedCertificate(keys.getPrivate(), certificate);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this Java runtime cannot make an ECDSA P-256 certificate", e);
        }
    }

    /** The certificate in PEM, as the heartbeat's {@code agent_verify_ca} carries it. */
    public String certificatePem() {
        try {
            return pem("CERTIFICATE", certificate.getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a generated certificate cannot be encoded", e);
        }
    }

    /** The private key in PKCS#8 PEM, for the agent's own TLS server. */
    public String privateKeyPem() {
        return pem("PRIVATE KEY", privateKey.getEncoded());
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    private static byte[] toBeSigned(String host, KeyPair keys, Instant now, SecureRandom random) {
        byte[] serial = new byte[16];
        random.nextBytes(serial);
        serial[0] &= 0x7f; // positive, as RFC 5280 requires
        byte[] name = sequence(set(sequence(oid(OID_COMMON_NAME), utf8(host))));
        Instant notBefore = now.minus(CLOCK_SKEW);
        byte[] validity = sequence(utcTime(notBefore), utcTime(notBefore.plus(VALIDITY)));
        byte[] altName = subjectAltName(host);
        byte[] extension = sequence(oid(OID_SUBJECT_ALT_NAME), tlv(0x01, new byte[] {(byte) 0xff}),
                tlv(0x04, sequence(altName)));
        return sequence(
                tlv(0xa0, tlv(0x02, new byte[] {2})),          // [0] version v3
                tlv(0x02, new BigInteger(1, serial).toByteArray()),
                algorithm(),
                name,                                          // issuer = subject: self-signed
                validity,
                name,
                keys.getPublic().getEncoded(),                 // SubjectPublicKeyInfo, already DER
                tlv(0xa3, sequence(extension)));               // [3] extensions
    }

    private static byte[] subjectAltName(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (isIpLiteral(bare)) {
            try {
                return tlv(0x87, InetAddress.getByName(bare).getAddress()); // iPAddress [7]
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("not an IP address: " + bare, e);
            }
        }
        return tlv(0x82, bare.getBytes(StandardCharsets.US_ASCII));    // dNSName [2]
    }

    private static boolean isIpLiteral(String host) {
        return host.contains(":") || host.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    }

    private static byte[] algorithm() {
        return sequence(oid(OID_ECDSA_SHA256));
    }

    private static byte[] utcTime(Instant instant) {
        return tlv(0x17, UTC_TIME.format(instant).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] utf8(String text) {
        return tlv(0x0c, text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] oid(byte[] encoded) {
        return tlv(0x06, encoded);
    }

    private static byte[] bitString(byte[] bytes) {
        byte[] content = new byte[bytes.length + 1]; // leading 0: no unused bits
        System.arraycopy(bytes, 0, content, 1, bytes.length);
        return tlv(0x03, content);
    }

    private static byte[] set(byte[]... parts) {
        return tlv(0x31, concat(parts));
    }

    private static byte[] sequence(byte[]... parts) {
        return tlv(0x30, concat(parts));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** One DER tag-length-value with the definite length form. */
    private static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }
}
