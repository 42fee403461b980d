package dev.compilereceipt.approval;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Approved receipts kept per PyTorch release: {@code trace.json.torch-2.14.approved.json} beside the
 * plain {@code trace.json.approved.json}, the release (major.minor) taken from the receipt's
 * {@code fixture.torch}. {@link #choose} names the file to write (the receipt's own release) and the
 * file to compare with: its own, else the newest older release's, else the plain one, saying which
 * ("no approved receipt for torch 2.15 yet; compared with 2.14's"). A receipt that names no release
 * uses the plain file and says so.
 *
 * <p>Example: {@code ReleaseFiles.choose(Path.of("t/trace.json.approved.json"), Optional.of("2.15"), true)}
 * with only {@code t/trace.json.torch-2.14.approved.json} present is {@code Choice[approved=t/trace.json.torch-2.15.approved.json,
 * compared=t/trace.json.torch-2.14.approved.json, note=Optional[no approved receipt for torch 2.15 yet; compared with 2.14's]]}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class ReleaseFiles {

    private static final Pattern RELEASE = Pattern.compile("(\\d+)\\.(\\d+)(?:\\D.*)?");

    private ReleaseFiles() {
    }

    /** The file to write, the file compared with, and, where they differ or no release is named, why. */
    public record Choice(Path approved, Path compared, Optional<String> note) {
    }

    /** The receipt's PyTorch release as major.minor ({@code 2.6.0+debian} is {@code 2.6}); empty where it names none. */
    public static Optional<String> release(JsonNode receipt) {
        JsonNode torch = receipt.path("fixture").path("torch");
        if (!torch.isTextual()) {
            return Optional.empty();
        }
        Matcher m = RELEASE.matcher(torch.asText());
        return m.matches() ? Optional.of(Integer.parseInt(m.group(1)) + "." + Integer.parseInt(m.group(2))) : Optional.empty();
    }

    /** {@code trace.json.approved.json} for release 2.14 is {@code trace.json.torch-2.14.approved.json}. */
    public static Path releaseFile(Path plainApproved, String release) {
        return plainApproved.resolveSibling(stem(plainApproved) + ".torch-" + release + ApprovedReceipt.APPROVED);
    }

    /** The received file beside an approved one: {@code x.approved.json} is {@code x.received.json}. */
    public static Path receivedFile(Path approved) {
        return approved.resolveSibling(stem(approved) + ApprovedReceipt.RECEIVED);
    }

    private static String stem(Path approved) {
        String name = approved.getFileName().toString();
        return name.endsWith(ApprovedReceipt.APPROVED) ? name.substring(0, name.length() - ApprovedReceipt.APPROVED.length()) : name;
    }

    /**
     * Which file a receipt of {@code release} is compared with and approved in, given the plain
     * approved file of its fixture and request; without {@code perRelease}, the plain file for both.
     */
    public static Choice choose(Path plainApproved, Optional<String> release, boolean perRelease) {
        if (!perRelease) {
            return new Choice(plainApproved, plainApproved, Optional.empty());
        }
        if (release.isEmpty()) {
            return new Choice(plainApproved, plainApproved, Optional.of("the receipt names no torch release (fixture.torch),"
                    + " so the plain " + plainApproved.getFileName() + " is used"));
        }
        Path own = releaseFile(plainApproved, release.get());
        if (Files.exists(own)) {
            return new Choice(own, own, Optional.empty());
        }
        Optional<String> older = newestOlder(plainApproved, release.get());
        if (older.isPresent()) {
            return new Choice(own, releaseFile(plainApproved, older.get()),
                    Optional.of("no approved receipt for torch " + release.get() + " yet; compared with " + older.get() + "'s"));
        }
        if (Files.exists(plainApproved)) {
            return new Choice(own, plainApproved, Optional.of("no approved receipt for torch " + release.get()
                    + " yet; compared with the plain " + plainApproved.getFileName()));
        }
        return new Choice(own, own, Optional.empty());
    }

    private static Optional<String> newestOlder(Path plainApproved, String release) {
        Pattern file = Pattern.compile(Pattern.quote(stem(plainApproved) + ".torch-") + "(\\d+)\\.(\\d+)" + Pattern.quote(ApprovedReceipt.APPROVED));
        int[] wanted = parts(release);
        Path folder = plainApproved.toAbsolutePath().getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> file.matcher(f.getFileName().toString())).filter(Matcher::matches)
                    .map(m -> new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))})
                    .filter(r -> r[0] < wanted[0] || r[0] == wanted[0] && r[1] < wanted[1])
                    .max(Comparator.<int[]>comparingInt(r -> r[0]).thenComparingInt(r -> r[1]))
                    .map(r -> r[0] + "." + r[1]);
        } catch (IOException e) {
            throw new UncheckedIOException(folder + ": cannot be listed: " + e.getMessage(), e);
        }
    }

    private static int[] parts(String release) {
        String[] parts = release.split("\\.");
        return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
    }
}
