/** The page's one stylesheet: system fonts, no external resource. Verdict colours are the plots' Okabe-Ito ones. */
export const VIEWER_STYLE = `
:root { --better: #0072B2; --worse: #D55E00; --neither: #6b6b6b; --gold: #b8860b; --line: #d9d9d9; --soft: #f5f5f5; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; margin: 0; color: #1d1d1d; background: #fff; }
header, section { padding: 12px 20px; }
header { border-bottom: 1px solid var(--line); background: var(--soft); }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 8px 0; }
code, pre, .mono { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { background: #fff; }
.offline { background: #fff4d6; border: 1px solid #e6c66e; padding: 6px 10px; display: inline-block; margin: 4px 0; }
.verdict { font-weight: 600; }
.verdict.ok { color: var(--better); } .verdict.fail { color: var(--worse); }
.figures { display: flex; flex-wrap: wrap; gap: 16px; margin: 12px 0; }
.figures figure { margin: 0; } .figures img { max-width: 100%; height: auto; border: 1px solid var(--line); }
figcaption { font-size: 12px; color: var(--neither); }
table.report tr.group th { background: var(--soft); padding-top: 8px; }
tr.v-better td:first-child { border-left: 4px solid var(--better); }
tr.v-worse td:first-child { border-left: 4px solid var(--worse); }
tr.v-neither td:first-child { border-left: 4px solid transparent; }
.n, .note { color: var(--neither); font-size: 12px; }
button { font: inherit; cursor: pointer; }
.metric-link { background: none; border: 0; padding: 0; color: #1d4f91; text-decoration: underline dotted; }
.filters { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: center; padding: 8px 0; position: sticky; top: 0; background: #fff; z-index: 2; border-bottom: 1px solid var(--line); }
.filters label { white-space: nowrap; }
#f-count { color: var(--neither); }
table.tasks { width: 100%; }
table.tasks tbody tr.task { cursor: pointer; }
table.tasks tbody tr.task:hover { background: #eef4fb; }
table.tasks tbody tr.task.open { background: #e2ecf8; }
.q { color: #444; max-width: 40ch; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.o-answered { color: var(--better); } .o-refused, .o-missing { color: var(--worse); font-style: italic; }
.o-timeout, .o-budget_exhausted, .o-exhausted_finalized, .o-starved_reply, .o-unanswered_empty { color: var(--worse); }
.diff { color: var(--worse); font-weight: 700; }
.better { color: var(--better); font-weight: 600; } .worse { color: var(--worse); font-weight: 600; }
tr.detail-row > td { background: var(--soft); padding: 10px; }
.task-head h3 { margin: 0 0 4px; font-size: 16px; }
.arms-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin-top: 8px; }
.arm { background: #fff; border: 1px solid var(--line); padding: 8px; min-width: 0; }
.arm h4 { margin: 0 0 6px; font-size: 14px; }
.answer { white-space: pre-wrap; background: var(--soft); padding: 4px 6px; max-height: 8em; overflow: auto; }
.turn { border-top: 1px dashed var(--line); padding-top: 4px; margin-top: 6px; }
.turn-head { font-size: 12px; color: var(--neither); }
.content { white-space: pre-wrap; max-height: 10em; overflow: auto; margin: 2px 0; }
.call { border: 1px solid var(--line); border-left: 4px solid #9aa; margin: 6px 0; padding: 4px 6px; }
.call.needless { border-left-color: var(--worse); }
.call.gold { border-left-color: var(--gold); }
.call-head { display: flex; flex-wrap: wrap; gap: 6px; align-items: baseline; }
.tool { font-weight: 600; }
.badge { font-size: 11px; padding: 0 5px; border-radius: 8px; border: 1px solid; }
.badge.ok { color: var(--better); } .badge.error { color: var(--worse); }
.badge.needless { color: var(--worse); background: #fdeee6; }
.badge.gold { color: #6b4e00; background: #fbefc6; border-color: var(--gold); }
.muted { color: var(--neither); font-size: 12px; }
pre { white-space: pre-wrap; word-break: break-word; margin: 3px 0; padding: 4px 6px; background: var(--soft); max-height: 16em; overflow: auto; }
pre.full { max-height: 32em; border-left: 2px solid var(--better); }
.empty { color: var(--neither); font-style: italic; }
details.task { border-bottom: 1px solid var(--line); padding: 4px 0; }
details.task > summary { cursor: pointer; }
details.task[open] > summary { background: #e2ecf8; }
.overlays-grid { display: grid; gap: 12px; margin: 8px 0; }
ol.ranked { padding-left: 28px; margin: 4px 0; } ol.ranked li.gold { background: #fbefc6; }
table.task-metrics td, table.task-metrics th { padding: 1px 6px; font-size: 12px; }
.diff-text .add { color: #0a5d2a; background: #e6f6ea; } .diff-text .del { color: #8a1c00; background: #fdeee6; } .diff-text .hunk { color: #1d4f91; }
.decision-accepted { color: var(--better); font-weight: 600; } .decision-rejected { color: var(--worse); font-weight: 600; }
[hidden] { display: none !important; }
`;
