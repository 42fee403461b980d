package dev.compilereceipt.approval;

import dev.compilereceipt.trace.Limits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * What an approved file's name says, read back: the fixture it sits beside and the request it was
 * read under ({@link ApprovedReceipt#request}): {@code run.log.max_calls-128.rank-1.approved.json}
 * is {@code run.log} read with {@code max_calls} 128 at rank 1; {@code before.json+after.json.approved.json}
 * is the comparison of the two files beside it; {@code trace.json.torch-2.14.approved.json} is {@code trace.json}'s
 * file for torch 2.14 ({@link ReleaseFiles}). The inverse of {@link ApprovedReceipt#approvedFile}.
 *
 * <p>Example: {@code ApprovedFileName.of(Path.of("traces/trace.json.approved.json")).get().fixtures()} is
 * {@code [traces/trace.json]}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record ApprovedFileName(Path approved, List<Path> fixtures, Limits limits, OptionalInt rank) {

    private static final Pattern RELEASE = Pattern.compile("(.+)\\.torch-\\d+\\.\\d+");
    private static final Pattern RANK = Pattern.compile("(.+)\\.rank-(\\d+)");
    private static final Pattern LIMIT = Pattern.compile("(.+)\\.([a-z_]+)-(\\d+)");

    public ApprovedFileName {
        fixtures = List.copyOf(fixtures);
    }

    /**
     * The fixture and request of {@code approved}, if its name ends in {@code .approved.json} and
     * the fixture it names exists beside it.
     */
    public static Optional<ApprovedFileName> of(Path approved) {
        String name = approved.getFileName().toString();
        if (!name.endsWith(ApprovedReceipt.APPROVED)) {
            return Optional.empty();
        }
        String rest = name.substring(0, name.length() - ApprovedReceipt.APPROVED.length());
        // A file of one PyTorch release (ReleaseFiles) names its release last: the fixture and request come before it.
        Matcher release = RELEASE.matcher(rest);
        if (release.matches() && !Files.exists(approved.resolveSibling(rest))) {
            rest = release.group(1);
        }
        OptionalInt rank = OptionalInt.empty();
        Matcher ranked = RANK.matcher(rest);
        if (ranked.matches() && !Files.exists(approved.resolveSibling(rest))) {
            rank = OptionalInt.of(Integer.parseInt(ranked.group(2)));
            rest = ranked.group(1);
        }
        long[] values = Limits.DEFAULT.asValues();
        for (Matcher limit = LIMIT.matcher(rest); limit.matches() && !Files.exists(approved.resolveSibling(rest))
                && Limits.KEYS.contains(limit.group(2)); limit = LIMIT.matcher(rest)) {
            values[Limits.KEYS.indexOf(limit.group(2))] = Long.parseLong(limit.group(3));
            rest = limit.group(1);
        }
        Limits limits = new Limits((int) values[0], (int) values[1], (int) values[2], values[3], (int) values[4],
                (int) values[5], (int) values[6], (int) values[7], values[8]);
        if (Files.exists(approved.resolveSibling(rest))) {
            return Optional.of(new ApprovedFileName(approved, List.of(approved.resolveSibling(rest)), limits, rank));
        }
        int plus = rest.indexOf('+');
        if (plus > 0 && Files.exists(approved.resolveSibling(rest.substring(0, plus)))
                && Files.exists(approved.resolveSibling(rest.substring(plus + 1)))) {
            return Optional.of(new ApprovedFileName(approved, List.of(approved.resolveSibling(rest.substring(0, plus)),
                    approved.resolveSibling(rest.substring(plus + 1))), limits, rank));
        }
        return Optional.empty();
    }
}
