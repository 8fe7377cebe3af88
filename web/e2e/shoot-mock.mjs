// shoot-mock.mjs — screenshots of the client against the mock server (development aid).
// Usage: node shoot-mock.mjs BASE_URL OUTDIR
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = process.argv[2] || 'http://127.0.0.1:8765/';
const out = process.argv[3] || '/tmp/shots';
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const [w, h, tag] of [[1280, 800, 'desk'], [360, 740, 'phone']]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(base);
  await page.click('#btn-guest');
  await page.waitForSelector('#lobby-body tr[data-table]');
  await page.screenshot({ path: `${out}/lobby-${tag}.png`, fullPage: true });
  for (const id of ['t1', 't2', 't3']) {
    await page.goto(`${base}#/table/${id}`);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/${id}-${tag}.png`, fullPage: true });
  }
  await page.goto(`${base}#/history/h-880`);
  await page.waitForTimeout(500);
  await page.click('#rp-last');
  await page.screenshot({ path: `${out}/history-${tag}.png`, fullPage: true });
  await page.close();
}
await browser.close();
