package dev.compilereceipt.internal.torchtrace;

/**
 * A graph break one compile reported. Its site is known at once from a
 * {@code dynamo_graph_break_reason} artifact; in older logs, which record breaks only as
 * {@code restart_reasons}, it is pending until {@link BreakSiteResolver} finds the resume frame
 * that names the line. Once settled, the break is counted in its run's compile log.
 */
final class LogBreak {

    private final String reason;
    private final String frameName;
    private final String file;
    private final CompileLogBuilder log;
    private String site;

    private LogBreak(String site, String reason, String frameName, String file, CompileLogBuilder log) {
        this.reason = reason;
        this.frameName = frameName;
        this.file = file;
        this.log = log;
        if (site != null) {
            settle(site);
        }
    }

    static LogBreak at(String site, String reason, CompileLogBuilder log) {
        return new LogBreak(site, reason, "", "", log);
    }

    /** A break whose site is the line named by the resume frame of {@code frameName} in {@code file}. */
    static LogBreak pending(String reason, String frameName, String file, CompileLogBuilder log) {
        return new LogBreak(null, reason, frameName, file, log);
    }

    void settle(String resolvedSite) {
        if (site == null) {
            site = resolvedSite;
            log.countBreak(resolvedSite, reason);
        }
    }

    boolean isPending() {
        return site == null;
    }

    String site() {
        return site;
    }

    String reason() {
        return reason;
    }

    String frameName() {
        return frameName;
    }

    String file() {
        return file;
    }
}
