// regular.test.mjs — issue 17's table as a regular expects it, told as stories in headless
// Chromium: the clock on every turn (after bots' actions too); a hand's end that stays with the
// pot, the shown hands named and the log; no Rebuy while in a hand; Saint Poker's results screen
// and "Play again" (no stake taken unasked); a newcomer's starter tables, a waiting table that
// says whom it needs and bots added later; the waiting list's place, leaving it, and the notice
// that seats you; table chat with mute. Screenshots go to the artifacts directory.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPlayer,
  createTable,
  tableState,
  saintMove,
  shot,
  sleep,
  waitUntil,
  openTableMenu,
} from '../helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const balance = (page) => page.evaluate(async () => (await (await fetch('api/me')).json()).user.balance);

test("Hold'em: my clock on every turn after bots act; the hand's end stays with its pot, shown hands " +
  'named and log; no Rebuy while in a hand', {
  timeout: 240000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'clk', viewport: { width: 1366, height: 768 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e clock',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 4,
    bots: 3,
    bot_level: 'station',
    clock_secs: 30,
  });
  let turns = 0;
  let ended = null;
  const end = Date.now() + 200000;
  while (Date.now() < end && (turns < 4 || !ended)) {
    const st = await tableState(page, id);
    if (st?.view?.over && st.result && (st.result.shown || []).length >= 2 && !ended) {
      ended = st;
      // the finished hand stays: the pot as awarded, the log, the losers' hands named at the seats
      const pots = await page.textContent('#pots');
      assert.ok(!/:\s*0\s*$/.test(pots.trim()), `the pot shows what was won: ${pots}`);
      const log = await page.$$eval('#log-list li', (l) => l.map((x) => x.textContent));
      assert.ok(
        log.some((l) => / shows /.test(l)),
        `the log keeps the showdown: ${log.slice(-5)}`,
      );
      const named = await page.$$eval('.felt .seat', (s) => s.map((x) => x.textContent));
      const told = named.filter((x) => /(Pair|pair|High card|Two pair|Three|Straight|Flush|Full house|Four)/.test(x));
      assert.ok(told.length >= 2, `shown hands are named at their seats: ${named}`);
      await shot(page, 'holdem-hand-end');
    }
    if (st?.legal?.length && st.view && !st.view.over) {
      // (story) a turn that follows bots' actions shows my running clock
      assert.ok(
        st.clock && st.clock.seat === st.you.seat && st.clock.deadline_ms > 0,
        `my turn has my clock: ${JSON.stringify(st.clock)}`,
      );
      await page.waitForSelector('#my-clock:not([hidden])', { timeout: 5000 });
      assert.equal(await page.$('#btn-rebuy'), null, 'no Rebuy in a hand');
      const b = (await page.$('#act-check')) || (await page.$('#act-call'));
      if (b) {
        await b.click().catch(() => {});
        turns += 1;
      }
      if (turns === 2) await shot(page, 'holdem-turn-clock-1366x768');
    }
    await sleep(150);
  }
  assert.ok(turns >= 4, `played ${turns} turns`);
  assert.ok(ended, 'a hand reached a showdown with two shown hands');
  await ctx.close();
});

test('Saint Poker ends on a results screen; nothing starts and no stake is taken until Play again', {
  timeout: 400000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'again', viewport: { width: 390, height: 844 } });
  const id = await createTable(page, {
    game: 'saint',
    name: 'e2e again',
    seats: 2,
    bots: 1,
    bot_level: 'random',
    stake: 10,
    clock_secs: 30,
  });
  await page.waitForSelector('.saint-felt', { timeout: 30000 });
  const end = Date.now() + 330000;
  let over = null;
  while (Date.now() < end) {
    const st = await tableState(page, id);
    const v = st?.view;
    if (v && v.phase === 'over' && st.result) {
      over = st;
      break;
    }
    await saintMove(page, v);
    await sleep(200);
  }
  assert.ok(over, 'the game ended');
  await page.waitForSelector('#saint-results', { timeout: 10000 });
  assert.equal(await page.$$eval('#results-ranking li', (l) => l.length), 2);
  assert.equal(await page.$$eval('#results-rounds tbody tr', (l) => l.length), 8, 'points by round');
  // told once (issue 49, finding 12: on a phone the ranking and the rounds came three times)
  assert.equal(await page.$$eval('.ranking', (l) => l.length), 1, 'one ranking on the page');
  assert.equal(await page.$('#scoreboard'), null, 'no second table of the rounds');
  assert.match(await page.textContent('#saint-results'), /10|20/, 'who won the stakes');
  const box = await (await page.$('#btn-play-again')).boundingBox();
  assert.ok(box && box.y + box.height <= 844, 'Play again is on screen');
  await shot(page, 'saint-results-390x844');
  const before = await balance(page);
  await sleep(5000);
  const still = await tableState(page, id);
  assert.equal(still.hand, over.hand, 'no new game started by itself');
  assert.equal(await balance(page), before, 'no stake taken unasked');
  await page.click('#btn-play-again');
  await waitUntil(
    page,
    ([tid, h]) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s?.hand && s.hand !== h && s.view && s.view.round === 1;
    },
    [id, over.hand],
    { timeout: 20000 },
  );
  assert.equal(await balance(page), before - 10, 'the stake of the new game');
  await ctx.close();
});

test('A newcomer finds starter tables; a table without bots says whom it needs, and its creator adds bots', {
  timeout: 180000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'new', viewport: { width: 1280, height: 720 } });
  await page.waitForSelector('#lobby-body tr[data-table]', { timeout: 40000 });
  const names = await page.$$eval('#lobby-body tr[data-table] th', (r) => r.map((x) => x.textContent));
  for (const g of ['No-Limit', 'Saint Poker', 'Five-Card Draw'])
    assert.ok(
      names.some((n) => n.includes(`Welcome: ${g}`)),
      `a starter ${g} table: ${names}`,
    );
  // no bots asked for (the form now fills the table with bots unless told otherwise)
  const id = await createTable(page, { game: 'holdem', name: 'e2e defaults', bots: 0 });
  await page.waitForSelector('#needs-players', { timeout: 20000 });
  assert.match(await page.textContent('#needs-players'), /1 of 4/);
  await shot(page, 'holdem-needs-players-1280x720');
  for (let i = 0; i < 3; i++) {
    await page.waitForSelector('#btn-add-bot-2', { timeout: 10000 });
    await page.click('#btn-add-bot-2');
    await waitUntil(
      page,
      ([tid, n]) => {
        const s = window.__tavolo.store.tables.get(tid);
        return s && s.seats.length >= n;
      },
      [id, i + 2],
    );
  }
  await waitUntil(
    page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s?.hand && s.you.hand_seat != null;
    },
    id,
    { timeout: 30000 },
  );
  const st = await tableState(page, id);
  const bots = st.seats.filter((s) => s.bot).map((s) => s.name);
  assert.equal(new Set(bots).size, 3, `bots told apart: ${bots}`);
  // the form's default level (issue 49: the levels in words, "regular" first chosen)
  assert.ok(
    bots.every((b) => / \(regular\)$/.test(b)),
    `bots named with their level: ${bots}`,
  );
  await ctx.close();
});

test('The waiting list: my place in the lobby, leaving it, and a notice that takes me to my seat; table ' +
  'chat with mute', {
  timeout: 240000,
}, async () => {
  const a = await newPlayer(browser, { prefix: 'wla' });
  const b = await newPlayer(browser, { prefix: 'wlb' });
  const c = await newPlayer(browser, { prefix: 'wlc', viewport: { width: 390, height: 844 } });
  const id = await createTable(a.page, {
    game: 'holdem',
    name: 'e2e list',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 2,
    bots: 0,
    clock_secs: 60,
  });
  for (const p of [b.page, c.page]) await p.goto(`${BASE}#/lobby`);
  await b.page.waitForSelector(`tr[data-table="${id}"] button[data-act="join"]`, { timeout: 15000 });
  await b.page.click(`tr[data-table="${id}"] button[data-act="join"]`);
  await waitUntil(b.page, () => location.hash.startsWith('#/table/'));
  // Chat: a line arrives as text (never markup); a muted writer is no longer shown.
  await a.page.fill('#chat-input', '<b>gl</b> hf');
  await a.page.click('#chat-send');
  await waitUntil(b.page, () =>
    [...document.querySelectorAll('#chat-lines .chat-text')].some((x) => x.textContent === '<b>gl</b> hf'),
  );
  assert.equal(await b.page.$('#chat-lines b'), null, 'no markup from a chat line');
  await b.page.click('#chat-lines button[data-mute]');
  await a.page.fill('#chat-input', 'second line');
  await a.page.click('#chat-send');
  await sleep(1500);
  const seen = await b.page.$$eval('#chat-lines .chat-text', (l) => l.map((x) => x.textContent));
  assert.ok(!seen.includes('second line'), `a muted writer is hidden: ${seen}`);
  await shot(b.page, 'chat');
  // C: the table is full, so the waiting list; its place shows in the lobby, with a way out
  await c.page.waitForSelector(`tr[data-table="${id}"] button[data-act="waitlist"]`, { timeout: 15000 });
  await c.page.click(`tr[data-table="${id}"] button[data-act="waitlist"]`);
  await c.page.waitForSelector(`tr[data-table="${id}"] .waitlist-pos`, { timeout: 15000 });
  assert.match(await c.page.textContent(`tr[data-table="${id}"] .waitlist-pos`), /1/);
  await c.page.click(`tr[data-table="${id}"] button[data-act="unlist"]`);
  await c.page.waitForSelector(`tr[data-table="${id}"] button[data-act="waitlist"]`, { timeout: 15000 });
  await c.page.click(`tr[data-table="${id}"] button[data-act="waitlist"]`);
  await c.page.waitForSelector(`tr[data-table="${id}"] .waitlist-pos`, { timeout: 15000 });
  // B leaves (confirming if dealt in): C is told, wherever C is, and goes to the seat
  await openTableMenu(b.page);
  await b.page.click('#btn-leave');
  if (await b.page.waitForSelector('#btn-leave-confirm', { timeout: 3000 }).catch(() => null))
    await b.page.click('#btn-leave-confirm');
  // (A plays on, so that the hand B leaves ends and B's seat frees)
  const end = Date.now() + 60000;
  while (Date.now() < end && !(await c.page.$('.toast.notice a'))) {
    const act = (await a.page.$('#act-check')) || (await a.page.$('#act-call'));
    if (act) await act.click().catch(() => {});
    await sleep(250);
  }
  await c.page.waitForSelector('.toast.notice a', { timeout: 5000 });
  await shot(c.page, 'waitlist-notice-390x844');
  await c.page.click('.toast.notice a');
  await waitUntil(c.page, (tid) => location.hash === `#/table/${tid}`, id);
  await waitUntil(
    c.page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s && s.you.seat != null;
    },
    id,
  );
  await a.ctx.close();
  await b.ctx.close();
  await c.ctx.close();
});
