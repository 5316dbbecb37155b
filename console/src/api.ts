// The only way the console talks to Ferrum: the public Ironic API, with the operator's own
// credentials (a token, or a user and password for http_basic), kept for this browser tab only.

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export type Credentials = { token: string } | { user: string; password: string } | null;

const KEY = 'ferrum-console-credentials';

export function credentials(): Credentials {
  const stored = sessionStorage.getItem(KEY);
  return stored ? (JSON.parse(stored) as Credentials) : null;
}

export function setCredentials(value: Credentials): void {
  if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
  else sessionStorage.removeItem(KEY);
}

export function authHeaders(): Record<string, string> {
  const c = credentials();
  const headers: Record<string, string> = { 'X-OpenStack-Ironic-API-Version': 'latest' };
  if (c && 'token' in c) headers['X-Auth-Token'] = c.token;
  if (c && 'user' in c) headers['Authorization'] = 'Basic ' + btoa(`${c.user}:${c.password}`);
  return headers;
}

// Credentials travel only in the headers above. Without 'omit' a 401 carrying http_basic's
// "WWW-Authenticate: Basic" challenge makes the browser open its own password dialog (and a
// headless one wait on it forever) instead of handing the 401 to the console's sign-in form.
export const NO_BROWSER_AUTH: RequestInit = { credentials: 'omit' };

// The API is served from the same origin as the console (/console/ is beside /v1).
export function apiUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/** Ironic's error body: {"error_message": "{\"faultstring\": ...}"} (a JSON string inside JSON). */
function faultOf(body: string, status: number): string {
  try {
    const outer = JSON.parse(body);
    let message = outer.error_message ?? outer.faultstring ?? body;
    if (typeof message === 'string') {
      try {
        message = JSON.parse(message).faultstring ?? message;
      } catch {
        // Already plain text.
      }
    }
    return String(message);
  } catch {
    return body || `HTTP ${status}`;
  }
}

export async function call<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers = authHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(apiUrl(path), {
    ...NO_BROWSER_AUTH,
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401) window.dispatchEvent(new CustomEvent('ferrum-unauthorized'));
    throw new ApiError(response.status, faultOf(text, response.status));
  }
  return (text ? JSON.parse(text) : {}) as T;
}

export const get = <T = any>(path: string) => call<T>('GET', path);

/** Every page of a list (Ironic pages with `next`), up to `max` items. */
export async function getAll(path: string, key: string, max = 5000): Promise<any[]> {
  const items: any[] = [];
  let next: string | null = path;
  while (next && items.length < max) {
    const page: any = await get(next);
    items.push(...(page[key] ?? []));
    next = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
  }
  return items;
}

export const NODE_FIELDS = [
  'uuid', 'name', 'provision_state', 'target_provision_state', 'power_state', 'target_power_state',
  'maintenance', 'maintenance_reason', 'fault', 'resource_class', 'owner', 'lessee', 'last_error',
  'driver_internal_info', 'clean_step', 'deploy_step', 'reservation', 'updated_at',
];

export function nodeFields(): string {
  return NODE_FIELDS.join(',');
}
