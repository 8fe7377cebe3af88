// helpers.mjs — shared pieces of the e2e tests: the browser (Debian's Chromium, headless), new
// users, creating tables through the lobby form, waiting for table states, screenshots.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';

export const BASE = process.env.BASE_URL || 'http://127.0.0.1:8080/';
export const ARTIFACTS = process.env.E2E_ARTIFACTS || path.resolve('../../target/e2e-artifacts');
fs.mkdirSync(ARTIFACTS, { recursive: true });

export async function launch() {
  // Playwright gives every launch a fresh temporary profile (its own --user-data-dir).
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What the room's Content-Security-Policy stopped in any page (the tests expect nothing). */
export const cspViolations = [];

/**
 * Waits until `fn(arg)`, run in the page, is truthy. (Playwright's waitForFunction evaluates
 * its predicate with eval, which the room's CSP forbids; page.evaluate is not subject to it.)
 */
export async function waitUntil(page, fn, arg, { timeout = 15000 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(fn, arg)) return;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${fn}`);
    await sleep(50);
  }
}

let n = 0;
export function uniqueName(prefix = 'e2e') {
  n += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${n}${Math.floor(Math.random() * 100)}`.slice(0, 24);
}

/** A new context + page, registered as a new user (on the room at `base`, by default the one
 * under test); returns {ctx, page, name}. */
export async function newPlayer(browser, { viewport = { width: 1280, height: 820 }, prefix, base = BASE } = {}) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log(`[pageerror ${prefix || ''}]`, e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) cspViolations.push(m.text());
    if (m.type() === 'error' && !/401|Failed to load resource/.test(m.text()))
      console.log(`[console ${prefix || ''}]`, m.text());
  });
  const name = uniqueName(prefix);
  await page.goto(base);
  await page.fill('#auth-name', name);
  await page.fill('#auth-password', 'correct-horse-9');
  await page.click('#btn-register');
  await page.waitForSelector('#user-badge', { timeout: 15000 });
  await page.waitForSelector('#lobby-body');
  return { ctx, page, name };
}

/** Fills the create-a-table form and submits it; the client then joins. Returns the table id.
 * `opts.base`: the room's address, if not the one under test. */
export async function createTable(page, opts) {
  await page.goto(`${opts.base || BASE}#/lobby`);
  await page.waitForSelector('#create-panel');
  await page.evaluate(() => {
    document.getElementById('create-panel').open = true;
  });
  await page.selectOption('#c-game', opts.game);
  const set = async (name, v) => {
    if (v != null) await page.fill(`#create-form [name="${name}"]`, String(v));
  };
  await page.fill('#c-name', opts.name || `e2e ${opts.game}`);
  if (opts.structure) await page.selectOption('#c-structure', opts.structure);
  for (const k of ['big_blind', 'ante', 'buy_in', 'rebuy', 'stake', 'seats', 'bots', 'clock_secs', 'time_bank_secs'])
    await set(k, opts[k]);
  await page.dispatchEvent('#c-seats', 'change');
  if (opts.bots != null) await set('bots', opts.bots);
  if (opts.bot_level) await page.selectOption('#c-level', opts.bot_level);
  // Rule options, from the "advanced rules" section.
  const rules = Object.entries(opts.rules || {});
  if (rules.length) {
    await page.waitForSelector('#c-rules-body [data-rule]', { state: 'attached' });
    await page.evaluate(() => {
      document.getElementById('c-rules').open = true;
    });
    for (const [k, v] of rules) {
      const sel = `#r-${k}`;
      if (await page.evaluate((s) => document.querySelector(s).tagName === 'SELECT', sel))
        await page.selectOption(sel, String(v));
      else await page.fill(sel, String(v));
    }
  }
  await page.click('#c-submit');
  await waitUntil(page, () => location.hash.startsWith('#/table/'));
  return decodeURIComponent(await page.evaluate(() => location.hash.split('/')[2]));
}

/** The latest table_state the page holds for a table. */
export function tableState(page, id) {
  return page.evaluate((tid) => {
    const s = window.__tavolo.store.tables.get(tid);
    return s ? JSON.parse(JSON.stringify(s)) : null;
  }, id);
}

/** One Saint Poker move of the page's player where `view` (the table's) waits for theirs: the
 * first card to place, the first two to show, the first card of the pool to draft; nothing
 * otherwise (a choice made already, or not their turn). */
export async function saintMove(page, view) {
  const mine = view && (await page.$('#my-hand button.card:not([disabled])'));
  if (view?.phase === 'place' && mine && !(await page.$('#chosen-note'))) {
    await page.click('#my-hand button[data-i="1"]').catch(() => {});
  } else if (view?.phase === 'show' && mine && !(await page.$('#chosen-note'))) {
    for (const i of ['1', '2']) {
      const on = await page
        .$eval(`#my-hand button[data-i="${i}"]`, (b) => b.getAttribute('aria-pressed') === 'true')
        .catch(() => true);
      if (!on) await page.keyboard.press(i);
    }
    if (await page.$('#act-show-pair:not([disabled])')) await page.click('#act-show-pair').catch(() => {});
  } else if (view?.phase === 'draft' && (await page.$('#pool button.card:not([disabled])'))) {
    await page.click('#pool button.card').catch(() => {});
  }
}

/** The tournament `id` as the page's user sees it (through the room's API). */
export function detail(page, id) {
  return page.evaluate(async (t) => (await fetch(`api/tournaments/${t}`)).json(), id);
}

/** The table the page is showing, if it shows one. */
export function tableShown(page) {
  return page.evaluate(() =>
    location.hash.startsWith('#/table/') ? decodeURIComponent(location.hash.split('/')[2]) : null,
  );
}

/** Makes a sit-and-go from the Tournaments tab's form (hyper levels, beginner bots, 100 + 10):
 * `form` gives its name, game (Hold'em if none), players, seats and bots. Leaves the page on the
 * tournament's page, not registered yet; returns its id. */
export async function sitAndGo(page, { game = 'holdem', ...form }) {
  await page.click('#nav-tournaments');
  await page.waitForSelector('#sng-form');
  await page.selectOption('#sng-form [name="game"]', game);
  for (const [k, v] of Object.entries({ entry: 100, fee: 10, ...form }))
    await page.fill(`#sng-form [name="${k}"]`, String(v));
  await page.selectOption('#sng-form [name="speed"]', 'hyper');
  await page.selectOption('#sng-form [name="bot_level"]', 'beginner');
  await page.click('#sng-create');
  await page.waitForSelector('#t-register', { timeout: 15000 });
  return decodeURIComponent(new URL(page.url()).hash.split('/')[2]);
}

/** One move of a player who goes all in whenever it is their turn (calls an all-in, checks where
 * betting is closed to them): whether the page offered them one to make. */
export async function allIn(page) {
  if (await page.$('#bet-allin:not([disabled])')) {
    await page.click('#bet-allin').catch(() => {});
    await page.click('#act-raise').catch(() => {});
    return true;
  }
  const b = (await page.$('#act-call')) || (await page.$('#act-check'));
  if (b) await b.click().catch(() => {});
  return !!b;
}

/** From now on notes each toast the page shows, a repeat of one too (as "×2"): read them with
 * `toastsSoFar`. */
export function hearToasts(page) {
  return page.evaluate(() => {
    const told = [];
    Object.assign(window, { __toasts: told });
    // each telling sets the toast's count
    new MutationObserver((ms) => {
      for (const m of ms) told.push(/** @type {HTMLElement} */ (m.target).dataset.text);
    }).observe(document.getElementById('toasts'), { subtree: true, attributeFilter: ['data-count'] });
  });
}

/** The toasts the page showed since `hearToasts`, in order. */
export function toastsSoFar(page) {
  return page.evaluate(() => /** @type {any} */ (window).__toasts || []);
}

export async function shot(page, name) {
  const f = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: f, fullPage: true });
  return f;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Opens the table's "☰ Table" menu (sit out / in, change seat, leave, join, stop watching). */
export async function openTableMenu(page) {
  const b = await page.waitForSelector('#btn-table-menu', { timeout: 15000 });
  if ((await b.getAttribute('aria-expanded')) !== 'true') await b.click();
  await page.waitForSelector('#table-menu-list:not([hidden])', { timeout: 5000 });
}

/** axe-core's serious and critical violations in the page as it is (its source evaluated by
 * the test driver, which the room's CSP does not stop): "rule [impact] ×n: selectors". */
export async function axeSerious(page) {
  const { createRequire } = await import('node:module');
  const src = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(src);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} [${v.impact}] ×${v.nodes.length}: ${v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(' ')} (${n.failureSummary || ''})`)
            .join(' | ')}`,
      );
  });
}
