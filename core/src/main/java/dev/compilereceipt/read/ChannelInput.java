package dev.compilereceipt.read;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.apiguardian.api.API;

/**
 * A stream over a file channel from a position, read with positional reads so that the parts of a
 * file read on two threads ({@code LogParts}, {@code TextParts}) share one channel.
 *
 * <p>Example: {@code new ChannelInput(channel, 1 << 20)} reads the file from its second MiB on.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class ChannelInput extends InputStream {

    private final FileChannel channel;
    private long position;

    public ChannelInput(FileChannel channel, long position) {
        this.channel = channel;
        this.position = position;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int read = channel.read(ByteBuffer.wrap(b, off, len), position);
        if (read > 0) {
            position += read;
        }
        return read;
    }
}
