package dev.compilereceipt.read.torchtrace;

import dev.compilereceipt.trace.BreakDetail;
import dev.compilereceipt.trace.Event;

/**
 * A graph break one compile reported, while its site may still be unknown. Its site is known at
 * once from a {@code dynamo_graph_break_reason} artifact; in older logs, which record breaks only
 * as {@code restart_reasons}, it is pending until {@link BreakSiteResolver} finds the resume frame
 * that names the line. Only {@link CompileTracker} and the resolver hold it: a finished
 * {@link LogCompile} holds the settled {@link Event.Break}.
 */
final class LogBreak {

    private final String reason;
    private final BreakDetail detail;
    private final String frameName;
    private final String file;
    private String site;

    private LogBreak(String site, String reason, BreakDetail detail, String frameName, String file) {
        this.site = site;
        this.reason = reason;
        this.detail = detail;
        this.frameName = frameName;
        this.file = file;
    }

    static LogBreak at(String site, String reason, BreakDetail detail) {
        return new LogBreak(site, reason, detail, "", "");
    }

    /** A break whose site is the line named by the resume frame of {@code frameName} in {@code file}. */
    static LogBreak pending(String reason, BreakDetail detail, String frameName, String file) {
        return new LogBreak(null, reason, detail, frameName, file);
    }

    void settle(String resolvedSite) {
        if (site == null) {
            site = resolvedSite;
        }
    }

    boolean isPending() {
        return site == null;
    }

    Event.Break settled() {
        return new Event.Break(site, reason, 0, detail);
    }

    String frameName() {
        return frameName;
    }

    String file() {
        return file;
    }
}
