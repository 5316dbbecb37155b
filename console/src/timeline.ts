// A node's history (GET /v1/nodes/{id}/history) as a timeline, newest first: what happened, its
// cause, who asked, and the facts recorded with it. Unknown kinds show by their event text.
import { html, Html, when } from './html';

const SKIP = new Set(['cause']);

function details(record: any): Html {
  const d = record.details;
  if (!d || typeof d !== 'object') return html``;
  const entries = Object.entries(d).filter(([k, v]) => !SKIP.has(k) && v !== null && v !== undefined && v !== '');
  if (!entries.length) return html``;
  return html`<dl class="details">${entries.map(([k, v]) =>
    html`<dt>${k}</dt><dd>${typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd>`)}</dl>`;
}

export function timelineView(records: any[]): Html {
  if (!records.length) return html`<p class="muted">No history recorded yet.</p>`;
  const items = [...records].reverse().map((r) => {
    // Shown once: newer conductors already end the event text with its cause.
    const cause = r.details?.cause && !String(r.event ?? '').includes(r.details.cause) ? r.details.cause : null;
    return html`<li class="sev-${String(r.severity ?? 'INFO').toLowerCase()}" data-testid="timeline-entry"
        data-severity="${r.severity ?? ''}" data-kind="${r.kind ?? r.event_type ?? ''}">
      <time>${when(r.created_at)}</time>
      <span class="badge">${r.kind ?? r.event_type ?? 'event'}</span>
      ${r.severity && r.severity !== 'INFO' ? html`<span class="badge err">${r.severity}</span>` : ''}
      <div class="event">${r.event}</div>
      ${cause ? html`<div class="cause">cause: ${cause}</div>` : ''}
      ${r.user ? html`<div class="muted">by ${r.user}</div>` : ''}
      ${details(r)}</li>`;
  });
  return html`<ol class="timeline" data-testid="timeline">${items}</ol>`;
}
