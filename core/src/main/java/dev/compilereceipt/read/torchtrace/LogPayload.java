package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.read.JsonSyntax;
import dev.compilereceipt.read.OnePassJsonSyntax;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The payload of one record, taken a line at a time as the lines stream past: its MD5 is updated,
 * a payload that must be JSON is checked for its grammar and its UTF-8 ({@link OnePassJsonSyntax} when
 * it fits in a block, else {@link JsonSyntax} as it streams past; nothing is decoded or built), and only a payload the reader needs is kept, up to a bound. PyTorch hashes the
 * payload text whose lines follow the envelope, each with one leading tab, joined by {@code \n}.
 */
final class LogPayload implements KeptPayload {

    /** Payload lines are gathered here and hashed and checked a block at a time, not a line at a time. */
    private static final int BLOCK = 1 << 16;

    private static final byte[] NEWLINE = {'\n'};

    private final MessageDigest md5;
    private final byte[] block = new byte[BLOCK];
    private int blockLength;
    /** Whether the payload outgrew the block, so that it is hashed and checked as it streams past. */
    private boolean streaming;
    private boolean finished;
    private boolean wholeJsonValid;
    private boolean verifying;
    private boolean checkingJson;
    private final JsonSyntax json;
    private final OnePassJsonSyntax onePass;
    private int keepLimit;
    private byte[] kept = new byte[256];
    private int keptLength;
    private boolean overflowed;
    private boolean first;

    LogPayload(int maxDepth) {
        json = new JsonSyntax(maxDepth);
        onePass = new OnePassJsonSyntax(maxDepth);
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }

    /** Starts a payload; {@code keepLimit} 0 keeps nothing. */
    void begin(boolean verifyMd5, boolean mustBeJson, int keepLimit) {
        verifying = verifyMd5;
        md5.reset();
        checkingJson = mustBeJson;
        json.reset();
        this.keepLimit = keepLimit;
        keptLength = 0;
        overflowed = false;
        first = true;
        blockLength = 0;
        streaming = false;
        finished = false;
    }

    /** One payload line, its leading tab already dropped. */
    void line(byte[] bytes, int from, int to) {
        if (verifying || checkingJson) {
            if (!first) {
                if (blockLength == BLOCK) {
                    spill();
                }
                block[blockLength++] = '\n';
            }
            int length = to - from;
            if (length > BLOCK - blockLength) {
                spill();
                if (length > BLOCK) {
                    digest(bytes, from, to);
                    length = 0;
                }
            }
            System.arraycopy(bytes, from, block, blockLength, length);
            blockLength += length;
        }
        if (keepLimit > 0) {
            if (!first) {
                keep(NEWLINE, 0, 1);
            }
            keep(bytes, from, to);
        }
        first = false;
    }

    private void spill() {
        streaming = true;
        digest(block, 0, blockLength);
        blockLength = 0;
    }

    /**
     * Hashes and checks what the block holds: a payload that fits in it (most do) is checked for
     * JSON in one pass over the block ({@link OnePassJsonSyntax}), one that did not is fed to the
     * check that has had the rest.
     */
    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        if (streaming) {
            digest(block, 0, blockLength);
        } else {
            if (verifying) {
                md5.update(block, 0, blockLength);
            }
            if (checkingJson) {
                wholeJsonValid = onePass.whole(block, 0, blockLength);
            }
        }
        blockLength = 0;
    }

    private void digest(byte[] bytes, int from, int to) {
        if (verifying) {
            md5.update(bytes, from, to - from);
        }
        if (checkingJson) {
            json.feed(bytes, from, to);
        }
    }

    private void keep(byte[] bytes, int from, int to) {
        int length = to - from;
        if (keptLength + length > keepLimit) {
            overflowed = true;
            length = Math.max(0, keepLimit - keptLength);
        }
        if (keptLength + length > kept.length) {
            kept = Arrays.copyOf(kept, Math.max(kept.length * 2, keptLength + length));
        }
        System.arraycopy(bytes, from, kept, keptLength, length);
        keptLength += length;
    }

    /** Whether the MD5 matches {@code expected} (true when nothing was to be verified). */
    boolean md5Matches(Optional<String> expected) {
        finish();
        return !verifying || expected.isEmpty() || HexFormat.of().formatHex(md5.digest()).equalsIgnoreCase(expected.get());
    }

    /**
     * Whether a payload that must be JSON was one complete JSON value; a JSON artifact with no
     * payload at all is fine (2.14 writes {@code inductor_provenance_tracking_*} so).
     */
    boolean jsonValid() {
        finish();
        return !checkingJson || first || (streaming ? json.complete() : wholeJsonValid);
    }

    /** Whether a payload that must be JSON nested deeper than the limit. */
    boolean tooDeep() {
        finish();
        return checkingJson && (streaming ? json.tooDeep() : onePass.tooDeep());
    }

    @Override
    public byte[] kept() {
        return Arrays.copyOf(kept, keptLength);
    }

    @Override
    public boolean overflowed() {
        return overflowed;
    }
}
