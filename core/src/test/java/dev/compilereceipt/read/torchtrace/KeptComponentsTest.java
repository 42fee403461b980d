package dev.compilereceipt.read.torchtrace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.compilereceipt.trace.CacheKey;
import dev.compilereceipt.trace.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the compile log keeps of its keys' components: equal lists once, and no more than
 * {@link CompileLogBuilder#KEPT_COMPONENTS} in all, the keys past it kept with their components not measured.
 */
class KeptComponentsTest {

    private static final int LISTED = 650;

    /** A key listing 650 components, all alike but the graph module's, {@code gm}, which is {@code graph}'s. */
    private static CacheKey key(String graph, int variant) {
        List<CacheKey.Component> components = new ArrayList<>();
        components.add(new CacheKey.Component("gm", "h" + variant, "GraphModule " + variant));
        for (int i = 1; i < LISTED; i++) {
            components.add(new CacheKey.Component("inductor_config[option_" + i + "]", "c" + i, "False"));
        }
        return new CacheKey(graph, "fx_graph", "miss", "f" + variant, Optional.of(components));
    }

    @Test
    void equalListsAreKeptOnceAndTheirComponentsShared() {
        CompileLogBuilder log = new CompileLogBuilder(Limits.DEFAULT);
        assertThat(log.addCacheKey(key("0/0", 1))).isTrue();
        assertThat(log.addCacheKey(key("1/0", 1))).isTrue();
        assertThat(log.addCacheKey(key("2/0", 2))).isTrue();

        List<CacheKey> keys = log.build(true).cacheKeys();
        assertThat(keys).extracting(CacheKey::graph).containsExactly("0/0", "1/0", "2/0");
        assertThat(keys.get(1).components().orElseThrow()).isSameAs(keys.get(0).components().orElseThrow());
        // 2/0's list differs in gm alone: its other 649 components are the very ones 0/0 keeps.
        assertThat(keys.get(2).components().orElseThrow().get(1)).isSameAs(keys.get(0).components().orElseThrow().get(1));
        assertThat(keys.get(2).components().orElseThrow().get(0).value()).isEqualTo("GraphModule 2");
    }

    @Test
    void pastTheBoundAKeyIsKeptWithItsComponentsNotMeasured() {
        CompileLogBuilder log = new CompileLogBuilder(Limits.DEFAULT);
        int distinct = CompileLogBuilder.KEPT_COMPONENTS / LISTED; // 262144 / 650 = 403 lists fit
        assertThat(distinct).isEqualTo(403);
        for (int variant = 0; variant <= distinct; variant++) {
            assertThat(log.addCacheKey(key(variant + "/0", variant))).isTrue();
        }
        // A list kept before still costs nothing.
        assertThat(log.addCacheKey(key("0/1", 0))).isTrue();

        List<CacheKey> keys = log.build(true).cacheKeys();
        assertThat(keys).hasSize(distinct + 2);
        assertThat(keys.get(distinct - 1).components().orElseThrow()).hasSize(LISTED);
        assertThat(keys.get(distinct).graph()).isEqualTo("403/0");
        assertThat(keys.get(distinct).key()).isEqualTo("f403");
        assertThat(keys.get(distinct).measured()).isFalse();
        assertThat(keys.get(distinct + 1).components().orElseThrow()).isSameAs(keys.get(0).components().orElseThrow());
    }
}
