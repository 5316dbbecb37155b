// The console's shell: hash routes (#/ fleet, #/node/<id>, #/compare?a=&b=, #/network), the login
// form when the API answers 401, and live refresh from the event stream (or polling).
import { ApiError, credentials, setCredentials } from './api';
import { bindCompare, compareView, loadCompare } from './compare';
import { toast } from './dialogs';
import { bindFleet, fleetControls, fleetTable, loadNodes } from './fleet';
import { html } from './html';
import { follow, LiveHandle } from './live';
import { loadNetwork, networkView } from './network';
import { bindNode, loadNode, nodeView } from './node';
import './style.css';

const main = document.getElementById('main') as HTMLElement;
const liveBadge = document.getElementById('live') as HTMLElement;
let live: LiveHandle | null = null;
let refreshCurrent: () => Promise<void> = async () => {};
let pending: number | undefined;

function scheduleRefresh(): void {
  // Events come in bursts (a step's start, progress and end): repaint at most twice a second.
  if (pending !== undefined) return;
  pending = window.setTimeout(async () => {
    pending = undefined;
    try {
      await refreshCurrent();
    } catch (e) {
      showError(e);
    }
  }, 400);
}

/** Replaces `element`'s markup only when it changed, so polling keeps the scroll position and selection. */
function repaint(element: HTMLElement, markup: string): boolean {
  if (element.dataset.markup === markup) return false;
  element.innerHTML = markup;
  element.dataset.markup = markup;
  return true;
}

function showError(e: unknown): void {
  if (e instanceof ApiError && e.status === 401) return login();
  main.innerHTML = html`<div class="last-error">${(e as Error).message}</div>`.text;
}

function login(): void {
  refreshCurrent = async () => {};
  live?.stop();
  live = null;
  main.innerHTML = html`<form class="login" data-testid="login"><h1>Sign in to Ferrum</h1>
    <p>The console calls the API with your own credentials, kept in this tab only.</p>
    <label>Token (X-Auth-Token)<input name="token" autocomplete="off"></label>
    <p class="muted">or, for HTTP basic authentication:</p>
    <label>User<input name="user" autocomplete="username"></label>
    <label>Password<input name="password" type="password" autocomplete="current-password"></label>
    <button>Sign in</button></form>`.text;
  main.querySelector('form')?.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(e.target as HTMLFormElement);
    const token = String(data.get('token') ?? '').trim();
    setCredentials(token ? { token } : { user: String(data.get('user')), password: String(data.get('password')) });
    void route();
  });
}

function startLive(node?: string): void {
  live?.stop();
  live = follow(() => {
    liveBadge.textContent = live?.mode() === 'stream' ? 'live' : 'polling';
    liveBadge.dataset.mode = live?.mode() ?? '';
    scheduleRefresh();
  }, 2000, node);
}

async function fleet(): Promise<void> {
  let nodes = await loadNodes();
  main.innerHTML = html`<h1>Fleet</h1>${fleetControls(nodes)}<div id="table"></div>`.text;
  const table = main.querySelector('#table') as HTMLElement;
  const paint = () => { repaint(table, fleetTable(nodes).text); };
  paint();
  bindFleet(main, paint);
  refreshCurrent = async () => {
    nodes = await loadNodes();
    paint();
  };
  startLive();
}

async function node(id: string): Promise<void> {
  const paint = async () => {
    const data = await loadNode(id);
    if (repaint(main, nodeView(data).text)) bindNode(main, data, scheduleRefresh);
    return data;
  };
  const data = await paint();
  refreshCurrent = async () => { await paint(); };
  startLive(data.node.uuid);
}

async function compare(query: URLSearchParams): Promise<void> {
  const nodes = await loadNodes();
  if (nodes.length < 2) {
    main.innerHTML = html`<p>Comparing needs two nodes.</p>`.text;
    return;
  }
  const a = query.get('a') ?? nodes[0].uuid;
  const b = query.get('b') ?? nodes[1].uuid;
  main.innerHTML = compareView(nodes, await loadCompare(a, b)).text;
  bindCompare(main);
}

async function network(): Promise<void> {
  main.innerHTML = '<p class="muted">Reading every node\'s inventory…</p>';
  main.innerHTML = networkView(await loadNetwork()).text;
}

async function route(): Promise<void> {
  live?.stop();
  live = null;
  refreshCurrent = async () => {};
  delete main.dataset.markup;
  const [path, queryText] = window.location.hash.replace(/^#/, '').split('?');
  const query = new URLSearchParams(queryText ?? '');
  document.querySelectorAll('nav a').forEach((a) =>
    a.classList.toggle('current', (a as HTMLAnchorElement).hash === '#' + (path.split('/')[1] ? '/' + path.split('/')[1] : '/')));
  try {
    if (path.startsWith('/node/')) await node(decodeURIComponent(path.slice('/node/'.length)));
    else if (path === '/compare') await compare(query);
    else if (path === '/network') await network();
    else await fleet();
  } catch (e) {
    showError(e);
  }
}

document.getElementById('signout')?.addEventListener('click', () => {
  setCredentials(null);
  toast('Signed out of this tab.');
  void route();
});
window.addEventListener('hashchange', () => void route());
window.addEventListener('ferrum-unauthorized', () => {
  if (credentials()) toast('The API refused these credentials (401).', true);
});
void route();
