// replayer.test.mjs — the replayer draws what the engine says (issue 49, "One engine, not two"):
// records made for the case (crates/server/tests/fixtures/replay, which the server's own tests
// read too) are replayed by `tavolo replay --steps`, the room's replayer code, and the page's
// request for a hand's steps is answered with that: the page must show the engine's hand values
// (the German tie-break of Five-Card Draw), each pot's winners, and fit a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { BASE, launch, newPlayer, shot, axeSerious, cspViolations } from '../helpers.mjs';

const FIXTURES = path.resolve('../../crates/server/tests/fixtures/replay');
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
  const out = execFileSync(BIN, ['replay', '--steps', '--hero', hero, path.join(FIXTURES, file)], {
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
  const values = await page.$$eval('.rp-value', (v) => v.map((e) => e.textContent.trim()));
  assert.deepEqual(values, ['One pair, Kings, Ace kicker', 'One pair, Kings, Ace kicker']);
  const result = await text(page, '#rp-result');
  assert.match(result, /split/);
  assert.match(result, /Ada wins 50/);
  assert.match(result, /Bob wins 50/);
  const story = await text(page, '#rp-story');
  assert.match(story, /Ada shows .* — One pair, Kings, Ace kicker/);
  assert.doesNotMatch(story, /kickers/, 'no kicker the German rules do not count');
  assert.equal(await page.$$eval('.rp-seat.winner', (s) => s.length), 2);
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
    const up = await page.$$eval('.rp-seat', (s) => s.map((e) => e.querySelectorAll('.card:not(.back)').length));
    assert.deepEqual(up, [2, 2, 2]);
    // the side pot while it is in the middle, before the flop is dealt
    await page.click('[data-go="first"]');
    for (let k = 0; k < 6; k++) await page.click('#rp-next');
    assert.match(await text(page, '#replay-view'), /Side pot 1: 60/);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    assert.ok(fits, `nothing runs off the screen at ${size}`);
    await page.click('#rp-last');
    assert.deepEqual(await axeSerious(page), [], `axe-core, the replayer's last step ${size}`);
    await shot(page, `replayer-side-pot-${size}`);
    await ctx.close();
  });
}
