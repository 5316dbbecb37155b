// Live node changes: the conductor's server-sent event stream (GET /v1/events/stream) read with
// fetch, so the same token or password headers go with it (EventSource cannot send headers). Where
// the stream is missing (an older conductor: 404/405) or breaks, the page polls instead.
import { apiUrl, authHeaders, NO_BROWSER_AUTH } from './api';
import { SseParser } from './sse';

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
      ...NO_BROWSER_AUTH,
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
    const parser = new SseParser();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      for (const event of parser.feed(value)) {
        if (event.id) lastId = event.id;
        try {
          onChange(JSON.parse(event.data));
        } catch {
          onChange(null);
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
