package dev.compilereceipt.compatibility;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericDeclaration;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The public API of one module as canonical lines, read from its compiled classes by reflection:
 * every public type outside a package marked {@code @API(status = INTERNAL)} (and not so marked
 * itself), its kind, supertypes and public (and, where it can be subclassed, protected) members with
 * their generic signatures, one line each, sorted. What follows {@code "  // "} on a line is not part
 * of the signature: the {@code @API} status and whether it is {@code @Deprecated}.
 *
 * <p>Example: {@code ApiListing.of(Traces.class)} holds
 * {@code dev.compilereceipt.Traces: method public static dev.compilereceipt.trace.Trace read(dev.compilereceipt.TraceRequest)}.
 */
final class ApiListing {

    static final String MARKS = "  // ";

    private ApiListing() {
    }

    /** The API of the module (its class directory or jar) that holds {@code anchor}. */
    static List<String> of(Class<?> anchor) {
        try {
            return of(Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI()), anchor.getClassLoader());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The API of the classes under {@code classes} (a directory or a jar), loaded through {@code loader}. */
    static List<String> of(Path classes, ClassLoader loader) {
        List<String> lines = new ArrayList<>();
        for (String name : classNames(classes)) {
            Class<?> type;
            try {
                type = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IllegalStateException("cannot load " + name + " from " + classes, e);
            }
            if (published(type, loader)) {
                lines.addAll(lines(type));
            }
        }
        return lines.stream().sorted().toList();
    }

    private static List<String> classNames(Path classes) {
        if (Files.isDirectory(classes)) {
            return namesUnder(classes);
        }
        try (FileSystem jar = FileSystems.newFileSystem(classes)) {
            return namesUnder(jar.getPath("/"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> namesUnder(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(file -> root.relativize(file).toString().replace('\\', '/'))
                    .filter(file -> file.endsWith(".class") && !file.startsWith("META-INF") && !file.endsWith("package-info.class")
                            && !file.endsWith("module-info.class"))
                    .map(file -> file.substring(0, file.length() - ".class".length()).replace('/', '.'))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Public, reachable from outside (every enclosing type public), and in no internal package nor internal itself. */
    private static boolean published(Class<?> type, ClassLoader loader) {
        if (type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass()) {
            return false;
        }
        for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
            boolean open = Modifier.isPublic(c.getModifiers())
                    || Modifier.isProtected(c.getModifiers()) && c.getEnclosingClass() != null && !Modifier.isFinal(c.getEnclosingClass().getModifiers());
            if (!open || internal(c)) {
                return false;
            }
        }
        try {
            Class<?> packageInfo = Class.forName(type.getPackageName() + ".package-info", false, loader);
            return !internal(packageInfo);
        } catch (ClassNotFoundException e) {
            return true;
        }
    }

    private static boolean internal(AnnotatedElement element) {
        API api = element.getAnnotation(API.class);
        return api != null && api.status() == API.Status.INTERNAL;
    }

    private static List<String> lines(Class<?> type) {
        String name = type.getName().replace('$', '.');
        List<String> lines = new ArrayList<>();
        lines.add(name + ": type " + kind(type) + marks(type));
        Type superclass = type.getGenericSuperclass();
        if (superclass != null && superclass != Object.class && type.getSuperclass() != Enum.class && type.getSuperclass() != Record.class) {
            lines.add(name + ": extends " + superclass.getTypeName());
        }
        for (Type implemented : type.getGenericInterfaces()) {
            if (!type.isAnnotation()) {
                lines.add(name + ": " + (type.isInterface() ? "extends " : "implements ") + implemented.getTypeName());
            }
        }
        boolean subclassable = !Modifier.isFinal(type.getModifiers()) && !type.isEnum() && !type.isRecord();
        for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            if (visible(constructor, subclassable)) {
                lines.add(name + ": constructor " + modifiers(constructor) + typeParameters(constructor) + type.getSimpleName()
                        + parameters(constructor) + exceptions(constructor) + marks(constructor));
            }
        }
        for (Method method : type.getDeclaredMethods()) {
            if (visible(method, subclassable) && !method.isBridge()) {
                String defaultValue = method.getDefaultValue() == null ? "" : " default " + text(method.getDefaultValue());
                lines.add(name + ": method " + modifiers(method) + typeParameters(method) + method.getGenericReturnType().getTypeName()
                        + " " + method.getName() + parameters(method) + exceptions(method) + defaultValue + marks(method));
            }
        }
        for (Field field : type.getDeclaredFields()) {
            if (visible(field, subclassable)) {
                lines.add(name + ": field " + modifiers(field) + field.getGenericType().getTypeName() + " " + field.getName() + marks(field));
            }
        }
        return lines;
    }

    private static boolean visible(Member member, boolean subclassable) {
        int modifiers = member.getModifiers();
        return !member.isSynthetic() && (Modifier.isPublic(modifiers) || subclassable && Modifier.isProtected(modifiers));
    }

    private static String kind(Class<?> type) {
        String kind = type.isAnnotation() ? "@interface" : type.isInterface() ? "interface" : type.isEnum() ? "enum"
                : type.isRecord() ? "record" : "class";
        int modifiers = type.getModifiers();
        StringBuilder text = new StringBuilder(Modifier.isPublic(modifiers) ? "public " : "protected ");
        if (type.getEnclosingClass() != null && Modifier.isStatic(modifiers) && !type.isInterface() && !type.isEnum() && !type.isRecord()) {
            text.append("static ");
        }
        if (Modifier.isAbstract(modifiers) && !type.isInterface()) {
            text.append("abstract ");
        }
        if (Modifier.isFinal(modifiers) && !type.isEnum() && !type.isRecord()) {
            text.append("final ");
        }
        if (type.isSealed()) {
            text.append("sealed ");
        }
        return text.append(kind).append(typeParameters(type)).toString();
    }

    private static String modifiers(Member member) {
        int modifiers = member.getModifiers();
        List<String> words = new ArrayList<>();
        words.add(Modifier.isPublic(modifiers) ? "public" : "protected");
        if (Modifier.isStatic(modifiers)) {
            words.add("static");
        }
        if (Modifier.isAbstract(modifiers) && !member.getDeclaringClass().isInterface()) {
            words.add("abstract");
        }
        if (Modifier.isFinal(modifiers)) {
            words.add("final");
        }
        if (member instanceof Method method && method.isDefault()) {
            words.add("default");
        }
        return String.join(" ", words) + " ";
    }

    private static String typeParameters(GenericDeclaration declaration) {
        TypeVariable<?>[] variables = declaration.getTypeParameters();
        if (variables.length == 0) {
            return "";
        }
        return Arrays.stream(variables).map(variable -> {
            List<String> bounds = Arrays.stream(variable.getBounds()).filter(bound -> bound != Object.class).map(Type::getTypeName).toList();
            return bounds.isEmpty() ? variable.getName() : variable.getName() + " extends " + String.join(" & ", bounds);
        }).collect(Collectors.joining(", ", "<", ">")) + (declaration instanceof Class<?> ? "" : " ");
    }

    private static String parameters(Executable executable) {
        Type[] types = executable.getGenericParameterTypes();
        // An inner class's constructor takes its outer instance first; the generic types may leave it out.
        if (types.length != executable.getParameterCount()) {
            types = executable.getParameterTypes();
        }
        return Arrays.stream(types).map(Type::getTypeName).collect(Collectors.joining(", ", "(", ")"));
    }

    private static String exceptions(Executable executable) {
        Type[] thrown = executable.getGenericExceptionTypes();
        return thrown.length == 0 ? "" : Arrays.stream(thrown).map(Type::getTypeName).sorted()
                .collect(Collectors.joining(", ", " throws ", ""));
    }

    private static String text(Object value) {
        if (value instanceof String string) {
            return '"' + string + '"';
        }
        if (value instanceof Object[] array) {
            return Arrays.stream(array).map(ApiListing::text).collect(Collectors.joining(", ", "{", "}"));
        }
        if (value.getClass().isArray()) {
            return arrayText(value);
        }
        if (value instanceof Class<?> type) {
            return type.getName() + ".class";
        }
        if (value instanceof Annotation annotation) {
            return "@" + annotation.annotationType().getName();
        }
        return String.valueOf(value);
    }

    private static String arrayText(Object array) {
        int length = java.lang.reflect.Array.getLength(array);
        List<String> items = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            items.add(String.valueOf(java.lang.reflect.Array.get(array, i)));
        }
        return "{" + String.join(", ", items) + "}";
    }

    private static String marks(AnnotatedElement element) {
        List<String> marks = new ArrayList<>();
        API api = element.getAnnotation(API.class);
        if (api != null) {
            marks.add("@API(" + api.status() + (api.since().isEmpty() ? "" : ", since " + api.since()) + ")");
        }
        if (element.isAnnotationPresent(Deprecated.class)) {
            marks.add("@Deprecated");
        }
        return marks.isEmpty() ? "" : MARKS + String.join(" ", marks);
    }
}
