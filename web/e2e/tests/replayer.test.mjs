// replayer.test.mjs — the replayer draws what the engine says (issue 49, "One engine, not two"):
// records made for the case (crates/server/tests/fixtures/replay, which the server's own tests
// read too) are replayed by `tavolo replay --steps`, the room's replayer code, and the page's
// request for a hand's steps is answered with that: the page must show the engine's hand values
// (the German tie-break of Five-Card Draw), each pot's winners, and fit a phone. Each step is
// drawn on the live table's felt by the live table's code (issue 49, finding 9: "the replay is a
// row of boxes, not a felt with bets and pots"): the seats around the oval, the bets in front
// of them, the pots in the middle, the winners' amounts at the end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { BASE, launch, newPlayer, shot, axeSerious, cspViolations } from '../helpers.mjs';

const FIXTURES = path.resolve('../../crates/server/tests/fixtures/replay');
const SAINT_GAME = path.resolve('../../crates/cli/tests/fixtures/play/saint/saint-seed7.json');
const BIN = process.env.TAVOLO_BIN;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
  assert.deepEqual(cspViolations, []);
});

/** The steps of a fixture as `hero` saw it, from the engine (`tavolo replay --steps`). */
function steps(file, hero) {
  const out = execFileSync(BIN, ['replay', '--steps', '--hero', hero, path.resolve(FIXTURES, file)], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

/** Opens hand `id` of the history with its steps answered by `reply`, and goes to the last. */
async function openReplay(page, id, reply) {
  await page.route(`**/api/history/${id}/replay*`, (route) => route.fulfill({ json: reply }));
  await page.goto(`${BASE}#/history/${id}`);
  await page.waitForSelector('#rp-say', { timeout: 15000 });
  await page.click('#rp-last');
  await page.waitForSelector('#rp-result');
}

const text = (page, sel) => page.$eval(sel, (e) => e.textContent.replace(/\s+/g, ' ').trim());

test("Five-Card Draw: a German tie is told by the engine's value and splits the pot", {
  skip: !BIN && 'needs TAVOLO_BIN (web/e2e/run.sh sets it)',
  timeout: 60000,
}, async () => {
  const { ctx, page } = await newPlayer(browser, { prefix: 'rpde' });
  const reply = steps('german-tie.json', 'Ada');
  await openReplay(page, 'h-900001', reply);
  // one pair of kings, ace kicker: the nine and the eight, the four and the three do not count
  const values = await page.$$eval('.felt .seat .status', (v) => v.map((e) => e.getAttribute('title')));
  assert.deepEqual(values, ['One pair, Kings, Ace kicker', 'One pair, Kings, Ace kicker']);
  const result = await text(page, '#rp-result');
  assert.match(result, /split/);
  assert.match(result, /Ada wins 50/);
  assert.match(result, /Bob wins 50/);
  const story = await text(page, '#rp-story');
  assert.match(story, /Ada shows .* — One pair, Kings, Ace kicker/);
  assert.doesNotMatch(story, /kickers/, 'no kicker the German rules do not count');
  assert.equal(await page.$$eval('.felt .seat.winner', (s) => s.length), 2);
  const banner = await text(page, '#result-banner');
  assert.match(banner, /Ada wins 50/, "each winner's amount on the felt");
  assert.match(banner, /Bob wins 50/, "each winner's amount on the felt");
  await shot(page, 'replayer-draw-german-tie');
  await ctx.close();
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  const size = `${viewport.width}x${viewport.height}`;
  test(`Hold'em: a side pot's winner is named at the last step, pot by pot (${size})`, {
    skip: !BIN && 'needs TAVOLO_BIN (web/e2e/run.sh sets it)',
    timeout: 60000,
  }, async () => {
    const { ctx, page } = await newPlayer(browser, { prefix: 'rpsp', viewport });
    const reply = steps('side-pot.phh', 'Cy');
    await openReplay(page, 'h-900002', reply);
    const pots = await page.$$eval('#rp-result .pot-result', (li) =>
      li.map((e) => e.textContent.replace(/\s+/g, ' ').trim()),
    );
    assert.equal(pots.length, 2, pots.join(' | '));
    assert.match(pots[0], /^Main pot · 60 Ada wins 60/);
    assert.match(pots[1], /^Side pot 1 · 60 Bob wins 60/);
    assert.match(await text(page, '#rp-pot'), /120$/, 'the pot at the end is what was paid');
    // Cy folded nothing and showed: every hand is face up at the end, as at the table
    const up = await page.$$eval('.felt .seat', (s) => s.map((e) => e.querySelectorAll('.card:not(.back)').length));
    assert.deepEqual(up, [2, 2, 2]);
    // the side pot while it is in the middle, before the flop is dealt
    await page.click('[data-go="first"]');
    for (let k = 0; k < 6; k++) await page.click('#rp-next');
    assert.match(await text(page, '.felt .center .pots'), /Main pot: 60 ?Side pot 1: 60/, 'the pots in the middle');
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    assert.ok(fits, `nothing runs off the screen at ${size}`);
    await page.click('#rp-last');
    assert.deepEqual(await axeSerious(page), [], `axe-core, the replayer's last step ${size}`);
    await shot(page, `replayer-side-pot-${size}`);
    await ctx.close();
  });
}

/** The felt as drawn: its seats (where, with what bet), the centre's pots, the button. */
function feltFacts(page) {
  return page.evaluate(() => {
    const cloth = document.querySelector('#rp-felt .felt .cloth');
    if (!cloth) return null;
    const c = cloth.getBoundingClientRect();
    const mid = { x: c.left + c.width / 2, y: c.top + c.height / 2 };
    const at = (e) => {
      const r = e.getBoundingClientRect();
      return { x: r.left + r.width / 2 - mid.x, y: r.top + r.height / 2 - mid.y };
    };
    const seats = [...cloth.querySelectorAll('.seat[data-seat]')].map((e) => ({
      seat: Number(e.dataset.seat),
      me: e.classList.contains('me'),
      acting: e.classList.contains('acting'),
      name: e.querySelector('.plate .name')?.textContent.trim(),
      at: at(e),
      bet: null,
    }));
    for (const b of cloth.querySelectorAll('.bet[data-seat]')) {
      const s = seats.find((x) => x.seat === Number(b.dataset.seat));
      s.bet = { text: b.textContent.trim(), at: at(b) };
    }
    const pots = cloth.querySelector('.center .pots');
    return {
      half: { x: c.width / 2, y: c.height / 2 },
      seats,
      pots: pots ? { text: pots.textContent.replace(/\s+/g, ' ').trim(), at: at(pots) } : null,
      button: !!cloth.querySelector('.dealer-btn'),
      rail: !!document.querySelector('#rp-felt .felt .rail'),
    };
  });
}

/** Steps to step `k` (0 first) of the replay. */
async function stepTo(page, k) {
  await page.click('[data-go="first"]');
  for (let j = 0; j < k; j++) await page.click('#rp-next');
}

/** The seats lie around the oval (each well away from its centre, in every direction), the
 * viewer at the bottom, as at the live table. */
function onTheOval(f, n) {
  assert.ok(f?.rail, 'the felt with its rail');
  assert.equal(f.seats.length, n, 'one seat a player');
  for (const s of f.seats) {
    const r = Math.hypot(s.at.x / f.half.x, s.at.y / f.half.y);
    assert.ok(r > 0.55, `seat ${s.seat} on the rim, not in the middle (${r.toFixed(2)})`);
  }
  const me = f.seats.find((s) => s.me);
  assert.ok(me && me.at.y > 0 && Math.abs(me.at.x) < f.half.x * 0.1, 'the viewer at the bottom centre');
  assert.ok(f.button, 'the button');
}

const CASES = [
  {
    game: 'holdem',
    file: 'side-pot.phh',
    hero: 'Cy',
    id: 'h-900011',
    n: 3,
    betStep: 3,
    bets: ['20', '2', '10'],
    won: ['Ada wins 60', 'Bob wins 60'],
  },
  {
    game: 'draw',
    file: 'german-tie.json',
    hero: 'Ada',
    id: 'h-900012',
    n: 2,
    betStep: 1,
    bets: [null, '20'],
    won: ['Ada wins 50', 'Bob wins 50'],
  },
];

for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  const size = `${viewport.width}x${viewport.height}`;
  for (const c of CASES) {
    const title = "the replay is the live table's felt — seats on the oval, bets before them, pots in the middle";
    test(`${c.game}: ${title}, the winners' amounts (${size})`, {
      skip: !BIN && 'needs TAVOLO_BIN (web/e2e/run.sh sets it)',
      timeout: 60000,
    }, async () => {
      const { ctx, page } = await newPlayer(browser, { prefix: `rpf${c.game[0]}`, viewport });
      const reply = steps(c.file, c.hero);
      await openReplay(page, c.id, reply);
      // a betting round: each bet in front of its seat, nearer the middle than the seat
      await stepTo(page, c.betStep);
      let f = await feltFacts(page);
      onTheOval(f, c.n);
      assert.deepEqual(
        f.seats.map((s) => s.bet?.text ?? null),
        c.bets,
        'the bets of the step, each at its seat',
      );
      for (const s of f.seats.filter((x) => x.bet)) {
        assert.ok(Math.hypot(s.bet.at.x, s.bet.at.y) < Math.hypot(s.at.x, s.at.y), `seat ${s.seat}'s bet before it`);
      }
      assert.equal(f.seats.filter((s) => s.acting).length, 1, 'who acts is marked');
      assert.ok(f.pots && Math.abs(f.pots.at.x) < f.half.x * 0.25, `the pots in the middle: ${JSON.stringify(f.pots)}`);
      // the end: the pots as paid, the winners marked, each one's amount on the felt
      await page.click('#rp-last');
      f = await feltFacts(page);
      onTheOval(f, c.n);
      assert.ok(
        f.seats.every((s) => !s.bet),
        'no bet left in front of a seat',
      );
      // each winner's own amount on the felt (the split pot; the main pot and the side pot)
      const banner = await text(page, '#result-banner');
      for (const who of c.won) assert.match(banner, new RegExp(who), banner);
      const winners = await page.$$eval('#rp-felt .seat.winner', (s) => s.map((e) => e.dataset.seat));
      assert.deepEqual(winners, ['0', '1']);
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
      assert.ok(fits, `nothing runs off the screen at ${size}`);
      // cards legible: no card narrower than the table's smallest
      const narrow = await page.$$eval('#rp-felt .card', (cs) =>
        Math.min(...cs.map((e) => e.getBoundingClientRect().width)),
      );
      assert.ok(narrow >= 18, `the smallest card is ${narrow}px wide`);
      assert.deepEqual(await axeSerious(page), [], `axe-core, the replay's felt at its last step ${size}`);
      if (size === '1920x1080' || size === '390x844') await shot(page, `replay-${c.game}-${size}`);
      await ctx.close();
    });
  }

  const saintTitle = "the replay is the live table's felt — the centre, each player's placed and shown cards";
  test(`saint: ${saintTitle} and points (${size})`, {
    skip: !BIN && 'needs TAVOLO_BIN (web/e2e/run.sh sets it)',
    timeout: 60000,
  }, async () => {
    const { ctx, page } = await newPlayer(browser, { prefix: 'rpfs', viewport });
    const reply = steps(SAINT_GAME, 'You');
    await openReplay(page, 'h-900013', reply);
    // round 1, the pairs shown: the table's player boxes with their placed and shown cards
    await stepTo(page, 3);
    const round = await page.evaluate(() =>
      [...document.querySelectorAll('#rp-felt .saint-felt .splayers .splayer')].map((p) => ({
        placed: p.querySelectorAll('.sp-placed .card:not(.slot)').length,
        shown: p.querySelectorAll('.sp-shown .card:not(.slot)').length,
        score: p.querySelector('.score')?.textContent.trim(),
        hand: p.querySelector('.sp-hand')?.textContent.trim(),
        me: p.classList.contains('me'),
      })),
    );
    assert.equal(round.length, 3);
    assert.deepEqual(
      round.map((p) => [p.placed, p.shown]),
      [
        [1, 2],
        [1, 2],
        [1, 2],
      ],
    );
    assert.deepEqual(
      round.map((p) => p.score),
      ['0', '0', '1'],
      'the points after the round',
    );
    assert.ok(round[0].me, "the viewer's box is marked");
    assert.match(round[2].hand, /\+1$/, "the round's points by the hand that scored them");
    assert.equal(await page.$$eval('#rp-felt #centre .card', (cs) => cs.length), 5, 'the centre');
    assert.equal(await page.$$eval('#rp-hand .card:not(.back)', (cs) => cs.length), 7, "the viewer's hand");
    // the last step: the places and points
    await page.click('#rp-last');
    assert.match(await text(page, '#rp-result'), /greedy#3 — \d+/);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    assert.ok(fits, `nothing runs off the screen at ${size}`);
    assert.deepEqual(await axeSerious(page), [], `axe-core, Saint Poker's replay at its end ${size}`);
    if (size === '1920x1080' || size === '390x844') {
      await stepTo(page, 3);
      await shot(page, `replay-saint-${size}`);
    }
    await ctx.close();
  });
}
