// Live node changes: the conductor's server-sent event stream (GET /v1/events/stream) read with
// fetch, so the same token or password headers go with it (EventSource cannot send headers). Where
// the stream is missing (an older conductor: 404/405) or breaks, the page polls instead.
import { apiUrl, authHeaders } from './api';

export interface LiveHandle {
  stop(): void;
  mode(): 'stream' | 'polling';
}

export function follow(onChange: (event: any | null) => void, pollMs = 2000, node?: string): LiveHandle {
  let stopped = false;
  let mode: 'stream' | 'polling' = 'polling';
  let timer: number | undefined;
  const controller = new AbortController();
  let lastId: string | null = null;

  const poll = () => {
    if (stopped) return;
    mode = 'polling';
    onChange(null);
    timer = window.setTimeout(poll, pollMs);
  };

  const stream = async () => {
    const query = new URLSearchParams();
    if (node) query.set('node', node);
    if (lastId) query.set('last_event_id', lastId);
    const response = await fetch(apiUrl('/v1/events/stream' + (query.size ? '?' + query : '')), {
      headers: { ...authHeaders(), Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
      throw new Error('no event stream');
    }
    mode = 'stream';
    onChange(null);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('id:')) lastId = line.slice(3).trim();
          else if (line.startsWith('data:')) data += line.slice(5).replace(/^ /, '');
        }
        if (data) {
          try {
            onChange(JSON.parse(data));
          } catch {
            onChange(null);
          }
        }
      }
    }
  };

  const run = async () => {
    let failures = 0;
    while (!stopped) {
      try {
        await stream();
      } catch {
        if (stopped) return;
        failures++;
        if (mode !== 'stream' || failures > 3) {
          poll();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
    }
  };
  void run();
  return {
    stop() {
      stopped = true;
      controller.abort();
      if (timer) clearTimeout(timer);
    },
    mode: () => mode,
  };
}
