// issue49.test.mjs — the browser room a regular stays in (issue 49), told as stories in
// headless Chromium against a real `tavolo serve`: a player sitting out is told how many hands
// the seat has left and, once it is gone, why, with one click to sit down again; pre-action
// buttons; the live log's bet and raise; each decision's amount; notices in words; split pots
// and the winning five; the create-table form in words. Nothing here waits on a fixed time:
// every wait is for a state of the page, with a generous limit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE,
  launch,
  newPlayer,
  createTable,
  tableState,
  shot,
  sleep,
  waitUntil,
  openTableMenu,
  axeSerious,
} from '../helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** No serious or critical axe-core violation in the page state `state`. */
async function noAxe(page, state) {
  const found = await axeSerious(page);
  assert.deepEqual(found, [], `axe-core, ${state}`);
}

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.replace(/\s+/g, ' ').trim()).catch(() => '');

test('finding 1: sitting out says how many hands the seat has left; a lost seat says why and sits down ' +
  'again in one click', {
  timeout: 240000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'away', viewport: { width: 1366, height: 768 } });
  // five seats, four bots: the table deals on while I sit out (Hold'em deals to four)
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e away',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 5,
    bots: 4,
    bot_level: 'station',
    clock_secs: 30,
  });
  await waitUntil(
    page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s && s.you && s.you.seat != null;
    },
    id,
    { timeout: 30000 },
  );
  await openTableMenu(page);
  await page.click('#btn-sit-out');
  // the countdown, told as the hands go by: 2, then 1, then the next deal
  const seen = [];
  const end = Date.now() + 200000;
  while (Date.now() < end) {
    // the note and its button read in one go: on a loaded machine the felt can be drawn again
    // between two separate reads (the seat lost at the next deal takes both away)
    const { note, sitIn } = await page.evaluate(() => {
      const n = document.querySelector('#sitting-out-note');
      return {
        note: n ? n.textContent.replace(/\s+/g, ' ').trim() : '',
        sitIn: Boolean(document.querySelector('#btn-sit-in-2')),
      };
    });
    if (note && seen[seen.length - 1] !== note) {
      seen.push(note);
      assert.ok(sitIn, 'Sit in is one click away, beside the countdown');
    }
    if (await page.$('#seat-lost')) break;
    // the hand I was dealt before sitting out: play it out rather than wait for my clock
    if (!(await tryClick(page, '#act-check', 50))) await tryClick(page, '#act-fold', 50);
    await sleep(100);
  }
  assert.ok(
    seen.some((n) => /You are sitting out — you will lose your seat after 2 more hands/.test(n)),
    `told 2 hands: ${JSON.stringify(seen)}`,
  );
  assert.ok(
    seen.some((n) => /after 1 more hand\b/.test(n)),
    `told 1 hand: ${JSON.stringify(seen)}`,
  );
  assert.ok(
    seen.some((n) => /at the next deal/.test(n)),
    `told the next deal: ${JSON.stringify(seen)}`,
  );
  // the seat is gone: why, in words, and one click to sit down again — on the felt, not in a menu
  const why = await text(page, '#seat-lost');
  assert.match(why, /You lost your seat: you sat out three hands in a row/);
  await shot(page, 'issue49-seat-lost-1366x768');
  await noAxe(page, 'a lost seat 1366x768');
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await page.$eval('#btn-sit-down-again', (b) => {
    const r = b.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  });
  assert.ok(
    box.x >= 0 && box.x + box.w <= 390 && box.y >= 0 && box.y + box.h <= 844,
    `Sit down again is on a phone's screen: ${JSON.stringify(box)}`,
  );
  await shot(page, 'issue49-seat-lost-390x844');
  await noAxe(page, 'a lost seat 390x844');
  await waitUntil(page, () => {
    const b = document.getElementById('btn-sit-down-again');
    return b && !b.disabled;
  });
  await page.click('#btn-sit-down-again');
  await waitUntil(
    page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s && s.you && s.you.seat != null && !s.you.seat_lost;
    },
    id,
    { timeout: 30000 },
  );
  await waitUntil(page, () => !document.getElementById('seat-lost'));
  const st = await tableState(page, id);
  assert.equal(st.you.sitting_out, false, 'seated again, playing');
  await ctx.close();
});

/** Clicks `sel` if it is there within `ms`; true when clicked. */
async function tryClick(page, sel, ms = 1500) {
  try {
    await page.click(sel, { timeout: ms });
    return true;
  } catch {
    return false;
  }
}

test('finding 2: pre-actions are played when the turn comes and cleared when the bet they were chosen ' +
  'against changes', {
  timeout: 300000,
}, async () => {
  // Two people and two bots: while the other person thinks, my pre-actions wait for my turn
  // (bots alone act too fast to choose anything in between).
  const a = await newPlayer(browser, { prefix: 'prea', viewport: { width: 1366, height: 768 } });
  const id = await createTable(a.page, {
    game: 'holdem',
    name: 'e2e pre',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 4,
    bots: 2,
    bot_level: 'station',
    clock_secs: 120,
  });
  const b = await newPlayer(browser, { prefix: 'preb', viewport: { width: 1280, height: 720 } });
  await b.page.goto(`${a.page.url().split('#')[0]}#/lobby`);
  await b.page.waitForSelector(`tr[data-table="${id}"] button[data-act="join"]`, { timeout: 15000 });
  await b.page.click(`tr[data-table="${id}"] button[data-act="join"]`);
  const aLines = () =>
    a.page.$$eval(
      '#log-list li',
      (l, n) => l.filter((x) => x.textContent.startsWith(n)).map((x) => x.textContent),
      a.name,
    );
  const actNow = async (page) => (await tryClick(page, '#act-check', 200)) || tryClick(page, '#act-call', 200);
  const pressed = (sel) => a.page.$eval(sel, (x) => x.getAttribute('aria-pressed')).catch(() => null);
  // a bet or raise the page is told of (the server's next state replaces it)
  const bump = () =>
    a.page.evaluate((tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      const v = JSON.parse(JSON.stringify(s.view));
      const other = v.bets.findIndex((_, i) => i !== s.you.hand_seat && v.live[i]);
      v.bets[other] = Math.max(...v.bets) + 10;
      window.__tavolo.store.tables.set(tid, { ...s, view: v });
      window.__tavolo.notify('table', tid);
    }, id);
  let cleared = false;
  let played = false;
  const end = Date.now() + 260000;
  while (!played && Date.now() < end) {
    if (await a.page.$('#act-check, #act-call')) {
      await actNow(a.page);
      continue;
    }
    const bTurn = await b.page.$('#act-check, #act-call');
    if (!bTurn || !(await a.page.$('#pre-actions'))) {
      await sleep(100);
      continue;
    }
    if (!cleared) {
      // Call N (or Check) is cleared by a bet; Fold to any bet stays through it
      const which = (await a.page.$('#pre-call')) ? '#pre-call' : '#pre-check';
      await a.page.click(which);
      assert.equal(await pressed(which), 'true', `${which} chosen`);
      await bump();
      await waitUntil(a.page, () => !document.querySelector('#pre-actions [aria-pressed="true"]'), null, {
        timeout: 5000,
      });
      assert.ok(await a.page.$('#pre-call'), 'facing the new bet, Call N is offered for its amount');
      await a.page.click('#pre-foldany');
      await bump();
      await sleep(200);
      assert.equal(await pressed('#pre-foldany'), 'true', 'Fold to any bet stays chosen through a raise');
      await shot(a.page, 'issue49-pre-actions-1366x768');
      await noAxe(a.page, 'pre-actions chosen');
      await a.page.click('#pre-foldany');
      assert.equal(await pressed('#pre-foldany'), 'false', 'a second click takes it back');
      cleared = true;
      await sleep(150); // the server's own state comes back (the bumps were only the page's)
    }
    // Call any, chosen while the other person thinks, is played when my turn comes
    if (!(await tryClick(a.page, '#pre-callany', 1000))) continue;
    if ((await pressed('#pre-callany')) !== 'true') continue;
    const before = (await aLines()).length;
    await actNow(b.page);
    // (b's click can land as the felt is drawn again and act for nobody: then the loop acts again)
    const moved = await waitUntil(
      a.page,
      ([n, k]) =>
        [...document.querySelectorAll('#log-list li')].filter((x) => x.textContent.startsWith(n)).length > k ||
        document.querySelector('#pre-callany[aria-pressed="false"]') ||
        document.querySelector('#act-check, #act-call'),
      [a.name, before],
      { timeout: 20000 },
    )
      .then(() => true)
      .catch(() => false);
    if (!moved) continue;
    // my turn came (a call or a check of mine in the log), or the round ended first (a
    // showdown line, or Call any cleared with its round): then try again
    const after = await aLines();
    if (after.slice(before).some((l) => / (calls|checks)/.test(l))) played = true;
  }
  assert.ok(cleared, 'a pre-chosen Call N or Check was cleared by a bet');
  assert.ok(played, 'a pre-chosen Call any was played when the turn came');
  await a.ctx.close();
  await b.ctx.close();
});

test("finding 4: each decision's amount starts at the minimum, or at the preset I chose; nothing typed carries over", {
  timeout: 240000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'amt', viewport: { width: 1366, height: 768 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e amount',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 4,
    bots: 3,
    bot_level: 'station',
    clock_secs: 120,
  });
  /** Waits for my next decision with a bet or raise whose range is wider than one amount. */
  const nextDecision = async (after) => {
    let key = null;
    await waitUntil(
      page,
      ([tid, prev]) => {
        const s = window.__tavolo.store.tables.get(tid);
        const r = s && (s.legal || []).find((x) => x.action === 'bet_or_raise_to');
        if (!r || r.max <= r.min || !document.getElementById('bet-amount')) {
          // a decision without a range: take the free or cheap way on
          const b = document.getElementById('act-check') || document.getElementById('act-call');
          if (b && !b.disabled && (s.legal || []).length) b.click();
          return false;
        }
        return JSON.stringify([s.hand, s.view.street, s.view.bets]) !== prev;
      },
      [id, after],
      { timeout: 90000 },
    );
    const st = await tableState(page, id);
    key = JSON.stringify([st.hand, st.view.street, st.view.bets]);
    const r = st.legal.find((x) => x.action === 'bet_or_raise_to');
    return {
      key,
      r,
      amount: Number(await page.inputValue('#bet-amount')),
      label: await page.textContent('#act-raise .amt'),
    };
  };
  const passOn = async () => {
    if (!(await tryClick(page, '#act-check', 2000))) await page.click('#act-call');
  };
  // 1. the first decision starts at the minimum; I type a big amount and then only check or call
  let d = await nextDecision(null);
  assert.equal(d.amount, d.r.min, `the first decision starts at the minimum: ${JSON.stringify(d)}`);
  const typed = Math.min(d.r.max, d.r.min + 7);
  await page.fill('#bet-amount', String(typed));
  await page.dispatchEvent('#bet-amount', 'change');
  assert.equal(Number(await page.inputValue('#bet-amount')), typed);
  await passOn();
  // 2. the next decision starts at its own minimum again
  d = await nextDecision(d.key);
  assert.equal(d.amount, d.r.min, `a typed amount does not carry over: ${JSON.stringify(d)}`);
  assert.match(d.label, new RegExp(`\\b${d.r.min}\\b`), 'the button says the amount');
  // 3. a preset chosen is where each later decision starts (within its range)
  if (!(await tryClick(page, '#bet-pot', 1000))) await page.click('#bet-allin');
  const preset = (await page.$('#bet-pot[aria-pressed="true"]')) ? 'pot' : 'allin';
  await passOn();
  d = await nextDecision(d.key);
  const want = preset === 'pot' && d.r.presets ? Math.max(d.r.min, Math.min(d.r.max, d.r.presets.pot)) : d.r.max;
  assert.equal(d.amount, want, `the chosen preset (${preset}) is where the decision starts: ${JSON.stringify(d)}`);
  await ctx.close();
});

test("finding 5: notices are in words, one per cause with repeats counted, under the table's status line", {
  timeout: 120000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'note', viewport: { width: 1366, height: 768 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e notices',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 4,
    bots: 0,
    clock_secs: 60,
  });
  // bots added by the table's creator are told as bots, not as "Seated at seat N"
  for (let i = 0; i < 2; i++) {
    await page.waitForSelector('#btn-add-bot-2', { timeout: 15000 });
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
  await page.waitForSelector('#table-notices .toast', { timeout: 5000 });
  const told = await page.$$eval('#table-notices .toast, #toasts .toast', (l) => l.map((x) => x.textContent));
  assert.ok(
    told.some((x) => /A bot sat down at seat \d/.test(x)),
    `bots told as bots: ${told}`,
  );
  assert.ok(told.filter((x) => /Seated at seat/.test(x)).length <= 1, `"Seated at seat" is only my own seat: ${told}`);
  // eight refusals of one cause are one notice, counted, in words: no raw code
  await page.evaluate(async () => {
    const { showNotice, errorText } = await import('./js/ui.js');
    const box = document.getElementById('table-notices');
    for (let i = 0; i < 8; i++)
      showNotice(box, errorText({ code: 'rate_limited', message: 'slow down: 20 intents per second' }), 'error', 4000);
  });
  const errs = await page.$$eval('#table-notices .toast.error', (l) => l.map((x) => x.textContent));
  assert.equal(errs.length, 1, `one notice: ${errs}`);
  assert.match(errs[0], /^Too fast — wait a moment and try again ×8$/);
  // under the status line, on the screen, not over the table menu
  const box = await page.$eval('#table-notices .toast.error', (x) => {
    const r = x.getBoundingClientRect();
    return [r.top, r.bottom, r.left, r.right];
  });
  const menu = await page.$eval('#btn-table-menu', (x) => {
    const r = x.getBoundingClientRect();
    return [r.top, r.bottom, r.left, r.right];
  });
  const overlaps = !(box[1] <= menu[0] || box[0] >= menu[1] || box[3] <= menu[2] || box[2] >= menu[3]);
  assert.ok(!overlaps, `the notice does not cover the table menu: ${box} vs ${menu}`);
  await shot(page, 'issue49-notices-1366x768');
  await noAxe(page, 'a notice under the status line');
  // every code the room answers has words in all four languages
  const missing = await page.evaluate(async () => {
    const { t, setLang } = await import('./js/i18n.js');
    const codes = [
      'malformed',
      'too_large',
      'unsupported_version',
      'rate_limited',
      'unauthenticated',
      'no_such_table',
      'not_seated',
      'already_seated',
      'table_full',
      'insufficient_chips',
      'stale_hand',
      'not_your_turn',
      'illegal_action',
      'invalid_options',
      'not_allowed',
      'bad_reveal',
      'unavailable',
      'elsewhere',
      'internal',
    ];
    const out = [];
    for (const l of ['en', 'it', 'pt', 'de']) {
      setLang(l);
      for (const c of codes) if (t(`ec_${c}`) === `ec_${c}`) out.push(`${l}:${c}`);
    }
    setLang('en');
    return out;
  });
  assert.deepEqual(missing, []);
  await ctx.close();
});

test('finding 6: a split pot names each winner with their own amount, on the felt and in the result', {
  timeout: 120000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'split', viewport: { width: 1366, height: 768 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e split',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 4,
    bots: 3,
    bot_level: 'station',
    clock_secs: 60,
  });
  // on my turn the table waits for me: the state the test gives the page stays
  await waitUntil(
    page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s?.view && s.hand_seats && s.hand_seats.length >= 3 && (s.legal || []).length > 0;
    },
    id,
    { timeout: 60000 },
  );
  // the server's result of a hand whose pot of 4 two players split, 2 each (its very shape:
  // one entry per winner of each pot, docs/protocol.md)
  const inject = () =>
    page.evaluate((tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      const hand = { category: 'two_pair', ranks: ['K', '7', 'A'] };
      const n = s.hand_seats.length;
      const won = Array.from({ length: n }, (_, i) => (i < 2 ? 2 : 0));
      const result = {
        pots: [
          { pot: 0, seat: 0, amount: 2, hand },
          { pot: 0, seat: 1, amount: 2, hand },
        ],
        shown: [
          { seat: 0, hand },
          { seat: 1, hand },
        ],
        won,
        carried: 0,
      };
      window.__tavolo.store.tables.set(tid, {
        ...s,
        view: { ...s.view, over: true, to_act: null },
        legal: [],
        clock: null,
        result,
      });
      window.__tavolo.notify('table', tid);
    }, id);
  // (a state of the server's may still follow the turn's, e.g. after the seed reveal: again
  // until the page shows the one given)
  for (let k = 0; k < 20; k++) {
    await inject();
    await sleep(300);
    if (/wins 2/.test(await text(page, '#result-banner'))) break;
  }
  const st = await tableState(page, id);
  const names = [0, 1].map((i) => st.seats.find((x) => x.seat === st.hand_seats[i]).name);
  const short = (n) => n.replace(/ \([a-z_]+\)$/, '');
  const banner = await text(page, '#result-banner');
  for (const n of names)
    assert.ok(
      banner.includes(`${short(n)} wins 2`) || banner.includes(`${n} wins 2`),
      `the banner names ${n} with 2: ${banner}`,
    );
  assert.ok(!/wins 4/.test(banner), `no winner of the whole pot: ${banner}`);
  const box = await text(page, '#result-box');
  assert.match(box, /split/, `the result says the pot was split: ${box}`);
  for (const n of names) assert.ok(box.includes(`${n} wins 2`), `the result names ${n} with 2: ${box}`);
  await shot(page, 'issue49-split-pot-1366x768');
  await noAxe(page, 'a split pot');
  await ctx.close();
});

test('finding 7: the create-table form speaks words, fills the table with bots and the new table deals', {
  timeout: 120000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'form', viewport: { width: 390, height: 844 } });
  await page.evaluate(() => {
    document.getElementById('create-panel').open = true;
  });
  await waitUntil(page, () => document.querySelectorAll('#c-level option').length >= 3);
  for (const g of ['holdem', 'draw', 'saint']) {
    await page.selectOption('#c-game', g);
    const f = await page.evaluate(() => ({
      seats: +document.getElementById('c-seats').value,
      bots: +document.getElementById('c-bots').value,
      level: document.getElementById('c-level').value,
      levels: [...document.querySelectorAll('#c-level option')].map((o) => [o.value, o.textContent]),
      min: [...document.querySelectorAll('#c-min option')].map((o) => o.textContent),
      labels: [...document.querySelectorAll('#create-form label, #create-form summary')]
        .filter((l) => !l.hidden)
        .map((l) => l.textContent.replace(/\s+/g, ' ').trim()),
    }));
    assert.ok(f.bots > 0 && f.bots === f.seats - 1, `${g}: bots fill the table but for me: ${f.bots} of ${f.seats}`);
    assert.equal(f.level, 'regular', `${g}: the default level`);
    assert.deepEqual(
      f.levels.slice(0, 3).map((x) => x[1]),
      ['Beginner', 'Regular', 'Strong'],
      `${g}: the levels first, in words`,
    );
    for (const [v, label] of f.levels) assert.notEqual(label, v, `${g}: level ${v} is told in words`);
    assert.equal(f.min[0], "As the game's rules say");
    assert.ok(!f.labels.some((l) => /RULES\.md|\(0:/.test(l)), `${g}: no developer's words: ${f.labels}`);
  }
  await shot(page, 'issue49-create-form-390x844');
  await noAxe(page, 'the create form 390x844');
  // a table made with the form as it comes deals at once, with me in the hand
  await page.selectOption('#c-game', 'holdem');
  await page.fill('#c-name', 'e2e form defaults');
  await page.click('#c-submit');
  await waitUntil(page, () => location.hash.startsWith('#/table/'));
  const id = decodeURIComponent(await page.evaluate(() => location.hash.split('/')[2]));
  await waitUntil(
    page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s?.hand && s.you && s.you.hand_seat != null;
    },
    id,
    { timeout: 40000 },
  );
  // bots' names fit a phone's seat: "Sara", not "Sara (…"
  const plates = await page.$$eval('.felt .seat .name', (l) => l.map((x) => x.textContent));
  assert.ok(plates.length >= 4, `${plates}`);
  assert.ok(!plates.some((n) => /\(/.test(n)), `no level in a seat's name: ${plates}`);
  await shot(page, 'issue49-new-table-deals-390x844');
  await ctx.close();
});

test('finding 6: the winning five cards are marked at a showdown, from the cards the server names', {
  timeout: 240000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'five', viewport: { width: 1920, height: 1080 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e five',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 4,
    bots: 3,
    bot_level: 'station',
    clock_secs: 120,
  });
  let st = null;
  const end = Date.now() + 200000;
  while (Date.now() < end) {
    const s = await tableState(page, id);
    if (s?.view?.over && s.result && (s.result.shown || []).length >= 2) {
      st = s;
      break;
    }
    if (!(await tryClick(page, '#act-check', 50))) await tryClick(page, '#act-call', 50);
    await sleep(100);
  }
  assert.ok(st, 'a hand reached a showdown');
  const winners = new Set(st.result.pots.map((p) => p.seat));
  const want = new Set(st.result.shown.filter((x) => winners.has(x.seat)).flatMap((x) => x.cards));
  for (const x of st.result.shown)
    assert.equal(x.cards.length, 5, `every shown hand names its five: ${JSON.stringify(x)}`);
  const marked = await page.$$eval('.felt .card.win5', (l) => l.map((c) => c.dataset.card));
  assert.deepEqual(new Set(marked), want, `the felt marks the winning five: ${marked} vs ${[...want]}`);
  const faded = await page.$$eval('.felt .board .card.dim-out', (l) => l.map((c) => c.dataset.card));
  assert.ok(
    faded.every((c) => !want.has(c)),
    'only cards outside the five fade',
  );
  const mini = await page.$$eval('#result-box .mini-cards .card', (l) => l.map((c) => c.dataset.card));
  assert.ok(mini.length >= 5, `the result shows the winning five: ${mini}`);
  await shot(page, 'issue49-winning-five-1920x1080');
  await noAxe(page, 'a showdown 1920x1080');
  await ctx.close();
});

test('finding 12: a fold where checking is free is asked twice; keycaps only where there is a keyboard; ' +
  'the log is reachable by keyboard', {
  timeout: 240000,
}, async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await page.goto(BASE);
  await page.fill('#auth-name', `tch${Date.now().toString(36).slice(-6)}`);
  await page.fill('#auth-password', 'correct-horse-9');
  await page.click('#btn-register');
  await page.waitForSelector('#lobby-body');
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e touch',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 4,
    bots: 3,
    bot_level: 'station',
    clock_secs: 120,
  });
  assert.equal(await page.$eval('#log-list', (l) => l.tabIndex), 0, 'the log takes the keyboard focus (it scrolls)');
  // my turn with checking free
  const end = Date.now() + 200000;
  let asked = false;
  while (!asked && Date.now() < end) {
    const st = await tableState(page, id);
    const free = st && (st.legal || []).some((a) => a.action === 'check');
    if (free && (await page.$('#act-fold'))) {
      const keycaps = await page.$$eval('#actions kbd', (l) => l.map((k) => getComputedStyle(k).display));
      assert.ok(
        keycaps.every((d) => d === 'none'),
        `no keycaps on a touch screen: ${keycaps}`,
      );
      await page.click('#act-fold');
      await page.waitForSelector('#act-fold.confirm', { timeout: 3000 });
      assert.match(await text(page, '#act-fold'), /Checking is free/);
      const still = await tableState(page, id);
      assert.ok(
        (still.legal || []).some((a) => a.action === 'check'),
        'one press did not fold',
      );
      await shot(page, 'issue49-fold-confirm-390x844');
      await noAxe(page, 'a fold asked twice 390x844');
      await page.click('#act-fold');
      await waitUntil(
        page,
        (tid) => {
          const s = window.__tavolo.store.tables.get(tid);
          const h = s?.you.hand_seat;
          return s?.view && h != null && s.view.live && !s.view.live[h];
        },
        id,
        { timeout: 10000 },
      );
      asked = true;
    } else if (st && (st.legal || []).length) {
      await tryClick(page, '#act-call', 100);
    }
    await sleep(100);
  }
  assert.ok(asked, 'a fold with checking free came and was asked');
  await ctx.close();
});

test('finding 8: at 1920×1080 the table takes the width and its felt and cards are larger than at 1366×768', {
  timeout: 120000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'big', viewport: { width: 1366, height: 768 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e large',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 6,
    bots: 5,
    bot_level: 'station',
    clock_secs: 120,
  });
  await waitUntil(
    page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s?.view && s.you && s.you.hand_seat != null;
    },
    id,
    { timeout: 30000 },
  );
  await page.waitForSelector('.felt .seat.me .card');
  const measure = () =>
    page.evaluate(() => ({
      page: document.getElementById('table-page').getBoundingClientRect().width,
      felt: document.querySelector('.felt').getBoundingClientRect().width,
      card: document.querySelector('.felt .seat.me .card').getBoundingClientRect().width,
      slot: document.querySelector('.felt .board .card')?.getBoundingClientRect?.().width || 0,
    }));
  const small = await measure();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await waitUntil(
    page,
    (w) => document.getElementById('table-page').getBoundingClientRect().width > w + 100,
    small.page,
  );
  await sleep(300); // the table redraws 120 ms after a resize
  const large = await measure();
  assert.ok(large.page >= 1800, `the table page takes the width: ${JSON.stringify(large)}`);
  assert.ok(large.felt >= small.felt * 1.25, `the felt grows: ${small.felt} → ${large.felt}`);
  assert.ok(large.card >= small.card * 1.25, `my cards grow: ${small.card} → ${large.card}`);
  if (small.slot && large.slot)
    assert.ok(large.slot >= small.slot * 1.25, `the board grows: ${small.slot} → ${large.slot}`);
  await shot(page, 'issue49-holdem-1920x1080');
  await ctx.close();
});

test('finding 10: the lobby on a phone keeps the waiting list and the state; Saint without a stake is ' +
  'friendly at its table; Limit says its bets and cap', {
  timeout: 120000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'lob', viewport: { width: 390, height: 844 } });
  await page.waitForSelector('#lobby-body tr[data-table]', { timeout: 40000 });
  const cells = await page.$$eval(
    '#lobby-body tr[data-table] td.state-cell, #lobby-body tr[data-table] td.waiting-cell',
    (l) => l.map((c) => ({ shown: c.getBoundingClientRect().width > 0, text: c.textContent.trim() })),
  );
  assert.ok(
    cells.length >= 2 && cells.every((c) => c.shown),
    `state and waiting shown on a phone: ${JSON.stringify(cells)}`,
  );
  assert.ok(
    cells.some((c) => /^State: /.test(c.text)) && cells.some((c) => /^Waiting: \d+/.test(c.text)),
    `each says what it is: ${JSON.stringify(cells)}`,
  );
  await shot(page, 'issue49-lobby-390x844');
  await noAxe(page, 'the lobby 390x844');
  const saint = await createTable(page, {
    game: 'saint',
    name: 'e2e friendly',
    seats: 2,
    bots: 1,
    stake: 0,
    clock_secs: 60,
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await waitUntil(page, () => /friendly/.test(document.getElementById('table-meta').textContent));
  assert.ok(!/Stake 0/.test(await text(page, '#table-meta')), 'no "Stake 0"');
  await page.goto(`${BASE}#/lobby`);
  await waitUntil(
    page,
    (tid) => {
      const r = document.querySelector(`tr[data-table="${tid}"]`);
      return r && /friendly/.test(r.textContent);
    },
    saint,
  );
  const limit = await createTable(page, {
    game: 'holdem',
    name: 'e2e limit',
    structure: 'limit',
    big_blind: 2,
    buy_in: 200,
    seats: 4,
    bots: 3,
    bot_level: 'station',
    clock_secs: 60,
  });
  await waitUntil(page, () => !!document.getElementById('limit-cap'), null, { timeout: 30000 });
  const meta = await text(page, '#table-meta');
  assert.match(meta, /2\/4/, `the Limit table says its bets: ${meta}`);
  assert.match(meta, /cap: 4 bets a round \(none heads-up\)/, `and its cap: ${meta}`);
  assert.ok(limit);
  await ctx.close();
});

test('finding 9: a hand replayed on a phone — the replay first, its steps under it, no hashes on the ' +
  'first screen, autoplay, the pot at the end, a download', {
  timeout: 180000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'rph', viewport: { width: 390, height: 844 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e replay phone',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 2,
    bots: 1,
    bot_level: 'station',
    clock_secs: 60,
  });
  // play one hand to its end (check or call)
  await waitUntil(
    page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      if (s?.view?.over && s.result) return true;
      const b = document.getElementById('act-check') || document.getElementById('act-call');
      if (b && !b.disabled) b.click();
      return false;
    },
    id,
    { timeout: 120000 },
  );
  await page.goto(`${BASE}#/history`);
  await page.waitForSelector('#history-table a', { timeout: 15000 });
  await page.click('#history-table a');
  await page.waitForSelector('#rp-say', { timeout: 15000 });
  await page.waitForSelector('#fair-status', { timeout: 15000 });
  const firstScreen = await page.evaluate(() => {
    const seen = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0;
    };
    const hashes = [...document.querySelectorAll('.mono, dd')].filter(
      (e) => seen(e) && /[0-9a-f]{64}/.test(e.textContent),
    );
    const view = document.getElementById('replay-view').getBoundingClientRect();
    const nav = document.querySelector('.replay-nav').getBoundingClientRect();
    return { hashes: hashes.length, viewTop: view.top, navTop: nav.top, viewBottom: view.bottom };
  });
  assert.equal(firstScreen.hashes, 0, 'no 64-digit hash on the first screen');
  assert.ok(firstScreen.viewTop < 844 / 2, `the replay is on the first screen: ${JSON.stringify(firstScreen)}`);
  assert.ok(
    firstScreen.navTop >= firstScreen.viewBottom - 1,
    `the step buttons are under the replay: ${JSON.stringify(firstScreen)}`,
  );
  assert.equal(await page.getAttribute('#fair-status', 'class'), 'fair-ok');
  await shot(page, 'issue49-replay-first-390x844');
  await noAxe(page, 'the replayer 390x844');
  // autoplay steps on by itself (no fixed wait: until the step number moves)
  const step0 = await text(page, '#rp-step');
  await page.click('#rp-play');
  await waitUntil(page, (s0) => document.getElementById('rp-step').textContent !== s0, step0, { timeout: 10000 });
  await page.click('#rp-play'); // pause
  // the last step shows the pot that was won, not 0
  await page.click('#rp-last');
  const pot = await text(page, '#rp-pot');
  assert.ok(!/:\s*0$/.test(pot), `the pot at the end: ${pot}`);
  await shot(page, 'issue49-replay-last-390x844');
  // the record downloads as the hand history (PHH)
  const href = await page.getAttribute('#rp-download', 'href');
  const name = await page.getAttribute('#rp-download', 'download');
  assert.match(name, /\.phh$/);
  const body = await page.evaluate(async (h) => (await fetch(h)).text(), href);
  assert.match(body, /variant = "NT"/, 'a PHH hand history');
  await ctx.close();
});

test("finding 12: at 360×740 Saint Poker's hand stays on the screen in the place phase", {
  timeout: 120000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'sn', viewport: { width: 360, height: 740 } });
  const id = await createTable(page, {
    game: 'saint',
    name: 'e2e saint 360',
    seats: 4,
    bots: 3,
    stake: 0,
    clock_secs: 120,
  });
  await waitUntil(
    page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s?.view && s.view.phase === 'place' && document.querySelectorAll('#my-hand .card').length >= 8;
    },
    id,
    { timeout: 60000 },
  );
  await sleep(300);
  const boxes = await page.$$eval('#my-hand .card', (l) =>
    l.map((c) => {
      const r = c.getBoundingClientRect();
      return [Math.round(r.left), Math.round(r.right)];
    }),
  );
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  assert.ok(
    boxes.every(([l, r]) => l >= 0 && r <= width),
    `every card of my hand is on the screen (0…${width}): ${JSON.stringify(boxes)}`,
  );
  const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth);
  assert.ok(scroll <= width, `the page does not scroll sideways: ${scroll} > ${width}`);
  await shot(page, 'issue49-saint-place-360x740');
  await ctx.close();
});

test("finding 12: on a phone the showdown banner covers no seat's cards and a side-pot pill stays on one line", {
  timeout: 150000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'bnr', viewport: { width: 390, height: 844 } });
  const id = await createTable(page, {
    game: 'holdem',
    name: 'e2e banner',
    structure: 'nl',
    big_blind: 2,
    buy_in: 200,
    seats: 6,
    bots: 5,
    bot_level: 'station',
    clock_secs: 120,
  });
  // on my turn the table waits for me: the state the test gives the page stays
  await waitUntil(
    page,
    (tid) => {
      const s = window.__tavolo.store.tables.get(tid);
      return s?.view && s.hand_seats && s.hand_seats.length >= 6 && (s.legal || []).length > 0;
    },
    id,
    { timeout: 60000 },
  );
  for (const vp of [
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ]) {
    await page.setViewportSize(vp);
    // a showdown of every seat, with a main pot and two side pots (the server's shapes)
    const inject = () =>
      page.evaluate((tid) => {
        const s = window.__tavolo.store.tables.get(tid);
        const n = s.hand_seats.length;
        const hand = { category: 'two_pair', ranks: ['K', '7', 'A'] };
        const deck = ['As', 'Kd', 'Qh', 'Jc', 'Ts', '9d', '8h', '7c', '6s', '5d', '4h', '3c'];
        const hole = Array.from({ length: n }, (_, i) => [deck[2 * i], deck[2 * i + 1]]);
        const view = {
          ...s.view,
          over: true,
          to_act: null,
          board: ['2h', '2d', '7s', 'Kc', '4s'],
          hole,
          live: Array(n).fill(true),
          bets: Array(n).fill(0),
        };
        const result = {
          pots: [
            { pot: 0, seat: 0, amount: 1240, hand },
            { pot: 1, seat: 1, amount: 860, hand },
            { pot: 2, seat: 2, amount: 1120, hand },
          ],
          shown: hole.map((_, i) => ({ seat: i, hand, cards: [] })),
          won: Array(n).fill(0),
          carried: 0,
        };
        window.__tavolo.store.tables.set(tid, { ...s, view, legal: [], clock: null, result });
        window.__tavolo.notify('table', tid);
      }, id);
    // again until the page shows it (a state of the server's may follow the turn's)
    for (let k = 0; k < 20; k++) {
      await inject();
      await sleep(300);
      if (/1,240/.test(await text(page, '#result-banner'))) break;
    }
    const m = await page.evaluate(() => {
      const r = (e) => {
        const b = e.getBoundingClientRect();
        return { l: b.left, r: b.right, t: b.top, b: b.bottom };
      };
      const banner = document.getElementById('result-banner');
      const cards = [...document.querySelectorAll('.felt .seat .seat-cards .card')].map(r);
      const pills = [...document.querySelectorAll('#pots .pot')].map((p) => ({
        h: p.getBoundingClientRect().height,
        fs: parseFloat(getComputedStyle(p).fontSize),
        text: p.textContent,
      }));
      return { banner: banner && r(banner), cards, pills };
    });
    assert.ok(m.banner, 'a showdown banner');
    await shot(page, `issue49-showdown-${vp.width}x${vp.height}`);
    const hit = m.cards.filter(
      (c) => !(c.r <= m.banner.l || c.l >= m.banner.r || c.b <= m.banner.t || c.t >= m.banner.b),
    );
    assert.equal(
      hit.length,
      0,
      `${vp.width}×${vp.height}: the banner covers ${hit.length} card(s): ${JSON.stringify(m.banner)}`,
    );
    for (const p of m.pills)
      assert.ok(p.h < p.fs * 2.2, `${vp.width}×${vp.height}: the pill "${p.text}" is on one line (${p.h}px)`);
    await shot(page, `issue49-showdown-${vp.width}x${vp.height}`);
  }
  await ctx.close();
});

test("one engine: the best hand I hold is the one the server names (you.best_hand), in Hold'em and in " +
  'Draw; the tables rank no hand themselves', {
  timeout: 240000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'best', viewport: { width: 1366, height: 768 } });
  for (const game of ['holdem', 'draw']) {
    const opts =
      game === 'holdem'
        ? {
            game,
            name: 'e2e best holdem',
            structure: 'nl',
            big_blind: 2,
            buy_in: 200,
            seats: 4,
            bots: 3,
            bot_level: 'station',
            clock_secs: 120,
          }
        : {
            game,
            name: 'e2e best draw',
            ante: 5,
            buy_in: 500,
            seats: 3,
            bots: 2,
            bot_level: 'station',
            clock_secs: 120,
          };
    const id = await createTable(page, opts);
    await waitUntil(
      page,
      (tid) => {
        const s = window.__tavolo.store.tables.get(tid);
        if (s?.you?.best_hand && document.getElementById('my-best')) return true;
        const b =
          document.getElementById('act-check') ||
          document.getElementById('act-call') ||
          document.getElementById('act-exchange');
        if (b && !b.disabled) b.click();
        return false;
      },
      id,
      { timeout: 120000 },
    );
    const named = await page.evaluate(async (tid) => {
      const { handName } = await import('./js/i18n.js');
      return handName(window.__tavolo.store.tables.get(tid).you.best_hand);
    }, id);
    assert.ok(named, 'the server named a hand');
    assert.ok((await text(page, '#my-best')).includes(named), `${game}: the hint is the server's hand (${named})`);
    const src = await page.evaluate(async (f) => (await fetch(f)).text(), `js/table-${game}.js`);
    assert.ok(!/handrank/.test(src), `${game}: the table ranks no hand of its own`);
    await openTableMenu(page);
    await page.click('#btn-leave');
    if (await page.$('#btn-leave-confirm')) {
      try {
        await page.click('#btn-leave-confirm', { timeout: 2000 });
      } catch {
        /* not asked */
      }
    }
    await waitUntil(page, () => location.hash.startsWith('#/lobby'), null, { timeout: 60000 });
  }
  await ctx.close();
});

test("one engine: the client reads no field the server does not send (result.pot_results, a pot's seats " +
  'or total) and has no rebuy rule of its own', {
  timeout: 30000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'fld', viewport: { width: 1280, height: 720 } });
  const files = ['js/result.js', 'js/table.js', 'js/table-head.js'];
  for (const f of files) {
    const src = await page.evaluate(async (x) => (await fetch(x)).text(), f);
    assert.ok(!/pot_results|p\.seats|[px]\.total\b/.test(src), `${f} reads a field no server sends`);
    // the table's controls (table-head.js, from table.js)
    if (f === 'js/table-head.js')
      assert.match(src, /const canRebuy = you\.can_rebuy === true;/, "Rebuy follows the server's flag alone");
  }
  await ctx.close();
});
