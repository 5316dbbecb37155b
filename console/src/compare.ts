// Two nodes' inspected hardware side by side; rows that differ are marked.
import { ApiError, get } from './api';
import { bytes, html, Html } from './html';

async function inventoryOf(id: string): Promise<any | null> {
  try {
    return (await get(`/v1/nodes/${encodeURIComponent(id)}/inventory`)).inventory ?? null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** Comparable facts of an inventory, by a stable label. */
function facts(inv: any | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!inv) return out;
  const v = inv.system_vendor ?? {};
  out.set('System', [v.manufacturer, v.product_name].filter(Boolean).join(' ') || '–');
  out.set('CPU model', inv.cpu?.model_name ?? '–');
  out.set('CPU count', String(inv.cpu?.count ?? '–'));
  out.set('Architecture', inv.cpu?.architecture ?? '–');
  out.set('Memory', inv.memory?.physical_mb ? bytes(inv.memory.physical_mb * 1048576) : bytes(inv.memory?.total));
  out.set('Boot mode', inv.boot?.current_boot_mode ?? '–');
  for (const d of inv.disks ?? []) {
    out.set(`Disk ${d.name}`, `${bytes(d.size)} ${d.model ?? ''} ${d.rotational ? 'HDD' : 'SSD'}`.trim());
  }
  for (const n of inv.interfaces ?? []) {
    const mbps = n.speed_mbps ?? n.speed;
    out.set(`NIC ${n.name}`, `${n.vendor ?? ''} ${n.product ?? ''} ${mbps ? mbps + ' Mb/s' : ''}`.trim() || 'present');
  }
  return out;
}

export async function loadCompare(a: string, b: string): Promise<[any, any, any | null, any | null]> {
  const [na, nb] = await Promise.all([get(`/v1/nodes/${encodeURIComponent(a)}`), get(`/v1/nodes/${encodeURIComponent(b)}`)]);
  const [ia, ib] = await Promise.all([inventoryOf(na.uuid), inventoryOf(nb.uuid)]);
  return [na, nb, ia, ib];
}

export function compareView(nodes: any[], [na, nb, ia, ib]: [any, any, any | null, any | null]): Html {
  const fa = facts(ia);
  const fb = facts(ib);
  const labels = [...new Set([...fa.keys(), ...fb.keys()])];
  const differing = labels.filter((l) => fa.get(l) !== fb.get(l)).length;
  const picker = (id: string, chosen: string) => html`<select id="${id}">${nodes.map((n) =>
    html`<option value="${n.uuid}" ${n.uuid === chosen ? new Html('selected') : ''}>${n.name ?? n.uuid}</option>`)}</select>`;
  return html`<h1>Compare hardware</h1>
  <div class="filters">${picker('cmp-a', na.uuid)} ${picker('cmp-b', nb.uuid)}</div>
  <p data-testid="compare-summary">${differing} of ${labels.length} facts differ.</p>
  <table class="compare" data-testid="compare"><thead><tr><th></th>
    <th><a href="#/node/${na.uuid}">${na.name ?? na.uuid}</a></th><th><a href="#/node/${nb.uuid}">${nb.name ?? nb.uuid}</a></th></tr></thead>
  <tbody>${labels.map((l) => html`<tr class="${fa.get(l) !== fb.get(l) ? 'differs' : ''}"><th>${l}</th>
    <td>${fa.get(l) ?? '–'}</td><td>${fb.get(l) ?? '–'}</td></tr>`)}</tbody></table>
  ${!ia || !ib ? html`<p class="muted">A node without inventory has not been inspected yet.</p>` : ''}`;
}

export function bindCompare(root: HTMLElement): void {
  const go = () => {
    const a = (root.querySelector('#cmp-a') as HTMLSelectElement).value;
    const b = (root.querySelector('#cmp-b') as HTMLSelectElement).value;
    window.location.hash = `#/compare?a=${a}&b=${b}`;
  };
  root.querySelector('#cmp-a')?.addEventListener('change', go);
  root.querySelector('#cmp-b')?.addEventListener('change', go);
}
