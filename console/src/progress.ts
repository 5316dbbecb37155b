// What a node is doing now, for the fleet's progress bars and the node page's current step:
// the running step (deploy_step / clean_step / the agent's report) and, while the agent writes,
// its bytes, rate and ETA from driver_internal_info.agent_progress.
import { bytes } from './html';

const RUNNING = new Set([
  'deploying', 'wait call-back', 'cleaning', 'clean wait', 'inspecting', 'inspect wait', 'servicing',
  'service wait', 'rescuing', 'rescue wait', 'unrescuing', 'deleting', 'adopting', 'verifying', 'deploy hold',
  'clean hold', 'service hold',
]);

export interface Progress {
  running: boolean;
  step: string;
  percent: number | null;
  detail: string;
}

export function progressOf(node: any): Progress {
  const state = node.provision_state ?? '';
  // Not target_provision_state alone: a failed state keeps its target (deploy failed → active).
  const running = RUNNING.has(state) || !!node.target_power_state;
  const agent = node.driver_internal_info?.agent_progress;
  const stepDoc = (node.deploy_step && node.deploy_step.step ? node.deploy_step : null)
    ?? (node.clean_step && node.clean_step.step ? node.clean_step : null);
  let step = stepDoc ? `${stepDoc.interface ?? ''}.${stepDoc.step}`.replace(/^\./, '') : '';
  let percent: number | null = null;
  let detail = '';
  if (running && agent && typeof agent === 'object' && agent.step) {
    step = agent.step;
    percent = typeof agent.percent === 'number' ? agent.percent : null;
    const parts = [`${bytes(agent.bytes_written)}${agent.total_bytes ? ' of ' + bytes(agent.total_bytes) : ''}`];
    if (agent.bytes_per_second) parts.push(`${bytes(agent.bytes_per_second)}/s`);
    if (agent.eta_seconds !== null && agent.eta_seconds !== undefined) parts.push(`ETA ${agent.eta_seconds}s`);
    if (agent.phase) parts.push(agent.phase);
    detail = parts.join(' · ');
  }
  if (running && !step) {
    step = node.target_power_state ? `power → ${node.target_power_state}` : state;
  }
  return { running, step, percent, detail };
}
