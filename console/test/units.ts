// The console's pure logic, bundled by esbuild for node's test runner (test/*.test.mjs).
export { checksumFields } from '../src/actions';
export { html, bytes } from '../src/html';
export { fromLocalLink, neighbours, parseLldp } from '../src/lldp';
export { progressOf } from '../src/progress';
export { SseParser } from '../src/sse';
export { timelineView } from '../src/timeline';
