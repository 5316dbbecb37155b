// Nodes grouped by the switch and switch port their NICs are plugged into: a port's
// local_link_connection when set, otherwise the LLDP neighbour the inventory recorded.
import { ApiError, get, getAll } from './api';
import { html, Html } from './html';
import { fromLocalLink, Neighbour, neighbours } from './lldp';

interface Link {
  node: any;
  mac: string;
  neighbour: Neighbour | null;
}

async function inventories(nodes: any[]): Promise<Map<string, any>> {
  const out = new Map<string, any>();
  // A few at a time: one request per node, without flooding the conductor.
  for (let i = 0; i < nodes.length; i += 8) {
    await Promise.all(nodes.slice(i, i + 8).map(async (n) => {
      try {
        out.set(n.uuid, await get(`/v1/nodes/${n.uuid}/inventory`));
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 404)) throw e;
      }
    }));
  }
  return out;
}

export async function loadNetwork(): Promise<Link[]> {
  const [nodes, ports] = await Promise.all([getAll('/v1/nodes', 'nodes'), getAll('/v1/ports/detail', 'ports')]);
  const byUuid = new Map(nodes.map((n) => [n.uuid, n]));
  const docs = await inventories(nodes);
  const links: Link[] = [];
  const seen = new Set<string>();
  for (const p of ports) {
    const mac = String(p.address).toLowerCase();
    const lldp = neighbours(docs.get(p.node_uuid)).get(mac);
    links.push({ node: byUuid.get(p.node_uuid) ?? { uuid: p.node_uuid }, mac,
      neighbour: fromLocalLink(p.local_link_connection) ?? lldp ?? null });
    seen.add(mac);
  }
  for (const [uuid, doc] of docs) {
    for (const [mac, neighbour] of neighbours(doc)) {
      if (!seen.has(mac)) links.push({ node: byUuid.get(uuid), mac, neighbour });
    }
  }
  return links;
}

export function networkView(links: Link[]): Html {
  const switches = new Map<string, Map<string, Link[]>>();
  const unknown: Link[] = [];
  for (const link of links) {
    if (!link.neighbour) {
      unknown.push(link);
      continue;
    }
    const n = link.neighbour;
    const name = n.switchName ? `${n.switchName}${n.switchId ? ` (${n.switchId})` : ''}` : n.switchId;
    const ports = switches.get(name) ?? new Map<string, Link[]>();
    ports.set(n.portId, [...(ports.get(n.portId) ?? []), link]);
    switches.set(name, ports);
  }
  const nodeLink = (l: Link) => html`<a href="#/node/${l.node.uuid}">${l.node.name ?? l.node.uuid}</a> <span class="muted">${l.mac}</span>`;
  return html`<h1>Network</h1>
  <p class="muted">Switch and port per NIC, from ports' local_link_connection or the LLDP neighbours inspection recorded.</p>
  ${[...switches.entries()].sort().map(([name, ports]) => html`<section class="switch" data-testid="switch">
    <h2>${name}</h2><table><thead><tr><th>Switch port</th><th>Nodes</th></tr></thead><tbody>
    ${[...ports.entries()].sort().map(([port, ls]) => html`<tr><td>${port}</td><td>${ls.map(nodeLink)}</td></tr>`)}
    </tbody></table></section>`)}
  <section data-testid="no-neighbour"><h2>No switch known (${unknown.length})</h2>
    <p>${unknown.map((l) => html`<span class="chip">${nodeLink(l)}</span>`)}</p></section>`;
}
