// layout.test.mjs — the table fits the window (issue 17): for each game, on your turn, at
// 1280×720, 1366×768, 1920×1080 and on phones in portrait (390×844, 360×740), your cards, the
// board or centre, the pot, the clock and every legal action are inside the viewport with no
// scrolling, and no seat covers the board or a bet; screenshots layout-<game>-<w>x<h>.png.
// The table menu and the leave confirmation; and axe-core (WCAG 2 A/AA) finds no serious or
// critical violation on the login page, the lobby, the create form, each table on your turn,
// the menu open, the leave dialog open and the history page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  BASE,
  launch,
  newPlayer,
  createTable,
  tableState,
  shot,
  sleep,
  openTableMenu,
  cspViolations,
} from '../helpers.mjs';

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

let browser;
const axeFound = []; // serious or critical violations: "state: rule (n nodes) — selector"
const axeStates = [];
const clockSeen = { withClock: 0, without: 0 };
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  assert.deepEqual(cspViolations, []);
});

/**
 * Runs axe-core in the page (its source evaluated by the test driver, which the room's CSP
 * does not apply to) and notes every serious or critical violation under `state`.
 */
async function axeCheck(page, state) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} [${v.impact}] ×${v.nodes.length}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
  });
  axeStates.push(state);
  for (const f of found) axeFound.push(`${state}: ${f}`);
  return found;
}

const inside = (b, vp) =>
  b &&
  b.width > 0 &&
  b.height > 0 &&
  b.x >= -0.5 &&
  b.y >= -0.5 &&
  b.x + b.width <= vp.width + 0.5 &&
  b.y + b.height <= vp.height + 0.5;
const overlap = (a, b) =>
  a && b && a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

async function boxes(page, selector) {
  const els = await page.$$(selector);
  const out = [];
  for (const e of els) {
    if (await e.isVisible())
      out.push({
        box: await e.boundingBox(),
        what: await e.evaluate((x) => {
          const label = (x.textContent || x.getAttribute('aria-label') || '').trim().slice(0, 30);
          return `${x.tagName.toLowerCase()}${x.id ? `#${x.id}` : ''}.${[...x.classList].join('.')} "${label}"`;
        }),
      });
  }
  return out;
}

/** Everything that must be on screen for `game` at the current viewport, and the overlaps. */
async function checkLayout(page, game, id, vp) {
  const where = `${game} ${vp.width}x${vp.height}`;
  const scroll = await page.evaluate(() => ({
    doc: document.scrollingElement.scrollTop,
    main: document.getElementById('main').scrollTop,
    over: document.documentElement.scrollHeight - innerHeight,
  }));
  assert.equal(scroll.doc, 0, `${where}: the page is not scrolled`);
  assert.equal(scroll.main, 0, `${where}: the table is not scrolled`);
  assert.ok(scroll.over <= 1, `${where}: the page does not overflow the window (${scroll.over} px)`);
  const must = {
    holdem: {
      actions: '#actions button, #actions input',
      cards: '.felt .seat.me .seat-cards .card',
      centre: '.felt .board',
      pot: '#pots',
    },
    draw: {
      actions: '#actions button, #actions input, #mine .mine-bar button',
      cards: '#mine .draw-hand .card',
      centre: '.felt .center > *',
      pot: '#pots',
    },
    saint: { actions: '#act-show-pair, #mine button.card', cards: '#my-hand .card', centre: '#centre, #pool' },
  }[game];
  for (const [what, sel] of Object.entries(must)) {
    const bs = await boxes(page, sel);
    assert.ok(bs.length, `${where}: some ${what} (${sel}) is shown`);
    for (const b of bs)
      assert.ok(inside(b.box, vp), `${where}: ${what} ${b.what} is inside the viewport: ${JSON.stringify(b.box)}`);
  }
  if (game === 'saint') assert.ok(await page.isVisible('#act-show-pair'), `${where}: "Show these two" is shown`);
  if (game !== 'saint') {
    const seats = await boxes(page, '.felt .seat');
    const covered = [
      ...(await boxes(page, '.felt .board')),
      ...(await boxes(page, '.felt .bet')),
      ...(await boxes(page, '#pots')),
    ];
    for (const s of seats)
      for (const c of covered)
        assert.ok(
          !overlap(s.box, c.box),
          `${where}: seat ${s.what} ${JSON.stringify(s.box)} covers ${c.what} ${JSON.stringify(c.box)}`,
        );
  }
  // the clock: a ring at your actions (and on your seat) while it is your turn
  const st = await tableState(page, id);
  if (st && st.clock && st.clock.deadline_ms != null) {
    clockSeen.withClock += 1;
    const c = await boxes(page, '#my-clock');
    assert.ok(c.length && inside(c[0].box, vp), `${where}: your clock is shown on your turn`);
    if (game !== 'saint')
      assert.ok(await page.isVisible('.felt .seat.me .clock-ring.on'), `${where}: the clock ring runs at your seat`);
  } else clockSeen.without += 1;
}

/** Waits for a turn of the viewer where `ready()` (in the test) says the state is the one wanted. */
async function waitTurn(ready, ms = 90000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ready()) return;
    await sleep(150);
  }
  throw new Error('never my turn');
}

/**
 * Waits until the table has redrawn for the window: the boxes of the seats, bets, board, pots
 * and hands read the same three times in a row, 150 ms apart. (A fixed pause was not enough
 * on a loaded machine: the layout was measured half-drawn.)
 */
async function settled(page, ms = 15000) {
  const read = () =>
    page.$$eval('.felt .seat, .felt .bet, .felt .board, #pots, #mine, #my-hand, #centre, #pool', (els) =>
      JSON.stringify([
        innerWidth,
        innerHeight,
        ...els.map((e) => {
          const r = e.getBoundingClientRect();
          return [r.x, r.y, r.width, r.height];
        }),
      ]),
    );
  const end = Date.now() + ms;
  let last = await read();
  let same = 0;
  while (Date.now() < end) {
    await sleep(150);
    const now = await read();
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= 2) return;
  }
  throw new Error(`the table did not settle within ${ms} ms`);
}

async function everyViewport(page, game, id, axeAt, { viewports = VIEWPORTS, name = game } = {}) {
  for (const vp of viewports) {
    await page.setViewportSize(vp);
    await sleep(150); // the table redraws 120 ms after a resize …
    await settled(page); // … and then, on a loaded machine, maybe later still
    await checkLayout(page, game, id, vp);
    await shot(page, `layout-${name}-${vp.width}x${vp.height}`);
    if (axeAt.some((a) => a.width === vp.width))
      await axeCheck(page, `${game} table on your turn ${vp.width}x${vp.height}`);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await sleep(300);
}

test('login page, lobby and create form pass axe', { timeout: 60000 }, async () => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await ctx.newPage();
  await page.goto(BASE);
  await page.waitForSelector('#auth-name');
  await axeCheck(page, 'login');
  await ctx.close();
  const p = await newPlayer(browser, { prefix: 'axe', viewport: { width: 1366, height: 768 } });
  await axeCheck(p.page, 'lobby');
  await p.page.evaluate(() => {
    document.getElementById('create-panel').open = true;
  });
  await axeCheck(p.page, 'create form');
  await p.page.setViewportSize({ width: 390, height: 844 });
  await axeCheck(p.page, 'lobby phone');
  await p.page.goto(`${BASE}#/settings`);
  await p.page.waitForSelector('#main select, #main input');
  await axeCheck(p.page, 'settings');
  await p.ctx.close();
});

test("Hold'em fits every window on your turn; the table menu and the leave confirmation", {
  timeout: 120000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'lay', viewport: { width: 1366, height: 768 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'layout holdem',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    rebuy: 200,
    seats: 4,
    bots: 3,
    bot_level: 'random',
    clock_secs: 60,
  });
  await waitTurn(async () => !!(await page.$('#act-fold, #act-check, #act-call')));
  await everyViewport(page, 'holdem', id, [{ width: 1366 }, { width: 390 }]);
  // the countdown: a clock the page holds (as the server sends it) is drawn as a ring at your
  // seat and your actions, in the time bank's look past the deadline, red under 5 s
  const setClock = (deadlineIn, bank) =>
    page.evaluate(
      ([tid, d, b]) => {
        const st = window.__tavolo.store.tables.get(tid);
        st.clock = { seat: st.you.seat, deadline_ms: Date.now() + d, bank_ms: b };
      },
      [id, deadlineIn, bank],
    );
  const look = () =>
    page.evaluate(() => {
      const c = document.getElementById('my-clock');
      const r = document.querySelector('.felt .seat.me .clock-ring');
      return {
        shown: !c.hidden,
        text: c.textContent,
        bank: c.classList.contains('bank'),
        low: c.classList.contains('low'),
        ring: !!r && r.classList.contains('on'),
        ringBank: !!r && r.classList.contains('bank'),
      };
    });
  await setClock(20000, 10000);
  await sleep(400);
  let k = await look();
  assert.ok(k.shown && k.ring && !k.bank && !k.low, `the clock runs at your seat and actions: ${JSON.stringify(k)}`);
  assert.match(k.text, /1\d|20/);
  await setClock(-2000, 10000);
  await sleep(400);
  k = await look();
  assert.ok(k.shown && k.bank && k.ringBank && !k.low, `past the deadline the time bank runs: ${JSON.stringify(k)}`);
  await setClock(-8000, 10000);
  await sleep(400);
  k = await look();
  assert.ok(k.low, `under 5 s in all the clock is red: ${JSON.stringify(k)}`);
  await shot(page, 'layout-holdem-time-bank');
  // the room's controls are in the menu, keyboard friendly
  assert.equal(await page.isVisible('#btn-leave'), false, 'Leave is in the menu, not on the page');
  await openTableMenu(page);
  for (const b of ['#btn-sit-out', '#btn-change-seat', '#btn-leave'])
    assert.ok(await page.isVisible(b), `${b} in the menu`);
  await axeCheck(page, 'holdem menu open');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#table-menu-list', { state: 'hidden' });
  assert.equal(await page.getAttribute('#btn-table-menu', 'aria-expanded'), 'false');
  assert.equal(
    await page.evaluate(() => document.activeElement.id),
    'btn-table-menu',
    'Escape gives focus back to the menu button',
  );
  // Leave while dealt in asks first; Escape stays at the table
  await openTableMenu(page);
  await page.click('#btn-leave');
  await page.waitForSelector('#leave-dialog[open]');
  assert.match(await page.textContent('#leave-dialog-text'), /hand/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'btn-leave-cancel', 'focus is in the dialog');
  await shot(page, 'layout-holdem-leave-dialog');
  await axeCheck(page, 'holdem leave dialog');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#leave-dialog', { state: 'hidden' });
  assert.ok(page.url().includes('#/table/'), 'still at the table');
  // phones: the bots' names stay told apart
  await page.setViewportSize({ width: 360, height: 740 });
  await sleep(450);
  const names = await page.$$eval('.felt .seat:not(.empty) .plate .name', (ns) =>
    ns.map((n) => ({ text: n.textContent, title: n.title, cut: n.scrollWidth > n.clientWidth + 1 })),
  );
  assert.equal(new Set(names.map((n) => n.text)).size, names.length, `names told apart: ${JSON.stringify(names)}`);
  assert.ok(
    names.filter((n) => n.title.startsWith('bot-')).every((n) => !n.cut),
    `no bot's name is cut at 360 px: ${JSON.stringify(names)}`,
  );
  assert.ok(
    names.every((n) => n.title),
    'full names in a title',
  );
  await ctx.close();
});

test("Hold'em with six seats: no seat covers the board, a bet or the pot, on a phone too", {
  timeout: 120000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'lay', viewport: { width: 1366, height: 768 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'layout six',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    rebuy: 200,
    seats: 6,
    bots: 5,
    bot_level: 'random',
    clock_secs: 60,
  });
  await waitTurn(async () => !!(await page.$('#act-fold, #act-check, #act-call')));
  await everyViewport(page, 'holdem', id, [], { viewports: [VIEWPORTS[0], VIEWPORTS[4]], name: 'holdem6' });
  await ctx.close();
});

test('Five-Card Draw fits every window on your turn', { timeout: 120000 }, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'lay', viewport: { width: 1366, height: 768 } });
  const id = await createTable(page, {
    game: 'draw',
    name: 'layout draw',
    ante: 5,
    buy_in: 500,
    rebuy: 500,
    seats: 4,
    bots: 3,
    bot_level: 'random',
    clock_secs: 60,
  });
  await waitTurn(async () => !!(await page.$('#act-fold, #act-check, #act-call, #act-raise, #act-exchange')));
  await everyViewport(page, 'draw', id, [{ width: 1366 }, { width: 390 }]);
  await ctx.close();
});

test('Saint Poker fits every window with "Show these two"', { timeout: 150000 }, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'lay', viewport: { width: 1366, height: 768 } });
  const id = await createTable(page, {
    game: 'saint',
    name: 'layout saint',
    seats: 4,
    bots: 3,
    bot_level: 'random',
    stake: 0,
    clock_secs: 60,
  });
  await page.waitForSelector('.saint-felt', { timeout: 30000 });
  let placeChecked = false;
  await waitTurn(async () => {
    const st = await tableState(page, id);
    const v = st?.view;
    const chosen = await page.$('#chosen-note');
    if (!v || chosen) return false;
    const open = await page.$('#my-hand button.card:not([disabled])');
    if (v.phase === 'place' && open) {
      if (!placeChecked) {
        placeChecked = true;
        await axeCheck(page, 'saint table, place a card');
      }
      await page.click('#my-hand button[data-i="1"]');
    } else if (v.phase === 'draft' && (await page.$('#pool button.card:not([disabled])'))) {
      await page.click('#pool button.card');
    } else if (v.phase === 'show' && open) {
      for (const i of ['1', '2']) {
        const sel = await page.$eval(
          `#my-hand button[data-i="${i}"]`,
          (b) => b.getAttribute('aria-pressed') === 'true',
        );
        if (!sel) await page.keyboard.press(i);
      }
      await page.waitForSelector('#live-best', { timeout: 5000 });
      return true;
    }
    return false;
  }, 120000);
  await everyViewport(page, 'saint', id, [{ width: 1366 }, { width: 390 }]);
  await page.setViewportSize({ width: 360, height: 740 });
  await sleep(450);
  const names = await page.$$eval('.splayer .sp-head .name', (ns) => ns.map((n) => n.textContent.trim()));
  assert.equal(new Set(names).size, names.length, `players told apart on a phone: ${JSON.stringify(names)}`);
  await page.setViewportSize({ width: 1366, height: 768 });
  await openTableMenu(page);
  await page.click('#btn-leave');
  await page.waitForSelector('#leave-dialog[open]');
  await axeCheck(page, 'saint leave dialog');
  await page.click('#btn-leave-cancel');
  await page.waitForSelector('#leave-dialog', { state: 'hidden' });
  // the history page
  await page.goto(`${BASE}#/history`);
  await page.waitForSelector('#history-table a, #hist-body .muted', { timeout: 15000 });
  await axeCheck(page, 'history');
  await ctx.close();
});

test('axe-core: no serious or critical violation on any page state visited', () => {
  console.log(`clock in table_state on your turn: ${clockSeen.withClock} checks with, ${clockSeen.without} without`);
  console.log(`axe-core ran on ${axeStates.length} page states: ${axeStates.join('; ')}`);
  assert.ok(axeStates.length >= 12, 'axe-core ran on every state');
  assert.deepEqual(axeFound, []);
});
