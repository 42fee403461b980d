package dev.compilereceipt.receipt;

import dev.compilereceipt.trace.GraphId;
import dev.compilereceipt.trace.UserFrame;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * One guard failure's text read for its cause: the variant whose guard missed, the guarded
 * {@code subject}, the guard with its changing constant abstracted ({@code n == <int>}), its
 * {@link RecompileKind}, the constants it names (the expected value, then the actual where PyTorch
 * gives it) and the user's source line. The user line is the innermost frame outside PyTorch and the
 * standard library of 2.14's {@code User stack trace:} ({@link UserFrame}'s rule), else the
 * {@code # file:line in f} that ends 2.14's first line, less the first segment of its path (PyTorch may
 * have cut it); 2.6 names none.
 *
 * <p>Example: {@code GuardFailure.read("0/3: L['n'] == 4")} has subject {@code L['n']}, guard
 * {@code L['n'] == <int>}, kind {@code python-value}, values {@code [4]}, failed variant {@code 0/3}.
 */
@API(status = API.Status.INTERNAL)
public record GuardFailure(Optional<GraphId> failedVariant, String subject, String guard, RecompileKind kind,
                           List<String> values, Optional<String> userLine) {

    private static final Pattern VARIANT = Pattern.compile("^([0-9]+/[0-9]+): ?");
    /** 2.14 ends the expression with two spaces or more, then the source line as a comment. */
    private static final Pattern COMMENT = Pattern.compile("\\s{2,}#\\s");
    private static final Pattern COMMENT_SITE = Pattern.compile("#\\s+(\\S+:[0-9]+) in \\S+\\s*$");
    private static final String STACK = "User stack trace:";
    private static final Pattern GLOBAL = Pattern.compile("^GLOBAL_STATE changed:\\s*(.*)$");
    private static final Pattern TENSOR = Pattern.compile(
            "^tensor '(.+?)' (size|stride|rank|dtype|device index|device|requires_grad|dispatch key set) mismatch"
                    + "(?: at index ([0-9]+))?\\. expected ([^,]+?)(?:, actual (.+?))?$");
    /** 2.14 may follow an id guard with the type it names: {@code ___check_type_id(y, 11946752), type=<class 'int'>}. */
    private static final String TYPE_NOTE = "(?:, type=<[^>]*>)?";
    private static final Pattern OBJ_ID = Pattern.compile("^___check_obj_id\\((.+), ([0-9]+)\\)" + TYPE_NOTE + "$");
    private static final Pattern TYPE_ID = Pattern.compile("^___check_type_id\\((.+), ([0-9]+)\\)" + TYPE_NOTE + "$");
    /** Dynamo's no-aliasing guard: {@code Duplicate tensors found: ["L['a']", "G['G1']"]}. */
    private static final Pattern ALIASING = Pattern.compile("^Duplicate tensors found:?\\s*(.*)$");
    private static final Pattern QUOTED = Pattern.compile("'([^']*)'|\"([^\"]*)\"");
    private static final Pattern HASATTR = Pattern.compile("^(?:not )?hasattr\\((.+), '[^']*'\\)(?: == (?:True|False))?$");
    private static final Pattern COMPARISON = Pattern.compile("^(.+?) (==|!=|<=|>=|<|>|is not|is) (.+)$");
    private static final Pattern INT = Pattern.compile("-?[0-9]+");
    private static final Pattern FLOAT = Pattern.compile("-?[0-9]+\\.[0-9]*(?:e-?[0-9]+)?|-?inf|nan");
    private static final Pattern STR = Pattern.compile("'[^']*'|\"[^\"]*\"");
    private static final Pattern SHAPE_SUBJECT = Pattern.compile("\\.(size|stride)\\(\\)|\\.dim\\(\\)|\\.numel\\(\\)");
    /** A local as 2.6 writes it, {@code L['x']}: its plain name is {@code x}, as 2.14 writes it. */
    private static final Pattern LOCAL = Pattern.compile("L\\['([^']+)'\\]");

    public GuardFailure {
        values = List.copyOf(values);
    }

    /** Whether a guard failure's text begins a new failure ({@code 0/3: ...}) rather than continuing the one before. */
    public static boolean beginsFailure(String text) {
        return VARIANT.matcher(text).find();
    }

    /** Reads one guard failure, normalised as {@code GuardText} has it; every text has a reading, {@link RecompileKind#UNKNOWN} at worst. */
    public static GuardFailure read(String text) {
        List<String> lines = text.lines().toList();
        String first = lines.isEmpty() ? "" : lines.get(0);
        Optional<GraphId> variant = Optional.empty();
        Matcher prefix = VARIANT.matcher(first);
        if (prefix.find()) {
            variant = GraphId.parse(prefix.group(1));
            first = first.substring(prefix.end());
        }
        Matcher comment = COMMENT.matcher(first);
        boolean commented = comment.find();
        String expression = (commented ? first.substring(0, comment.start()) : first).strip();
        String rest = commented ? first.substring(comment.start()) : "";
        Optional<String> userLine = stackFrame(lines).or(() -> commentSite(rest));
        return reading(expression, variant, userLine);
    }

    /** The name a person gives a subject: {@code L['x']} as {@code x}, so {@code L['x'].size()[0]} is {@code x.size()[0]}. */
    public static String plainName(String subject) {
        return LOCAL.matcher(subject).replaceAll(match -> Matcher.quoteReplacement(match.group(1)));
    }

    private static GuardFailure reading(String expression, Optional<GraphId> variant, Optional<String> userLine) {
        Matcher global = GLOBAL.matcher(expression);
        if (global.matches()) {
            String state = global.group(1).strip();
            return new GuardFailure(variant, state.isEmpty() ? "global_state" : state, expression, RecompileKind.GLOBAL_STATE,
                    List.of(), userLine);
        }
        Matcher tensor = TENSOR.matcher(expression);
        if (tensor.matches()) {
            return tensorReading(tensor, variant, userLine);
        }
        Matcher aliasing = ALIASING.matcher(expression);
        if (aliasing.matches()) {
            return new GuardFailure(variant, aliasedNames(aliasing.group(1).strip()), expression, RecompileKind.ALIASING, List.of(),
                    userLine);
        }
        Matcher objId = OBJ_ID.matcher(expression);
        if (objId.matches()) {
            return new GuardFailure(variant, objId.group(1), "___check_obj_id(" + objId.group(1) + ", <id>)", RecompileKind.OBJECT,
                    List.of(objId.group(2)), userLine);
        }
        Matcher typeId = TYPE_ID.matcher(expression);
        if (typeId.matches()) {
            return new GuardFailure(variant, typeId.group(1), "___check_type_id(" + typeId.group(1) + ", <id>)",
                    RecompileKind.TYPE_LENGTH, List.of(typeId.group(2)), userLine);
        }
        Matcher hasattr = HASATTR.matcher(expression);
        if (hasattr.matches()) {
            return new GuardFailure(variant, hasattr.group(1), expression, RecompileKind.OBJECT, List.of(), userLine);
        }
        Matcher comparison = COMPARISON.matcher(expression);
        if (comparison.matches()) {
            String left = comparison.group(1).strip();
            String right = comparison.group(3).strip();
            boolean constantLeft = placeholder(left).isPresent() && placeholder(right).isEmpty();
            String subject = constantLeft ? right : left;
            String constant = constantLeft ? left : right;
            Optional<String> abstracted = placeholder(constant);
            if (abstracted.isPresent()) {
                String guard = constantLeft ? abstracted.get() + " " + comparison.group(2) + " " + subject
                        : subject + " " + comparison.group(2) + " " + abstracted.get();
                return new GuardFailure(variant, subject, guard, comparedKind(subject), List.of(constant), userLine);
            }
        }
        return new GuardFailure(variant, expression, expression, RecompileKind.UNKNOWN, List.of(), userLine);
    }

    private static GuardFailure tensorReading(Matcher tensor, Optional<GraphId> variant, Optional<String> userLine) {
        String name = tensor.group(1);
        String property = tensor.group(2);
        String index = tensor.group(3);
        String expected = tensor.group(4).strip();
        String actual = tensor.group(5) == null ? null : tensor.group(5).strip();
        String subject = switch (property) {
            case "size" -> name + ".size()[" + index + "]";
            case "stride" -> name + ".stride()[" + index + "]";
            case "rank" -> name + ".dim()";
            case "device index", "device" -> name + ".device";
            case "dispatch key set" -> name + ".dispatch_keys";
            default -> name + "." + property;
        };
        RecompileKind kind = switch (property) {
            case "size", "stride", "rank" -> RecompileKind.SHAPE;
            default -> RecompileKind.DTYPE_DEVICE;
        };
        String expectedValue = placeholder(expected).orElse("<" + property.replace(' ', '_') + ">");
        String guard = "tensor '" + name + "' " + property + " mismatch" + (index == null ? "" : " at index " + index)
                + ". expected " + expectedValue + (actual == null ? "" : ", actual " + placeholder(actual).orElse(expectedValue));
        return new GuardFailure(variant, subject, guard, kind, actual == null ? List.of(expected) : List.of(expected, actual), userLine);
    }

    /** The names of a no-aliasing guard's list as written, {@code L['a'], G['G1']}; the text itself where it holds no quoted name. */
    private static String aliasedNames(String list) {
        List<String> names = QUOTED.matcher(list).results()
                .map(name -> name.group(1) != null ? name.group(1) : name.group(2)).toList();
        return names.isEmpty() ? (list.isEmpty() ? "duplicate tensors" : list) : String.join(", ", names);
    }

    /** What a literal constant is abstracted to: {@code <int>}, {@code <float>}, {@code <bool>}, {@code <str>}; empty for an expression. */
    private static Optional<String> placeholder(String constant) {
        if (INT.matcher(constant).matches()) {
            return Optional.of("<int>");
        }
        if (FLOAT.matcher(constant).matches()) {
            return Optional.of("<float>");
        }
        if (constant.equals("True") || constant.equals("False")) {
            return Optional.of("<bool>");
        }
        if (STR.matcher(constant).matches()) {
            return Optional.of("<str>");
        }
        return Optional.empty();
    }

    /** A compared subject is a shape where it reads a size or stride, an object's attribute where it reads one, else a Python value. */
    private static RecompileKind comparedKind(String subject) {
        if (SHAPE_SUBJECT.matcher(subject).find()) {
            return RecompileKind.SHAPE;
        }
        if (subject.startsWith("len(")) {
            return RecompileKind.TYPE_LENGTH;
        }
        String plain = plainName(subject);
        return plain.matches("[A-Za-z_][A-Za-z_0-9]*(\\[[^\\]]+\\])*") ? RecompileKind.PYTHON_VALUE : RecompileKind.OBJECT;
    }

    /**
     * The innermost user frame of the lines after {@code User stack trace:}, as {@code file:line}, up
     * to a blank line. A frame's line is read with or without its indent: a source that kept each line
     * of a reason apart has stripped it ({@code GuardText}).
     */
    private static Optional<String> stackFrame(List<String> lines) {
        String frame = null;
        boolean inStack = false;
        for (String line : lines) {
            if (!inStack) {
                inStack = line.strip().equals(STACK);
                continue;
            }
            if (line.isBlank()) {
                break;
            }
            frame = UserFrame.usersFrame("  " + line.strip()).orElse(frame);
        }
        return Optional.ofNullable(frame);
    }

    /**
     * The comment's {@code file:line}, less its first path segment. PyTorch shortens the path by its common
     * prefix with torch's install folder and one character more ({@code torch/utils/_traceback.py},
     * {@code shorten_filename}): where they share only {@code /}, the path's own first character goes too, so
     * {@code /capture/tests/scenarios.py} is written {@code apture/tests/scenarios.py}. The segments after the
     * first are the file's; a path of one segment is kept as written.
     */
    private static Optional<String> commentSite(String first) {
        Matcher site = COMMENT_SITE.matcher(first);
        if (!site.find() || !UserFrame.isUsers(site.group(1))) {
            return Optional.empty();
        }
        String path = site.group(1);
        int slash = path.indexOf('/');
        return Optional.of(slash < 0 ? path : path.substring(slash + 1));
    }
}
