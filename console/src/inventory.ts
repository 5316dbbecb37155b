// A node's hardware as inspection recorded it (GET /v1/nodes/{id}/inventory: IPA's inventory).
import { bytes, html, Html } from './html';
import { neighbours, Neighbour } from './lldp';

export const neighbourText = (n: Neighbour | undefined) =>
  n ? `${n.switchName || n.switchId}${n.switchName && n.switchId ? ` (${n.switchId})` : ''} port ${n.portId}` : '–';

function speed(nic: any): string {
  const mbps = nic.speed_mbps ?? nic.speed;
  return mbps ? (mbps >= 1000 ? `${mbps / 1000} Gb/s` : `${mbps} Mb/s`) : '–';
}

export function inventoryView(doc: any | null): Html {
  const inv = doc?.inventory;
  if (!inv) return html`<p class="muted" data-testid="no-inventory">No inventory yet: inspect the node to record its hardware.</p>`;
  const lldp = neighbours(doc);
  const vendor = inv.system_vendor ?? {};
  return html`<div data-testid="inventory">
  <dl class="facts">
    <dt>System</dt><dd>${[vendor.manufacturer, vendor.product_name].filter(Boolean).join(' ') || '–'}
      ${vendor.serial_number ? html`<span class="muted">serial ${vendor.serial_number}</span>` : ''}</dd>
    <dt>CPUs</dt><dd data-testid="cpus">${inv.cpu?.count ?? '–'} × ${inv.cpu?.model_name ?? '?'} (${inv.cpu?.architecture ?? '?'})</dd>
    <dt>Memory</dt><dd data-testid="memory">${inv.memory?.physical_mb ? bytes(inv.memory.physical_mb * 1024 * 1024) : bytes(inv.memory?.total)}</dd>
    <dt>Boot mode</dt><dd>${inv.boot?.current_boot_mode ?? '–'}</dd>
  </dl>
  <h3>Disks</h3>
  <table data-testid="disks"><thead><tr><th>Device</th><th>Size</th><th>Model</th><th>Serial</th><th>Type</th></tr></thead>
  <tbody>${(inv.disks ?? []).map((d: any) => html`<tr><td>${d.name}</td><td>${bytes(d.size)}</td><td>${d.model ?? '–'}</td>
    <td>${d.serial ?? '–'}</td><td>${d.rotational ? 'rotational' : 'solid state'}</td></tr>`)}</tbody></table>
  <h3>Network interfaces</h3>
  <table data-testid="nics"><thead><tr><th>Name</th><th>MAC</th><th>Speed</th><th>IPv4</th><th>LLDP neighbour</th></tr></thead>
  <tbody>${(inv.interfaces ?? []).map((n: any) => html`<tr><td>${n.name}</td><td>${n.mac_address}</td><td>${speed(n)}</td>
    <td>${n.ipv4_address ?? '–'}</td><td>${neighbourText(lldp.get(String(n.mac_address).toLowerCase()))}</td></tr>`)}</tbody></table>
  </div>`;
}
