package dev.compilereceipt.view.html;

/**
 * The inline style sheet of the HTML view. System fonts only, nothing loaded; it holds no
 * {@code <} or {@code &} so the page stays well-formed XML.
 */
final class ReportStyle {

    private ReportStyle() {
    }

    /**
     * The runs side by side while both timelines fit whole, one below the other in a narrower window;
     * a box narrower than its drawing scrolls inside itself, so nothing is ever drawn over a
     * neighbour (at 1200 px the baseline's wall times once covered the candidate's call ids).
     */
    private static final String RUNS = ".runs { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, "
            + (int) CallTimeline.WIDTH + "px), 1fr)); gap: 12px 24px; }\n"
            + ".runs > .run { min-width: 0; overflow-x: auto; }\n";
    /** The phase cards four abreast when the bars fit, fewer a row when not; 22 px is a card's padding and border. */
    private static final String PHASE_CARDS = ".phase-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, "
            + (int) (PhaseBars.WIDTH + 22) + "px), 1fr)); gap: 14px; margin-bottom: 12px; }\n"
            + ".phase-card { min-width: 0; overflow-x: auto; }\n";

    static final String CSS = """

            :root { --region: #2f6fbf; --region-new: #173f73; --island: #e07b1a; --compile: #8a5cc7;
              --fallback: #d23b3b; --rest: #d3d9e0; --uncompiled: #9aa5b1; --ink: #1d2430; --muted: #5b6675;
              --line: #e3e7ec; --band: #f5f7f9; }
            * { box-sizing: border-box; }
            body { margin: 0; padding: 20px 28px 40px; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto,
              "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
            h1 { font-size: 22px; margin: 0 0 8px; }
            h2 { font-size: 17px; margin: 26px 0 6px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
            h3 { font-size: 14px; margin: 8px 0 6px; }
            h3 .sub { font-weight: normal; color: var(--muted); }
            code, .site, .guard { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
            .note { color: var(--muted); margin: 2px 0 10px; max-width: 1100px; }
            dl.fixture { display: flex; flex-wrap: wrap; gap: 4px 22px; margin: 0 0 8px; }
            dl.fixture div { display: flex; gap: 6px; max-width: 100%; }
            dl.fixture dd { min-width: 0; overflow-wrap: anywhere; }
            dl.fixture dt { color: var(--muted); }
            dl.fixture dd { margin: 0; font-weight: 600; }
            dl.fixture div[data-field$="sha256"] dd { font: 11px "DejaVu Sans Mono", monospace; font-weight: normal; }
            .verdict { display: inline-block; margin: 4px 0 0; padding: 4px 10px; border-radius: 4px; font-weight: 600; }
            .verdict.ok { background: #e5f4ea; color: #1f6b3a; }
            .verdict.failed { background: #fde8e8; color: #9b1c1c; }
            code.failure { background: #fde8e8; color: #9b1c1c; padding: 1px 5px; border-radius: 3px; }
            .stack > div { margin-bottom: 10px; overflow-x: auto; }
            .legend { display: flex; flex-wrap: wrap; gap: 4px 24px; align-items: flex-start; margin-bottom: 6px; }
            .legend p { flex: 1 1 100%; margin: 0; color: var(--muted); max-width: 1300px; }
            .keys { display: flex; flex-wrap: wrap; gap: 4px 16px; flex: 1 1 600px; align-content: flex-start; padding-top: 6px; }
            .key { white-space: nowrap; }
            .key svg { vertical-align: -1px; }
            svg text { font: 11px system-ui, "DejaVu Sans", sans-serif; fill: var(--ink); }
            svg .head { font-weight: 600; }
            svg .tick { fill: var(--muted); font-size: 10px; }
            svg .grid { stroke: var(--line); stroke-width: 1; }
            svg .ruler text { fill: var(--muted); }
            .phase-band { fill: #eef1f5; }
            .phase-name { font-weight: 600; }
            .row-band { fill: transparent; }
            g.call:hover .row-band { fill: #fff7d6; }
            g.call.finding .id { fill: var(--fallback); font-weight: 600; }
            .id { font-family: "DejaVu Sans Mono", monospace; }
            text.cache { fill: var(--muted); font-size: 10px; }
            text.cache.compile { fill: var(--compile); font-weight: 600; }
            text.cache.fallback, text.cache.finding { fill: var(--fallback); font-weight: 600; }
            .region { fill: var(--region); }
            .region.new { fill: var(--region-new); }
            .island { fill: var(--island); }
            .compile { fill: var(--compile); }
            .fallback { fill: var(--fallback); }
            .cross { stroke: #fff; stroke-width: 1.6; fill: none; }
            .rest { fill: var(--rest); }
            .uncompiled { fill: #fff; stroke: var(--uncompiled); stroke-width: 1; stroke-dasharray: 3 2; }
            .num { font-variant-numeric: tabular-nums; }
            text.num.inside { fill: #fff; font-weight: 600; }
            text.wall { font-weight: 600; }
            .phase-card { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; }
            .phase-bars rect.baseline { fill: #6b7a8c; }
            .phase-bars rect.candidate { fill: #2f9e6b; }
            .phase-bars rect.p90 { opacity: 0.55; }
            .phase-bars .label { fill: var(--muted); }
            .comparison { margin: 2px 0 0; }
            .comparison.failed { color: #9b1c1c; }
            .comparison.none { color: var(--muted); }
            table.figures { border-collapse: collapse; width: 100%; font-size: 12px; }
            table.figures th, table.figures td { padding: 3px 6px; border-bottom: 1px solid var(--line); text-align: right; }
            table.figures th:first-child, table.figures td.variants, table.figures th:last-child { text-align: left; }
            table.figures thead th { color: var(--muted); font-weight: 600; vertical-align: bottom; }
            td.not-measured { color: var(--muted); font-style: italic; }
            .break-site { border-left: 4px solid var(--island); padding: 2px 0 4px 10px; margin-bottom: 10px; }
            .break-site .reason { margin: 2px 0; }
            .break-kind h4 { margin: 10px 0 6px; font-weight: 600; }
            .break-kind h4 .kind { font-family: ui-monospace, monospace; }
            .break-site .cause, .break-site .user-frame { margin: 2px 0; color: var(--muted); }
            .break-site .figures { margin: 2px 0 4px; color: var(--muted); }
            .break-site .figures .num { color: var(--ink); font-weight: 600; }
            .frequency .cell.zero { fill: var(--band); stroke: var(--line); }
            .frequency .cell.hot { fill: var(--island); }
            .frequency text { font-size: 10px; fill: #fff; font-weight: 600; }
            .frequency text.phase-initial { fill: var(--muted); font-weight: normal; font-size: 9px; }
            ol.variants { margin: 0; padding-left: 22px; }
            li.variant { margin-bottom: 6px; }
            li.variant p { margin: 0; }
            li.variant.fallback .what { color: #9b1c1c; }
            li.variant .reason { color: var(--muted); }
            ul.guards { display: flex; flex-wrap: wrap; gap: 3px 6px; list-style: none; margin: 3px 0 0; padding: 0; }
            ul.guards li { background: #fbf3dc; color: #4a3a12; border-radius: 3px; padding: 0 6px; }
            p.guards.none { color: var(--muted); font-style: italic; }
            dl.limits div, dl.compile-log div { display: grid; grid-template-columns: minmax(0, 260px) minmax(0, 1fr); gap: 12px; margin: 3px 0; }
            dl.limits dt, dl.compile-log dt { color: var(--muted); }
            dl.limits dd, dl.compile-log dd { margin: 0; overflow-wrap: anywhere; }
            ul.inline { display: flex; flex-wrap: wrap; gap: 4px 8px; list-style: none; margin: 0; padding: 0; }
            ul.inline li { background: var(--band); border: 1px solid var(--line); border-radius: 3px; padding: 0 6px; }
            dl.limits ul:not(.inline) { margin: 0; padding-left: 18px; }
            .not-measured { color: var(--muted); font-style: italic; }
            .none { color: var(--muted); }
            """ + RUNS + PHASE_CARDS + DecisionSection.CSS + StageBars.CSS;
}
