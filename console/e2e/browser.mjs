// Debian's Chromium as the browser tests launch it: headless, as root, without a GPU, and without
// Chromium's own calls home (this network refuses them).
import { chromium } from 'playwright-core';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** Runs the named checks in order; prints "N passed, M failed" and sets the exit code. */
export function checker(onFailure) {
  const passed = [];
  return {
    async check(name, body) {
      const started = Date.now();
      await body();
      passed.push(name);
      console.log(`ok - ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    },
    async finish(error) {
      if (error) {
        await onFailure().catch(() => {});
        console.error(`not ok - ${error.message}`);
        console.error(`${passed.length} passed, 1 failed`);
        process.exitCode = 1;
      } else {
        console.log(`${passed.length} passed, 0 failed`);
      }
    },
  };
}
