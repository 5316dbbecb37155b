// Server-sent events read from text chunks as they arrive (the stream is fetched, not opened with
// EventSource, so it can carry the API's auth headers): one {id, event, data} per blank-line block.

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export class SseParser {
  private buffer = '';
  private pendingCr = false;

  /** The events completed by `chunk`; comments (": keepalive") and retry lines are dropped. */
  feed(chunk: string): SseEvent[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = text.endsWith('\r');
    this.buffer += text.replace(/\r\n?/g, '\n');
    const events: SseEvent[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let id: string | null = null;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) events.push({ id, event, data: data.join('\n') });
    }
    return events;
  }
}
