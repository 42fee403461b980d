package dev.compilereceipt.read;

import org.apiguardian.api.API;

/**
 * Where a reader hands the strings it keeps: a {@link StringPool} interns and bounds them; a
 * reader working ahead on another thread records them, to hand them to the pool later in the
 * order a reader going line by line would have.
 */
@API(status = API.Status.INTERNAL)
public interface Interner {

    /** The string to keep for {@code text}. */
    String intern(String text);
}
