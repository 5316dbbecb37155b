package dev.ferrum.agent.deploy;

import dev.ferrum.agent.image.SafeUrl;
import dev.ferrum.agent.image.source.ByteRange;
import dev.ferrum.agent.image.source.ImageSource;
import dev.ferrum.agent.image.source.SourceResponse;
import dev.ferrum.agent.partition.ConfigDriveDownloader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;

/** Downloads a config drive given as a URL through the same HTTP source (and TLS settings) as images. */
public final class ImageSourceDownloader implements ConfigDriveDownloader {
    private final ImageSource source;

    public ImageSourceDownloader(ImageSource source) {
        this.source = source;
    }

    @Override
    public InputStream open(URI url) throws IOException {
        SourceResponse response = source.open(url, ByteRange.all());
        if (response.status() < 200 || response.status() >= 300) {
            response.close();
            throw new IOException("config drive download from " + SafeUrl.redact(url) + " answered HTTP " + response.status());
        }
        return response.body();
    }
}
