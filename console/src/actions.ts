// The common node actions, each one Ironic API call (deploy: the instance_info PATCH first), with a
// confirmation before the destructive ones. Which provision actions are offered follows Ironic's
// state machine, so the buttons match what the API would accept.
import { call } from './api';
import { askForm, confirmAction, toast } from './dialogs';

export interface Action {
  id: string;
  label: string;
  /** Set for destructive actions: what the confirmation says. */
  warning?: string;
  run(node: any): Promise<void>;
}

const provision = (target: string) => (node: any) =>
  call('PUT', `/v1/nodes/${node.uuid}/states/provision`, { target });
const power = (target: string) => (node: any) => call('PUT', `/v1/nodes/${node.uuid}/states/power`, { target });

const PROVISION_BY_STATE: Record<string, string[]> = {
  enroll: ['manage'],
  manageable: ['inspect', 'provide'],
  available: ['deploy', 'manage'],
  active: ['undeploy'],
  'deploy failed': ['deploy', 'undeploy'],
  'clean failed': ['manage'],
  'inspect failed': ['manage', 'inspect'],
  'wait call-back': ['abort'],
  'clean wait': ['abort'],
  'inspect wait': ['abort'],
  'service wait': ['abort'],
  'rescue wait': ['abort'],
  'deploy hold': ['abort'],
  'clean hold': ['abort'],
};

/** The image's checksum as instance_info wants it: "sha256:<hex>", or bare hex told by its length. */
export function checksumFields(checksum: string): Record<string, string> {
  const value = checksum.trim();
  const match = /^(md5|sha256|sha512):([0-9a-fA-F]+)$/.exec(value);
  if (match) {
    return match[1] === 'md5' ? { image_checksum: match[2] }
      : { image_os_hash_algo: match[1], image_os_hash_value: match[2] };
  }
  const algo = ({ 32: 'md5', 64: 'sha256', 128: 'sha512' } as Record<number, string>)[value.length];
  if (!algo || !/^[0-9a-fA-F]+$/.test(value)) {
    throw new Error('the checksum must be hex (md5, sha256 or sha512) or "sha256:<hex>"; nothing was changed');
  }
  return algo === 'md5' ? { image_checksum: value } : { image_os_hash_algo: algo, image_os_hash_value: value };
}

async function deploy(node: any): Promise<void> {
  const info = node.instance_info ?? {};
  const values = await askForm(`Deploy ${node.name ?? node.uuid}`, [
    { name: 'image_source', label: 'Image URL', placeholder: 'http://images.example/ubuntu.qcow2',
      value: info.image_source ?? '', required: true },
    { name: 'checksum', label: 'Checksum (sha256/sha512/md5 hex, or sha256:<hex>)',
      value: info.image_os_hash_value ?? info.image_checksum ?? '', required: true },
    { name: 'image_disk_format', label: 'Disk format (raw, qcow2; empty: detected)', value: info.image_disk_format ?? '' },
  ], 'Deploy', 'The image is written over the node\'s root disk.');
  if (!values) throw new Cancelled();
  const fields: Record<string, string> = { image_source: values.image_source.trim(), ...checksumFields(values.checksum) };
  if (values.image_disk_format.trim()) fields.image_disk_format = values.image_disk_format.trim();
  const patch = Object.entries(fields).map(([key, value]) => ({ op: 'add', path: `/instance_info/${key}`, value }));
  await call('PATCH', `/v1/nodes/${node.uuid}`, patch);
  await provision('active')(node);
}

async function maintenanceOn(node: any): Promise<void> {
  const values = await askForm(`Maintenance on ${node.name ?? node.uuid}`,
    [{ name: 'reason', label: 'Reason', placeholder: 'why (shown to other operators)' }], 'Set maintenance');
  if (!values) throw new Cancelled();
  await call('PUT', `/v1/nodes/${node.uuid}/maintenance`, values.reason ? { reason: values.reason } : {});
}

export class Cancelled extends Error {}

const ALL: Record<string, Action> = {
  manage: { id: 'manage', label: 'Manage', run: provision('manage') },
  inspect: { id: 'inspect', label: 'Inspect', run: provision('inspect') },
  provide: { id: 'provide', label: 'Provide', run: provision('provide') },
  deploy: { id: 'deploy', label: 'Deploy…', run: deploy },
  undeploy: { id: 'undeploy', label: 'Undeploy', run: provision('deleted'),
    warning: 'Undeploying tears the instance down and cleans the disks: its data is lost.' },
  abort: { id: 'abort', label: 'Abort', run: provision('abort'),
    warning: 'Aborting stops the running operation; the node is left failed for an operator to look at.' },
  'power on': { id: 'power-on', label: 'Power on', run: power('power on') },
  'power off': { id: 'power-off', label: 'Power off', run: power('power off'),
    warning: 'Powering off cuts the machine off at once, whatever it is running.' },
  reboot: { id: 'reboot', label: 'Reboot', run: power('rebooting'),
    warning: 'Rebooting restarts the machine at once, whatever it is running.' },
  'maintenance on': { id: 'maintenance-on', label: 'Maintenance on…', run: maintenanceOn },
  'maintenance off': { id: 'maintenance-off', label: 'Maintenance off',
    run: (node) => call('DELETE', `/v1/nodes/${node.uuid}/maintenance`) },
};

export function actionsFor(node: any): Action[] {
  const names = [...(PROVISION_BY_STATE[node.provision_state] ?? [])];
  names.push(node.power_state === 'power on' ? 'power off' : 'power on', 'reboot');
  names.push(node.maintenance ? 'maintenance off' : 'maintenance on');
  return names.map((name) => ALL[name]);
}

/** Runs `action` on `node` after a confirmation when destructive; reports the outcome as a toast. */
export async function perform(action: Action, node: any): Promise<boolean> {
  const name = node.name ?? node.uuid;
  if (action.warning && !(await confirmAction(`${action.label} ${name}?`, action.warning, action.label))) {
    return false;
  }
  try {
    await action.run(node);
    toast(`${action.label.replace('…', '')}: requested for ${name}`);
    return true;
  } catch (e) {
    if (e instanceof Cancelled) return false;
    toast(`${action.label.replace('…', '')} ${name}: ${(e as Error).message}`, true);
    return false;
  }
}
