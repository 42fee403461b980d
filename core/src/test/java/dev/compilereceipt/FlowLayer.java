package dev.compilereceipt;

import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One layer of the engine's flow: its name, the packages it is ({@code dev.compilereceipt} alone, or
 * {@code dev.compilereceipt.trace..} with its subpackages, as ArchUnit writes them), and the layers
 * that may use it, every layer where {@code usedBy} is empty. {@link LayoutTest} declares the flow
 * once as a list of these, and both the ArchUnit rule on the bytecode and the rule on the sources'
 * import lines are made from that list.
 *
 * <p>Example: {@code FlowLayer.usedBy("diff", "dev.compilereceipt.diff..", "facades", "approval", "view")}.
 */
record FlowLayer(String name, String packages, Optional<Set<String>> usedBy) {

    static FlowLayer usedBy(String name, String packages, String... layers) {
        return new FlowLayer(name, packages, Optional.of(Set.of(layers)));
    }

    static FlowLayer usedByAll(String name, String packages) {
        return new FlowLayer(name, packages, Optional.empty());
    }

    /** Whether {@code pkg} is one of this layer's packages. */
    boolean holds(String pkg) {
        if (!packages.endsWith("..")) {
            return pkg.equals(packages);
        }
        String top = packages.substring(0, packages.length() - 2);
        return pkg.equals(top) || pkg.startsWith(top + ".");
    }

    /** Whether code in {@code user} may use this layer: its own code always may. */
    boolean mayBeUsedBy(FlowLayer user) {
        return user.name.equals(name) || usedBy.map(layers -> layers.contains(user.name)).orElse(true);
    }

    /** The layer that holds {@code pkg}, the most specific where two do; empty outside the flow. */
    static Optional<FlowLayer> of(List<FlowLayer> flow, String pkg) {
        return flow.stream().filter(layer -> layer.holds(pkg))
                .max((a, b) -> Integer.compare(a.packages.length(), b.packages.length()));
    }

    /** The flow as ArchUnit's layered architecture, considering only the dependencies between its layers. */
    static LayeredArchitecture architecture(List<FlowLayer> flow) {
        LayeredArchitecture architecture = com.tngtech.archunit.library.Architectures.layeredArchitecture()
                .consideringOnlyDependenciesInLayers();
        for (FlowLayer layer : flow) {
            architecture = architecture.layer(layer.name).definedBy(layer.packages);
        }
        for (FlowLayer layer : flow) {
            if (layer.usedBy.isPresent()) {
                Set<String> users = layer.usedBy.get();
                architecture = users.isEmpty() ? architecture.whereLayer(layer.name).mayNotBeAccessedByAnyLayer()
                        : architecture.whereLayer(layer.name).mayOnlyBeAccessedByLayers(
                                flow.stream().map(FlowLayer::name).filter(users::contains).toArray(String[]::new));
            }
        }
        return architecture;
    }
}
