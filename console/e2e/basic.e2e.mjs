// The console against a conductor with http_basic (Ironic's auth_strategy): without credentials the page shows the
// sign-in form and no node; a wrong password is refused; the right user and password show the fleet, with every API
// call, the event stream included, sent as that user; the live badge says the stream is followed.
// Run by integration's ConsoleBrowserTest with CONSOLE_API, USER, PASSWORD, NODE_NAME and SHOTS set.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checker, launch } from './browser.mjs';

const api = process.env.CONSOLE_API;
const user = process.env.USER_NAME;
const password = process.env.PASSWORD;
const nodeName = process.env.NODE_NAME;
const shots = process.env.SHOTS ?? 'target/console-screenshots';
assert.ok(api && user && password && nodeName, 'CONSOLE_API, USER_NAME, PASSWORD and NODE_NAME must be set');
mkdirSync(shots, { recursive: true });

const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const apiCalls = [];
const refused = [];
page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/v1/')) apiCalls.push(r); });
page.on('response', (r) => { if (r.status() === 401) refused.push(r.url()); });
const { check, finish } = checker(() => page.screenshot({ path: join(shots, 'basic-failure.png') }));
const expected = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');

try {
  await check('without credentials the API refuses and the console shows no node', async () => {
    await page.goto(`${api}/console/`);
    await page.getByTestId('login').waitFor();
    assert.ok(refused.length > 0, 'the API answered 401 to the credential-less console');
    assert.equal(await page.getByTestId('fleet').count(), 0);
    assert.equal(await page.locator('tr[data-testid=node-row]').count(), 0);
  });

  await check('a wrong password is refused by the API', async () => {
    await page.locator('input[name=user]').fill(user);
    await page.locator('input[name=password]').fill('not-the-password');
    await page.locator('form[data-testid=login] button').click();
    await page.locator('.toast.error').filter({ hasText: '401' }).waitFor();
    await page.getByTestId('login').waitFor();
    assert.equal(await page.locator('tr[data-testid=node-row]').count(), 0);
  });

  await check('the right user and password show the fleet, every call and the event stream sent as that user', async () => {
    apiCalls.length = 0;
    await page.locator('input[name=user]').fill(user);
    await page.locator('input[name=password]').fill(password);
    await page.locator('form[data-testid=login] button').click();
    await page.locator(`tr[data-testid=node-row][data-name="${nodeName}"]`).waitFor();
    await page.locator('#live[data-mode=stream]').waitFor({ timeout: 15000 });
    await page.screenshot({ path: join(shots, 'basic-fleet.png') });
    assert.ok(apiCalls.some((r) => new URL(r.url()).pathname === '/v1/events/stream'), 'the console opened the event stream');
    for (const request of apiCalls) {
      assert.equal(await request.headerValue('authorization'), expected, `${request.url()} carries the user's credentials`);
    }
  });
  await finish();
} catch (e) {
  await finish(e);
} finally {
  await browser.close();
}
