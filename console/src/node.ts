// One node: its state and actions, the live progress of the current step, its properties,
// inventory, ports and timeline. Everything comes from the public API.
import { actionsFor, perform } from './actions';
import { ApiError, get, getAll } from './api';
import { progressBar } from './fleet';
import { html, Html, when } from './html';
import { inventoryView } from './inventory';
import { fromLocalLink } from './lldp';
import { progressOf } from './progress';
import { timelineView } from './timeline';

export interface NodeData {
  node: any;
  inventory: any | null;
  ports: any[];
  history: any[];
}

async function optional<T>(load: Promise<T>, fallback: T): Promise<T> {
  try {
    return await load;
  } catch (e) {
    // No inventory yet (404) or a conductor without history: the rest of the page still shows.
    if (e instanceof ApiError && (e.status === 404 || e.status === 406)) return fallback;
    throw e;
  }
}

export async function loadNode(id: string): Promise<NodeData> {
  const node = await get(`/v1/nodes/${encodeURIComponent(id)}`);
  const [inventory, ports, history] = await Promise.all([
    optional(get(`/v1/nodes/${node.uuid}/inventory`), null),
    optional(getAll(`/v1/ports/detail?node_uuid=${node.uuid}`, 'ports'), []),
    optional(getAll(`/v1/nodes/${node.uuid}/history?detail=true`, 'history'), []),
  ]);
  return { node, inventory, ports, history };
}

function row(label: string, value: unknown): Html {
  return html`<dt>${label}</dt><dd>${value === null || value === undefined || value === '' ? '–' : value}</dd>`;
}

function currentStep(node: any): Html {
  const p = progressOf(node);
  if (!p.running) return html`<p class="muted" data-testid="current-step">Nothing running.</p>`;
  return html`<div data-testid="current-step"><p><strong>${p.step}</strong> ${p.detail}</p>${progressBar(node)}</div>`;
}

export function nodeView(data: NodeData): Html {
  const n = data.node;
  const props = n.properties ?? {};
  const instance = n.instance_info ?? {};
  return html`<header class="node-head">
    <h1 data-testid="node-name">${n.name ?? n.uuid}</h1>
    <span class="badge s-${String(n.provision_state).replace(/\W+/g, '-')}" data-testid="node-state">${n.provision_state}</span>
    ${n.target_provision_state ? html`<span class="muted">→ ${n.target_provision_state}</span>` : ''}
    <span class="badge">${n.power_state ?? 'power unknown'}</span>
    ${n.maintenance ? html`<span class="badge warn">maintenance${n.maintenance_reason ? `: ${n.maintenance_reason}` : ''}</span>` : ''}
    ${n.fault ? html`<span class="badge err">fault: ${n.fault}</span>` : ''}
  </header>
  <div class="actions" data-testid="actions">${actionsFor(n).map((a) =>
    html`<button data-action="${a.id}" class="${a.warning ? 'danger' : ''}">${a.label}</button>`)}</div>
  ${n.last_error ? html`<div class="last-error" data-testid="node-last-error"><strong>Last error:</strong> ${n.last_error}</div>` : ''}
  <section><h2>Current step</h2>${currentStep(n)}</section>
  <div class="columns">
  <section><h2>Properties</h2><dl class="facts">
    ${row('UUID', n.uuid)}${row('Driver', n.driver)}${row('Resource class', n.resource_class)}
    ${row('Owner', n.owner)}${row('Lessee', n.lessee)}${row('Conductor', n.conductor)}
    ${row('CPUs', props.cpus)}${row('Memory (MiB)', props.memory_mb)}${row('Local disk (GiB)', props.local_gb)}
    ${row('Architecture', props.cpu_arch)}${row('Image', instance.image_source)}
    ${row('Deploy interface', n.deploy_interface)}${row('Boot interface', n.boot_interface)}
    ${row('Traits', (n.traits ?? []).join(', '))}${row('Updated', when(n.updated_at))}
  </dl></section>
  <section><h2>Ports</h2>
    <table data-testid="ports"><thead><tr><th>MAC</th><th>PXE</th><th>Switch / port</th></tr></thead>
    <tbody>${data.ports.map((p) => {
      const link = fromLocalLink(p.local_link_connection);
      return html`<tr><td>${p.address}</td><td>${p.pxe_enabled ? 'yes' : 'no'}</td>
        <td>${link ? `${link.switchName || link.switchId} ${link.portId}` : '–'}</td></tr>`;
    })}</tbody></table>
  </section></div>
  <section><h2>Inventory</h2>${inventoryView(data.inventory)}</section>
  <section><h2>Timeline</h2>${timelineView(data.history)}</section>`;
}

export function bindNode(root: HTMLElement, data: NodeData, refresh: () => void): void {
  root.querySelectorAll<HTMLButtonElement>('[data-action]').forEach((button) => {
    const action = actionsFor(data.node).find((a) => a.id === button.dataset.action);
    button.addEventListener('click', async () => {
      if (!action) return;
      button.disabled = true;
      const done = await perform(action, data.node);
      button.disabled = false;
      if (done) refresh();
    });
  });
}
