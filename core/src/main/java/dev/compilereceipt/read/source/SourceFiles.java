package dev.compilereceipt.read.source;

import dev.compilereceipt.trace.Fixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The files a request was read from, each with its role, as its receipt names them
 * ({@code fixture.sources}): the same choices {@link SourceReading} makes (a folder's one log and its
 * warm log, a folder's profile and log), each path relative to the folder of the input named and
 * written with {@code /}, so the receipt of a copy elsewhere is the same receipt.
 *
 * <p>Example: a folder {@code run/} holding {@code trace.json}, {@code torch_trace.log} and
 * {@code warm_torch_trace.log} was read as {@code log run/torch_trace.log, warm log run/warm_torch_trace.log}.
 */
@API(status = API.Status.INTERNAL)
final class SourceFiles {

    static final String TRACE = "trace";
    static final String LOG = "log";
    static final String WARM_LOG = "warm log";
    static final String PROFILE = "profile";

    private SourceFiles() {
    }

    static List<Fixture.Source> of(SourceRequest request) {
        Path input = request.input();
        Path base = absolute(input).getParent();
        List<Fixture.Source> files = new ArrayList<>();
        if (request.stream().isPresent()) {
            files.add(new Fixture.Source(TRACE, String.valueOf(input.getFileName())));
        } else if (request.isProfile()) {
            if (request.log().isPresent()) {
                files.add(source(PROFILE, input, base));
                files.add(source(LOG, request.log().get(), base));
            } else if (Files.isDirectory(input)) {
                Path[] pair = ProfileJoin.pairIn(input);
                files.add(source(PROFILE, pair[0], base));
                files.add(source(LOG, pair[1], base));
            } else {
                files.add(source(PROFILE, input, base));
            }
        } else if (Files.isDirectory(input)) {
            TorchTraceFolder folder = TorchTraceFolder.of(input);
            if (request.rank().isPresent()) {
                files.add(source(LOG, folder.rank(request.rank().getAsInt()), base));
            } else {
                files.add(source(LOG, folder.only(), base));
                folder.warm().ifPresent(warm -> files.add(source(WARM_LOG, warm, base)));
            }
        } else {
            files.add(source(TRACE, input, base));
        }
        request.warmLog().ifPresent(warm -> files.add(source(WARM_LOG, warm, base)));
        return List.copyOf(files);
    }

    private static Fixture.Source source(String role, Path file, Path base) {
        Path absolute = absolute(file);
        Path relative = base == null ? absolute : base.relativize(absolute);
        return new Fixture.Source(role, relative.toString().replace('\\', '/'));
    }

    private static Path absolute(Path file) {
        return file.toAbsolutePath().normalize();
    }
}
