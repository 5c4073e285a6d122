/**
 * The `/debug/reconciles` page in a real headless Chromium (the system's, driven by
 * puppeteer-core, which downloads nothing): a manager on the real API server with metrics
 * auth on, the bearer token sent as a header; the page shows the key, the causes of its
 * reconciles and the hot loop highlighted with the field that kept changing, asks for
 * nothing beyond the metrics server, and refuses a browser without the token. The
 * screenshot is saved to test-results/debug-reconciles.png.
 *
 * The browser is `CHROME_PATH` or Debian's `/usr/bin/chromium` (`apt-get install -y
 * chromium`; scripts/setup.sh installs it). Without one the suite is skipped with the
 * reason, except in CI (`CI=true`), where that fails it.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeOrSkip, describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { type Browser, launch, type Page } from 'puppeteer-core';
import { startDebugReconcilesManager } from './fixtures/debug-reconciles.js';
import { useCleanups } from './fixtures/helpers.js';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const screenshot = fileURLToPath(new URL('../../../test-results/debug-reconciles.png', import.meta.url));

/** Why the browser suite cannot run here, or undefined; in CI a missing browser is an error. */
function browserSkipReason(): string | undefined {
  if (existsSync(chromium)) return undefined;
  const reason = `no Chromium at ${chromium} (apt-get install -y chromium, or set CHROME_PATH)`;
  if (process.env.CI === 'true') throw new Error(`unable to run the browser suite: ${reason}`);
  return reason;
}

/** The text of `selector` as the page renders it (what a person reads). */
function seen(page: Page, selector: string): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, not the markup's
  return page.$eval(selector, (el) => (el as unknown as { innerText: string }).innerText);
}

describeWithControlPlane('/debug/reconciles in a browser', () => {
  describeOrSkip('headless Chromium', browserSkipReason(), () => {
    const kc = sharedKubeConfig();
    const cleanup = useCleanups();
    let browser: Browser;

    beforeAll(async () => {
      browser = await launch({
        executablePath: chromium,
        headless: true,
        acceptInsecureCerts: true, // the metrics server's certificate is self-signed
        args: ['--no-sandbox', '--ignore-certificate-errors', '--disable-dev-shm-usage'],
      });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('shows the key, its causes and the hot loop to a person with a token', async () => {
      const { ns, port, token } = await startDebugReconcilesManager(kc, cleanup);
      const origin = `https://127.0.0.1:${port}`;
      const page = await browser.newPage();
      const elsewhere: string[] = [];
      await page.setRequestInterception(true);
      page.on('request', (req) => {
        if (req.url().startsWith(origin)) return void req.continue();
        elsewhere.push(req.url());
        return void req.abort();
      });
      await page.setExtraHTTPHeaders({ authorization: `Bearer ${token}` });
      await page.setViewport({ width: 1200, height: 900 });

      const response = await page.goto(`${origin}/debug/reconciles?controller=stamper`);
      expect(response?.status()).toBe(200);
      // nothing may load or run but the page's own stylesheet (the red label below shows it applied)
      expect(response?.headers()).toMatchObject({
        'content-security-policy': expect.stringMatching(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*';/),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      const text = await seen(page, 'body');
      expect(text).toContain('Recent reconciles');
      expect(text).toContain(`${ns}/loop`);
      expect(text).toContain(`update Widget ${ns}/loop`);
      expect(text).toContain('kind source: Widget → enqueueRequestForObject');
      expect(text).toContain('(own write)');
      expect(text).toMatch(/success · \S+ · took [\d.]+ m?s · waited [\d.]+ m?s in the queue/);
      expect(text).toContain(`PUT Widget ${ns}/loop → rv `);

      const key = `[data-key="${ns}/loop"]`;
      expect(await page.$eval(key, (el) => el.className)).toBe('key hot-loop');
      const label = `${key} .hot-loop-label`;
      expect(await seen(page, label)).toMatch(/^Hot loop: \d+ reconciles since .*Changed fields: status\.phase$/);
      const look = await page.$eval(label, (el) => {
        const { width, height } = el.getBoundingClientRect();
        const background = el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor;
        return { width, height, background };
      });
      expect(look.background).toBe('rgb(207, 34, 46)'); // white on red
      expect(look.width).toBeGreaterThan(0);
      expect(look.height).toBeGreaterThan(0);
      expect(await page.$$eval(`${key} ol.timeline > li`, (items) => items.length)).toBe(5);
      expect(elsewhere).toEqual([]);

      await mkdir(fileURLToPath(new URL('.', `file://${screenshot}`)), { recursive: true });
      await page.screenshot({ path: screenshot as `${string}.png`, fullPage: true });
      expect(existsSync(screenshot)).toBe(true);
      process.stdout.write(`screenshot of /debug/reconciles: ${screenshot}\n`);

      const stranger = await browser.newPage();
      const refused = await stranger.goto(`${origin}/debug/reconciles`);
      expect(refused?.status()).toBe(401);
      expect((await seen(stranger, 'body')).trim()).toBe('Unauthorized');
    }, 120_000);
  });
});
