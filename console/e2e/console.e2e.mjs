// The console in a real browser (Debian's Chromium driven by playwright-core) against a running
// sandbox whose machines are all active. Run by integration's ConsoleBrowserTest, which starts the
// sandbox and passes, in the environment:
//   CONSOLE_API      the conductor, e.g. http://127.0.0.1:6385 (the console is at $CONSOLE_API/console)
//   IMAGE_URL        the sandbox's sample image; IMAGE_SHA256 its checksum
//   MACHINES         how many machines the fleet has (named sandbox-1..N, N >= 3)
//   SHOTS            where screenshots go
//   CHROMIUM         the browser (default /usr/bin/chromium)
// Exits non-zero with the failed check's message; prints "N passed, 0 failed" when all pass.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checker, launch } from './browser.mjs';

const api = process.env.CONSOLE_API;
const imageUrl = process.env.IMAGE_URL;
const imageSha = process.env.IMAGE_SHA256;
const machines = Number(process.env.MACHINES ?? '3');
const shots = process.env.SHOTS ?? 'target/console-screenshots';
assert.ok(api && imageUrl && imageSha, 'CONSOLE_API, IMAGE_URL and IMAGE_SHA256 must be set');
mkdirSync(shots, { recursive: true });

const HEADERS = { 'X-OpenStack-Ironic-API-Version': 'latest', 'Content-Type': 'application/json' };
async function apiGet(path) {
  const response = await fetch(api + path, { headers: HEADERS });
  assert.ok(response.ok, `GET ${path}: ${response.status}`);
  return response.json();
}
async function apiCall(method, path, body) {
  const response = await fetch(api + path, { method, headers: HEADERS, body: JSON.stringify(body) });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.text()}`);
}

const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));

const row = (name) => page.locator(`tr[data-testid=node-row][data-name="${name}"]`);
const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

async function waitForState(name, state, seconds = 300) {
  await page.waitForFunction(([n, s]) => document.querySelector(`tr[data-name="${n}"]`)?.dataset.state === s
    || (document.querySelector('[data-testid=node-name]')?.textContent === n
      && document.querySelector('[data-testid=node-state]')?.textContent === s), [name, state],
  { timeout: seconds * 1000, polling: 250 });
}

async function openNode(name) {
  await page.goto(`${api}/console/#/node/${name}`);
  await page.getByTestId('node-name').filter({ hasText: name }).waitFor();
}

/** Opens the deploy form on the node page, fills it and submits. */
async function deployFromConsole(name, sha) {
  await openNode(name);
  await page.locator('[data-action=deploy]').click();
  await page.getByTestId('field-image_source').fill(imageUrl);
  await page.getByTestId('field-checksum').fill(sha);
  await page.getByTestId('field-image_disk_format').fill('raw');
  await page.getByTestId('form-ok').click();
}

const { check, finish } = checker(() => shot('failure'));

try {
  await check('the fleet table shows every machine', async () => {
    await page.goto(`${api}/console`); // the bare path redirects to /console/
    await page.getByTestId('fleet').waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('tr[data-testid=node-row]').length === n, machines);
    for (let i = 1; i <= machines; i++) {
      assert.equal(await row(`sandbox-${i}`).getAttribute('data-state'), 'active', `sandbox-${i} is active`);
    }
    assert.match(await page.getByTestId('count').textContent(), new RegExp(`${machines} of ${machines} nodes`));
    await shot('fleet');
  });

  await check('search narrows the table', async () => {
    await page.getByTestId('search').fill('sandbox-3');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-testid=node-row]').length === 1);
    assert.equal(await row('sandbox-3').count(), 1);
    await page.getByTestId('search').fill('');
  });

  await check('a destructive action asks first, and nothing happens when cancelled', async () => {
    await openNode('sandbox-1');
    await page.locator('[data-action=undeploy]').click();
    const dialog = page.getByTestId('confirm');
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /data is lost/);
    await page.getByTestId('confirm-cancel').click();
    await page.waitForTimeout(1500);
    const node = await apiGet('/v1/nodes/sandbox-1');
    assert.equal(node.provision_state, 'active', 'cancelled undeploy left the node active');
    assert.equal(node.target_provision_state, null);
    // Confirmed, it goes: cleaning, then available.
    await page.locator('[data-action=undeploy]').click();
    await page.getByTestId('confirm-ok').click();
    await waitForState('sandbox-1', 'available');
  });

  await check('a deploy started from the console reaches active with its progress bar moving', async () => {
    await deployFromConsole('sandbox-1', imageSha);
    await page.goto(`${api}/console/#/`);
    await row('sandbox-1').waitFor();
    const seen = [];
    const deadline = Date.now() + 300_000;
    // One read of the row per sample: the table repaints under the test, so no element is held across reads.
    const sample = () => page.evaluate(() => {
      const tr = document.querySelector('tr[data-testid=node-row][data-name="sandbox-1"]');
      const bar = tr?.querySelector('[data-testid=progress]');
      return { state: tr?.dataset.state, bar: bar ? `${bar.dataset.step} ${bar.dataset.percent}` : null,
        error: tr?.querySelector('[data-testid=last-error]')?.textContent ?? '' };
    });
    for (;;) {
      const now = await sample();
      if (now.bar !== null) {
        const text = `${now.state} ${now.bar}`;
        if (seen.at(-1) !== text) seen.push(text);
        if (seen.length === 2) await shot('fleet-deploying');
      }
      if (now.state === 'active' && now.bar === null) break;
      assert.ok(now.state !== 'deploy failed', `the deploy failed: ${now.error}`);
      assert.ok(Date.now() < deadline, `not active in time; progress seen: ${seen.join(' | ')}`);
      await page.waitForTimeout(150);
    }
    console.log(`   progress seen: ${seen.join(' | ')}`);
    assert.ok(seen.length >= 2, `the bar moved through at least two steps: ${seen.join(' | ')}`);
    assert.ok(seen.every((s) => /^(deploying|wait call-back)/.test(s)), `only deploy states: ${seen.join(' | ')}`);
    await openNode('sandbox-1');
    assert.equal(await page.getByTestId('node-state').textContent(), 'active');
    await shot('node');
  });

  await check('a failed deploy shows its last_error and the timeline entry that caused it', async () => {
    await apiCall('PUT', '/v1/nodes/sandbox-2/states/provision', { target: 'deleted' });
    await openNode('sandbox-2');
    await waitForState('sandbox-2', 'available');
    await deployFromConsole('sandbox-2', '0'.repeat(64));
    await waitForState('sandbox-2', 'deploy failed');
    const error = await page.getByTestId('node-last-error').textContent();
    assert.match(error, /checksum|hash/i, 'the last error names the checksum');
    // The timeline's entry for the failed step names the step and carries the same error as last_error
    // (the downloaded image's hash), and the transition to deploy failed is an error entry too.
    const entry = page.locator('[data-testid=timeline-entry][data-severity=ERROR][data-kind="step.failed"]').first();
    await entry.waitFor();
    const failedStep = await entry.textContent();
    assert.match(failedStep, /write_image/, 'the timeline names the failed step');
    const hash = error.match(/hash to ([0-9a-f]{64})/)?.[1];
    assert.ok(hash, `last_error "${error}" names the downloaded image's hash`);
    assert.ok(failedStep.includes(hash.trim()), `the timeline's failed step "${failedStep}" has last_error's cause`);
    const transition = page.locator('[data-testid=timeline-entry][data-severity=ERROR][data-kind="provision.transition"]');
    assert.match(await transition.first().textContent(), /deploy failed/, 'the failing transition is an error entry');
    await shot('node-failed');
    await page.goto(`${api}/console/#/`);
    await row('sandbox-2').waitFor();
    assert.match(await row('sandbox-2').getByTestId('last-error').textContent(), /checksum|hash/i);
    await page.getByTestId('filter-state').selectOption('deploy failed');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-testid=node-row]').length === 1);
    await page.getByTestId('filter-state').selectOption('');
    await page.waitForFunction((n) => document.querySelectorAll('tr[data-testid=node-row]').length === n, machines);
    // The README's picture: the page down to the table's end, without the empty space below.
    const bottom = await page.evaluate(() => document.querySelector('[data-testid=fleet]').getBoundingClientRect().bottom);
    await page.screenshot({ path: join(shots, 'fleet-final.png'), clip: { x: 0, y: 0, width: 1400, height: Math.ceil(bottom) + 24 } });
  });

  await check('the inspection comparison lists both nodes\' hardware', async () => {
    await page.goto(`${api}/console/#/compare?a=sandbox-1&b=sandbox-3`);
    await page.getByTestId('compare').waitFor();
    assert.match(await page.getByTestId('compare-summary').textContent(), /of \d+ facts differ/);
    assert.ok(await page.locator('table.compare tbody tr').count() >= 4, 'CPU, memory, disk and NIC rows');
    await shot('compare');
  });

  await check('the network view groups nodes by switch and port', async () => {
    for (const [i, port] of [[1, 'Ethernet1/1'], [3, 'Ethernet1/3']]) {
      const ports = (await apiGet(`/v1/ports?node=sandbox-${i}`)).ports;
      await apiCall('PATCH', `/v1/ports/${ports[0].uuid}`, [{ op: 'add', path: '/local_link_connection',
        value: { switch_id: '52:54:00:aa:bb:cc', port_id: port, switch_info: 'tor-1' } }]);
    }
    await page.goto(`${api}/console/#/network`);
    const tor = page.getByTestId('switch').filter({ hasText: 'tor-1' });
    await tor.waitFor();
    const text = await tor.textContent();
    assert.match(text, /Ethernet1\/1[\s\S]*sandbox-1/);
    assert.match(text, /Ethernet1\/3[\s\S]*sandbox-3/);
    assert.match(await page.getByTestId('no-neighbour').textContent(), /sandbox-2/);
    await shot('network');
  });

  assert.deepEqual(pageErrors, [], 'no script errors in the page');
  await finish();
} catch (e) {
  await finish(e);
} finally {
  await browser.close();
}
