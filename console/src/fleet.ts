// The fleet table: every node the caller may see, filtered and searched in the page, with a
// progress bar for each node that is busy. Two ticked rows open the inspection comparison.
import { getAll } from './api';
import { html, Html } from './html';
import { progressOf } from './progress';

export interface Filters {
  search: string;
  state: string;
  power: string;
  maintenance: string;
  failed: boolean;
}

export const filters: Filters = { search: '', state: '', power: '', maintenance: '', failed: false };
const picked = new Set<string>();

export async function loadNodes(): Promise<any[]> {
  return getAll('/v1/nodes/detail', 'nodes');
}

export function progressBar(node: any): Html {
  const p = progressOf(node);
  if (!p.running) return html``;
  const width = p.percent ?? 100;
  return html`<div class="progress ${p.percent === null ? 'busy' : ''}" role="progressbar"
      data-testid="progress" data-step="${p.step}" data-percent="${p.percent ?? ''}"
      aria-valuenow="${p.percent ?? ''}" aria-valuemin="0" aria-valuemax="100" title="${p.detail}">
    <div class="bar" style="width:${width}%"></div>
    <span>${p.step}${p.percent !== null ? ` ${p.percent}%` : ''}</span></div>`;
}

function matches(node: any): boolean {
  const f = filters;
  if (f.state && node.provision_state !== f.state) return false;
  if (f.power && node.power_state !== f.power) return false;
  if (f.maintenance === 'yes' && !node.maintenance) return false;
  if (f.maintenance === 'no' && node.maintenance) return false;
  if (f.failed && !node.last_error) return false;
  if (f.search) {
    const haystack = [node.name, node.uuid, node.owner, node.resource_class, node.last_error, node.provision_state]
      .filter(Boolean).join(' ').toLowerCase();
    if (!haystack.includes(f.search.toLowerCase())) return false;
  }
  return true;
}

const options = (values: string[], chosen: string) =>
  values.map((v) => html`<option value="${v}" ${v === chosen ? new Html('selected') : ''}>${v}</option>`);

export function fleetControls(nodes: any[]): Html {
  const states = [...new Set(nodes.map((n) => n.provision_state))].sort();
  const powers = [...new Set(nodes.map((n) => n.power_state).filter(Boolean))].sort();
  return html`<div class="filters">
    <input type="search" id="search" data-testid="search" placeholder="Search name, UUID, owner, error…"
      value="${filters.search}">
    <select id="f-state" data-testid="filter-state"><option value="">any state</option>${options(states, filters.state)}</select>
    <select id="f-power" data-testid="filter-power"><option value="">any power</option>${options(powers, filters.power)}</select>
    <select id="f-maint" data-testid="filter-maintenance">
      <option value="">maintenance: any</option>${options(['yes', 'no'], filters.maintenance)}</select>
    <label><input type="checkbox" id="f-failed" ${filters.failed ? new Html('checked') : ''}> with last error</label>
    <button id="compare" data-testid="compare" ${picked.size === 2 ? '' : new Html('disabled')}>Compare 2 ticked</button>
  </div>`;
}

export function fleetTable(nodes: any[]): Html {
  for (const uuid of [...picked]) if (!nodes.some((n) => n.uuid === uuid)) picked.delete(uuid);
  const shown = nodes.filter(matches).sort((a, b) => String(a.name ?? a.uuid).localeCompare(String(b.name ?? b.uuid)));
  const rows = shown.map((n) => html`<tr data-node="${n.uuid}" data-testid="node-row" data-name="${n.name ?? ''}"
      data-state="${n.provision_state}" class="${n.last_error ? 'has-error' : ''}">
    <td><input type="checkbox" class="pick" data-uuid="${n.uuid}" aria-label="tick for comparison"
      ${picked.has(n.uuid) ? new Html('checked') : ''}></td>
    <td><a href="#/node/${n.uuid}">${n.name ?? n.uuid}</a></td>
    <td class="state" data-testid="state"><span class="badge s-${String(n.provision_state).replace(/\W+/g, '-')}">${n.provision_state}</span>
      ${n.target_provision_state ? html`→ ${n.target_provision_state}` : ''}</td>
    <td>${n.power_state ?? '–'}${n.target_power_state ? html` → ${n.target_power_state}` : ''}</td>
    <td>${n.maintenance ? html`<span class="badge warn" title="${n.maintenance_reason ?? ''}">maintenance</span>` : ''}
      ${n.fault ? html`<span class="badge err">${n.fault}</span>` : ''}</td>
    <td>${n.resource_class ?? '–'}</td>
    <td>${n.owner ?? '–'}</td>
    <td class="error" data-testid="last-error"><div title="${n.last_error ?? ''}">${n.last_error ?? ''}</div></td>
    <td class="progress-cell">${progressBar(n)}</td></tr>`);
  return html`<p class="count" data-testid="count">${shown.length} of ${nodes.length} nodes</p>
  <table class="fleet" data-testid="fleet"><thead><tr><th></th><th>Name</th><th>State</th><th>Power</th>
    <th>Maintenance / fault</th><th>Resource class</th><th>Owner</th><th>Last error</th><th>Progress</th></tr></thead>
  <tbody>${rows}</tbody></table>`;
}

/** Wires the filter inputs; `redraw` repaints the table only, so typing keeps the focus. */
export function bindFleet(root: HTMLElement, redraw: () => void): void {
  const on = (id: string, event: string, apply: (el: any) => void) =>
    root.querySelector(`#${id}`)?.addEventListener(event, (e) => { apply(e.target); redraw(); });
  on('search', 'input', (el) => { filters.search = el.value; });
  on('f-state', 'change', (el) => { filters.state = el.value; });
  on('f-power', 'change', (el) => { filters.power = el.value; });
  on('f-maint', 'change', (el) => { filters.maintenance = el.value; });
  on('f-failed', 'change', (el) => { filters.failed = el.checked; });
  root.addEventListener('change', (e) => {
    const box = e.target as HTMLInputElement;
    if (!box.classList.contains('pick')) return;
    if (box.checked) picked.add(box.dataset.uuid as string); else picked.delete(box.dataset.uuid as string);
    const button = root.querySelector('#compare') as HTMLButtonElement | null;
    if (button) button.disabled = picked.size !== 2;
  });
  root.querySelector('#compare')?.addEventListener('click', () => {
    const [a, b] = [...picked];
    window.location.hash = `#/compare?a=${a}&b=${b}`;
  });
}
