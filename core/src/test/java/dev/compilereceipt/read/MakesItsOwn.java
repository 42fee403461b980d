package dev.compilereceipt.read;

import com.fasterxml.jackson.core.JsonFactory;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Breaks the layout on purpose, for {@code LayoutRulesFailTest}: a JSON factory and a word reader of its own. */
final class MakesItsOwn {

    static final JsonFactory FACTORY = new JsonFactory();
    static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private MakesItsOwn() {
    }
}
