package dev.compilereceipt.approval;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.compilereceipt.diff.FigureGroup;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What an approval found under its {@link ApprovalRules}: each figure that moved and was judged
 * ({@link Finding}), and how many times moved within their bands. It passes when no finding fails:
 * counts are exact, a regression always fails, an improvement fails only in ratchet mode, a time
 * fails only beyond its band, in either direction.
 *
 * <p>Example:
 * <pre>{@code
 * Judgement judgement = ApprovalCheck.judge(ReceiptJson.tree(receipt), ReceiptJson.tree(Receipt.of(trace)), List.of(),
 *         ApprovalRules.EXACT.withinMargins());
 * judgement.passed();       // false
 * judgement.text("approved", "received");
 * // 1 figure moved beyond the rules (approved → received; counts exact, times within their margins):
 * //   variants
 * //     runs.baseline.phases.changed.compiles: 2 → 3 (regression)
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public record Judgement(List<Finding> findings, int withinBands, ApprovalRules rules) {

    public Judgement {
        findings = List.copyOf(findings);
    }

    public boolean passed() {
        return failures().isEmpty();
    }

    /** The findings that fail the check, most important first. */
    public List<Finding> failures() {
        return findings.stream().filter(Finding::fails).toList();
    }

    /** The improvements that passed (outside ratchet mode), to be reported. */
    public List<Finding> improvements() {
        return findings.stream().filter(f -> !f.fails() && f.direction() == Finding.Direction.IMPROVEMENT).toList();
    }

    /**
     * The failures under a heading per group, variants first and times last with their bands, then
     * what passed: the improvements and how many times moved within their bands.
     */
    public String text(String approvedName, String receivedName) {
        List<Finding> failures = failures();
        StringBuilder out = new StringBuilder();
        if (failures.isEmpty()) {
            out.append("no figure moved beyond the rules (").append(rules.describe()).append(')');
        } else {
            out.append(failures.size()).append(failures.size() == 1 ? " figure moved" : " figures moved")
                    .append(" beyond the rules (").append(approvedName).append(" → ").append(receivedName).append("; ")
                    .append(rules.describe()).append("):");
            FigureGroup group = null;
            for (Finding finding : failures) {
                if (finding.group() != group) {
                    group = finding.group();
                    out.append("\n  ").append(group.title());
                }
                out.append("\n    ").append(finding.text(rules.ratchet()));
            }
        }
        for (Finding improved : improvements()) {
            out.append("\n  passed, improved: ").append(improved.text(false));
        }
        if (withinBands > 0) {
            out.append("\n  (").append(withinBands).append(withinBands == 1 ? " time" : " times").append(" moved within ")
                    .append(withinBands == 1 ? "its band)" : "their bands)");
        }
        return out.toString();
    }

    /**
     * <code>{"passed": false, "rules": "...", "within_bands": 3, "findings": [{"group", "figure", "approved",
     * "received", "direction", "fails", "band": {"low", "high", "from"}, "factor", "approve"}]}</code>, for CI annotations.
     */
    public ObjectNode json() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode root = nodes.objectNode();
        root.put("passed", passed());
        root.put("rules", rules.describe());
        root.put("within_bands", withinBands);
        ArrayNode list = root.putArray("findings");
        for (Finding finding : findings) {
            ObjectNode node = list.addObject();
            node.put("group", finding.group().title());
            node.put("figure", finding.figure());
            node.put("approved", finding.approved().orElse(null));
            node.put("received", finding.received().orElse(null));
            node.put("direction", finding.direction().id());
            node.put("fails", finding.fails());
            finding.band().ifPresent(band -> {
                ObjectNode b = node.putObject("band");
                b.put("low", band.low());
                b.put("high", band.high());
                b.put("from", band.from());
            });
            if (finding.factor().isPresent()) {
                node.put("factor", finding.factor().getAsDouble());
            }
            node.put("approve", finding.toApprove());
            node.put("message", finding.text(rules.ratchet()));
        }
        return root;
    }
}
