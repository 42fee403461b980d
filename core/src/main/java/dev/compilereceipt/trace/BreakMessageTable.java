package dev.compilereceipt.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The break messages of a release without graph-break ids, each with its kind: the shipped
 * {@code break-messages.tsv}, which {@code capture/derive-break-messages.py} derives from the
 * {@code unimplemented(...)} calls and {@code Unsupported} raises of PyTorch 2.6's
 * {@code torch/_dynamo}. A template is literal text with {@code {}} where PyTorch put a value;
 * a message matches when it begins with the template's text, each {@code {}} standing for any
 * text, and the matching template with the most literal text wins. Matching takes each literal
 * part at its first place, which is exact for a template matched as a prefix and linear in the
 * message, whatever a hostile one holds.
 *
 * <p>Example: {@code Input tensor for tolist must be an integer tensor} is {@code device-sync};
 * {@code 'skip function graph_break in file .../torch/_dynamo/decorators.py'} matches
 * {@code 'skip function {} in file {}'}, {@code by-operand}, with the operands
 * {@code graph_break} and the file.
 */
final class BreakMessageTable {

    private static final String TABLE = "/dev/compilereceipt/break-messages.tsv";
    private static final Pattern WORD = Pattern.compile("[A-Za-z]{3}");
    private static final List<Template> TEMPLATES = load();

    private BreakMessageTable() {
    }

    /** A message's template, with the text its {@code {}} stood for: empty when no template matches. */
    static Optional<Match> match(String message) {
        for (Template template : TEMPLATES) {
            Optional<List<String>> operands = template.operandsOf(message);
            if (operands.isPresent()) {
                return Optional.of(new Match(template, operands.get()));
            }
        }
        return Optional.empty();
    }

    /** How many templates the table holds that can match a message. */
    static int size() {
        return TEMPLATES.size();
    }

    /** A matched template: its kind label ({@code by-operand} included) and what its {@code {}} stood for. */
    record Match(Template template, List<String> operands) {
        String kind() {
            return template.kind;
        }
    }

    /** One row: the literal parts between the {@code {}}, and the row's kind label. */
    record Template(List<String> parts, String kind, int literalLength) {

        Optional<List<String>> operandsOf(String message) {
            if (!message.startsWith(parts.get(0))) {
                return Optional.empty();
            }
            List<String> operands = new ArrayList<>(parts.size() - 1);
            int at = parts.get(0).length();
            for (int i = 1; i < parts.size(); i++) {
                String part = parts.get(i);
                boolean last = i == parts.size() - 1;
                int found = part.isEmpty() ? (last ? message.length() : at) : message.indexOf(part, at);
                if (found < 0) {
                    return Optional.empty();
                }
                operands.add(message.substring(at, found));
                at = found + part.length();
            }
            return Optional.of(operands);
        }

        static Template of(String cell, String kind) {
            List<String> parts = new ArrayList<>();
            StringBuilder part = new StringBuilder();
            for (int i = 0; i < cell.length(); i++) {
                char c = cell.charAt(i);
                char next = i + 1 < cell.length() ? cell.charAt(i + 1) : 0;
                if (c == '\\' && next != 0) {
                    part.append(next == 't' ? '\t' : next == 'n' ? '\n' : next);
                    i++;
                } else if ((c == '{' && next == '{') || (c == '}' && next == '}')) {
                    part.append(c);
                    i++;
                } else if (c == '{' && next == '}') {
                    parts.add(part.toString());
                    part.setLength(0);
                    i++;
                } else {
                    part.append(c);
                }
            }
            parts.add(part.toString());
            return new Template(List.copyOf(parts), kind, parts.stream().mapToInt(String::length).sum());
        }
    }

    private static List<Template> load() {
        try (InputStream in = BreakMessageTable.class.getResourceAsStream(TABLE)) {
            if (in == null) {
                throw new IllegalStateException("the resource " + TABLE + " is missing from the compile-receipt jar");
            }
            List<Template> templates = new ArrayList<>();
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] columns = line.split("\t", -1);
                if (columns.length != 4 || !(BreakKindRules.BY_OPERAND.equals(columns[1]) || BreakKind.ofLabel(columns[1]).isPresent())) {
                    throw new IllegalStateException(TABLE + ": a row is template, kind, where, function with a known kind, found: " + line);
                }
                Template template = Template.of(columns[0], columns[1]);
                if (WORD.matcher(String.join("", template.parts)).find()) {
                    templates.add(template);      // a template without a word ({} {}) matches nearly every message and says nothing
                }
            }
            templates.sort(Comparator.comparingInt(Template::literalLength).reversed());     // stable: ties keep the table's order
            return List.copyOf(templates);
        } catch (IOException e) {
            throw new UncheckedIOException(TABLE + " could not be read", e);
        }
    }
}
