// IPA's raw LLDP (inventory interfaces[].lldp: [[tlv type, hex value], ...]) read as the switch
// and port a NIC is plugged into. Parsed data from an inspection hook (plugin_data.parsed_lldp)
// and a port's local_link_connection are preferred when present; this is the fallback.

export interface Neighbour {
  switchId: string;
  switchName: string;
  portId: string;
  portDescription: string;
}

function hexBytes(hex: string): number[] {
  const clean = hex.replace(/[^0-9a-fA-F]/g, '');
  const out: number[] = [];
  for (let i = 0; i + 1 < clean.length; i += 2) out.push(parseInt(clean.slice(i, i + 2), 16));
  return out;
}

const text = (b: number[]) => String.fromCharCode(...b.filter((c) => c >= 32 && c < 127));
const mac = (b: number[]) => b.map((c) => c.toString(16).padStart(2, '0')).join(':');

/** Chassis/port id TLVs start with a subtype; 4 (chassis) and 3 (port) are MAC addresses. */
function idValue(b: number[], macSubtype: number): string {
  if (b.length === 0) return '';
  const [subtype, ...rest] = b;
  return subtype === macSubtype && rest.length === 6 ? mac(rest) : text(rest);
}

export function parseLldp(tlvs: unknown): Neighbour | null {
  if (!Array.isArray(tlvs) || tlvs.length === 0) return null;
  const n: Neighbour = { switchId: '', switchName: '', portId: '', portDescription: '' };
  for (const tlv of tlvs) {
    if (!Array.isArray(tlv) || tlv.length < 2) continue;
    const b = hexBytes(String(tlv[1]));
    switch (Number(tlv[0])) {
      case 1: n.switchId = idValue(b, 4); break;
      case 2: n.portId = idValue(b, 3); break;
      case 4: n.portDescription = text(b); break;
      case 5: n.switchName = text(b); break;
    }
  }
  return n.switchId || n.portId ? n : null;
}

/** A hook's parsed form (lldp_basic: switch_chassis_id, switch_port_id, switch_system_name, ...). */
export function fromParsed(p: any): Neighbour | null {
  if (!p || typeof p !== 'object') return null;
  const n = {
    switchId: String(p.switch_chassis_id ?? ''),
    switchName: String(p.switch_system_name ?? ''),
    portId: String(p.switch_port_id ?? ''),
    portDescription: String(p.switch_port_description ?? ''),
  };
  return n.switchId || n.portId ? n : null;
}

/** A port's local_link_connection ({switch_id, port_id, switch_info}). */
export function fromLocalLink(l: any): Neighbour | null {
  if (!l || (!l.switch_id && !l.port_id)) return null;
  return { switchId: String(l.switch_id ?? ''), switchName: String(l.switch_info ?? ''),
    portId: String(l.port_id ?? ''), portDescription: '' };
}

/** The neighbour of each interface of an inventory, by MAC address. */
export function neighbours(inventoryDoc: any): Map<string, Neighbour> {
  const out = new Map<string, Neighbour>();
  const parsed = inventoryDoc?.plugin_data?.parsed_lldp ?? {};
  for (const nic of inventoryDoc?.inventory?.interfaces ?? []) {
    const found = fromParsed(parsed[nic.name]) ?? parseLldp(nic.lldp);
    if (found && nic.mac_address) out.set(String(nic.mac_address).toLowerCase(), found);
  }
  return out;
}
