// The console against a conductor that requires a token: the page loads without one, the API
// answers 401 until the operator signs in, a wrong token is refused, the right one shows the fleet.
// Run by integration's ConsoleBrowserTest with CONSOLE_API, TOKEN, NODE_NAME and SHOTS set.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { checker, launch } from './browser.mjs';

const api = process.env.CONSOLE_API;
const token = process.env.TOKEN;
const nodeName = process.env.NODE_NAME;
const shots = process.env.SHOTS ?? 'target/console-screenshots';
assert.ok(api && token && nodeName, 'CONSOLE_API, TOKEN and NODE_NAME must be set');
mkdirSync(shots, { recursive: true });

const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const apiCalls = [];
page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/v1/')) apiCalls.push(r); });
const { check, finish } = checker(() => page.screenshot({ path: join(shots, 'login-failure.png') }));

try {
  await check('without credentials the console asks for them', async () => {
    await page.goto(`${api}/console/`);
    await page.getByTestId('login').waitFor();
    assert.equal(await page.getByTestId('fleet').count(), 0);
    await page.screenshot({ path: join(shots, 'login.png') });
  });

  await check('a wrong token is refused by the API', async () => {
    await page.locator('input[name=token]').fill('not-the-token');
    await page.locator('form[data-testid=login] button').click();
    await page.locator('.toast.error').filter({ hasText: '401' }).waitFor();
    await page.getByTestId('login').waitFor();
  });

  await check('the right token shows the fleet, sent with every API call', async () => {
    apiCalls.length = 0;
    await page.locator('input[name=token]').fill(token);
    await page.locator('form[data-testid=login] button').click();
    await page.locator(`tr[data-testid=node-row][data-name="${nodeName}"]`).waitFor();
    assert.ok(apiCalls.length > 0);
    for (const request of apiCalls) {
      assert.equal(await request.headerValue('x-auth-token'), token, `${request.url()} carries the token`);
    }
  });
  await finish();
} catch (e) {
  await finish(e);
} finally {
  await browser.close();
}
