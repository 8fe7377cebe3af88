// tournament.test.mjs — issue 51 in the browser: a player opens the Tournaments tab, creates a
// sit-and-go with bots through its form, registers, follows "Go to the table", plays (all in
// whenever it is their turn) until they are out or the winner, and sees their place — and, as
// the winner, the prize — on the tournament's page, with the standings; the table shows the
// tournament's level, the time to the next one, players left and the prize pool; at the final
// table a deal keeping money back is proposed, its figures, the amount kept back and its time
// shown, and declined; proposed again and made, the page shows the amount played for and tells
// the player's share paid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, allIn, detail, launch, newPlayer, shot, sitAndGo, sleep } from '../helpers.mjs';

/** Makes a sit-and-go of three with two beginner bots (hyper levels) from the page's form, of
 * `game`, named `name`: on its page, not registered yet; its id. */
function threeHanded(page, name, game = 'holdem') {
  return sitAndGo(page, { name, game, players: 3, seats: 3, bots: 2 });
}

test('issue 51: a sit-and-go with bots is created, registered, played to a place, its prize shown', async () => {
  const browser = await launch();
  try {
    const { page } = await newPlayer(browser, { prefix: 'sng' });
    const id = await threeHanded(page, 'E2E sit-and-go');
    assert.match(await page.textContent('#t-facts'), /100/, 'the buy-in is shown');
    await page.click('#t-register');
    await page.waitForSelector('#t-my-table a', { timeout: 20000 });
    await shot(page, 'tournament-registered');
    await page.click('#t-my-table a');
    await page.waitForSelector('#felt, .felt', { timeout: 20000 });
    // The table shows the tournament: its level and blinds, the next level with the time to it,
    // players left of entrants, the prize pool and places paid (the room's figures).
    await page.waitForSelector('#tournament-bar:not([hidden]) #tb-next', { timeout: 15000 });
    const bar = await page.textContent('#tournament-bar');
    assert.match(bar, /50\/100/, bar);
    assert.match(bar, /100\/200 in \d:\d\d/, bar);
    assert.match(await page.textContent('#tb-left'), /\/ 3/);
    assert.match(await page.textContent('#tb-pool'), /300/);
    await shot(page, 'tournament-table-bar');
    // All in whenever it is our turn, until the tournament says our place.
    const end = Date.now() + 240_000;
    let d = await detail(page, id);
    while (d.me?.place == null && Date.now() < end) {
      await allIn(page);
      await sleep(300);
      d = await detail(page, id);
    }
    assert.ok(d.me?.place != null, `no place after four minutes: ${JSON.stringify(d)}`);
    await page.evaluate((t) => {
      location.hash = `#/tournaments/${encodeURIComponent(t)}`;
    }, id);
    await page.waitForSelector('#t-my-place', { timeout: 15000 });
    const place = d.me.place;
    const text = await page.textContent('#t-my-place');
    assert.match(text, new RegExp(`\\b${place}\\b`), text);
    // Three entries pay one place: the whole pool.
    if (place === 1) {
      for (let i = 0; i < 50 && !/300/.test(await page.textContent('#t-my-place')); i++) await sleep(200);
      assert.match(await page.textContent('#t-my-place'), /300/);
    }
    assert.match(await page.textContent('#t-prizes'), /300/);
    await shot(page, 'tournament-place');
  } finally {
    await browser.close();
  }
});

test('issue 51: a Draw sit-and-go is made from the form, its table deals Draw at the level ante', async () => {
  const browser = await launch();
  try {
    const { page } = await newPlayer(browser, { prefix: 'sngd' });
    await page.click('#nav-tournaments');
    await page.waitForSelector('#sng-form');
    await page.selectOption('#sng-form [name="game"]', 'draw');
    // A Draw table seats at most 8: the form says so once Draw is chosen.
    assert.equal(await page.getAttribute('#sng-form [name="seats"]', 'max'), '8');
    await threeHanded(page, 'E2E draw', 'draw');
    assert.match(await page.textContent('#t-game'), /Five-Card Draw/);
    await page.click('#t-register');
    await page.waitForSelector('#t-my-table a', { timeout: 20000 });
    assert.match(await page.textContent('#t-facts'), /Ante\s*25/, 'a Draw level is its ante');
    await page.click('#t-my-table a');
    await page.waitForSelector('#felt, .felt', { timeout: 20000 });
    await page.waitForSelector('.tag.game-draw', { timeout: 20000 });
    await shot(page, 'tournament-draw-table');
    await page.click('#nav-tournaments');
    await page.waitForSelector('#tourn-body .game-draw', { timeout: 15000 });
  } finally {
    await browser.close();
  }
});

test('issue 51: a deal at the final table is shown and declined, then made: the amount kept back shown', async () => {
  const browser = await launch();
  try {
    const { page } = await newPlayer(browser, { prefix: 'sngdeal' });
    const id = await threeHanded(page, 'E2E deal');
    await page.click('#t-register');
    // Three at one table, the prizes fixed: a deal may be proposed.
    await page.waitForSelector('#t-deal-icm', { timeout: 20000 });
    // 30 of the 300 kept back to play for: the figures share 270.
    await page.fill('#t-deal-keep', '30');
    await page.click('#t-deal-icm');
    await page.waitForSelector('#t-deal-figures', { timeout: 15000 });
    assert.equal(await page.locator('#t-deal-figures tbody tr').count(), 3, 'every player with both figures');
    assert.match(await page.textContent('#t-deal-left'), /[0-2]:\d\d/, 'the time left to answer');
    assert.match(await page.textContent('#t-deal'), /ICM/);
    assert.match(await page.textContent('#t-deal-kept'), /30 kept back/, 'the amount kept back shown');
    await shot(page, 'tournament-deal');
    await page.click('#t-deal-decline');
    await page.waitForSelector('#t-deal-figures', { state: 'detached', timeout: 15000 });
    await page.waitForSelector('#t-notices', { timeout: 5000 });
    assert.match(await page.textContent('#t-notices'), /declined the deal/);
    assert.match(await page.textContent('#t-notices'), /30 is kept back to play for/, 'the notice says it');
    // Proposed again and accepted by all (the bots accept ICM): made, the page shows the 30
    // played for, the winner's (the room's figure), and tells her share paid.
    await page.waitForSelector('#t-deal-icm', { timeout: 15000 });
    await page.fill('#t-deal-keep', '30');
    await page.click('#t-deal-icm');
    // She plays on at her table meanwhile (checks, else folds), so that the hand ends and the
    // figures are final.
    const { me } = await detail(page, id);
    const table = await page.context().newPage();
    await table.goto(`${BASE}#/table/${encodeURIComponent(me.table)}`);
    const accept = '#t-deal-accept:not([disabled])';
    for (let i = 0; i < 600 && !(await page.$(accept)); i++) {
      const b = (await table.$('#act-check')) || (await table.$('#act-fold'));
      if (b) await b.click().catch(() => {});
      await sleep(200);
    }
    await table.close();
    await page.click(accept);
    await page.waitForSelector('#t-kept-back', { timeout: 15000 });
    assert.match(await page.textContent('#t-kept-back'), /30: play goes on for it, the winner takes it/);
    // (Polled from here: the page's CSP refuses the eval that waitForFunction needs.)
    const notices = async () => (await page.textContent('#t-notices').catch(() => '')) ?? '';
    const told = async () => /Your share of the deal paid: \d/.test(await notices());
    for (let i = 0; i < 75 && !(await told()); i++) await sleep(200);
    assert.ok(await told(), 'the deal share is told paid');
    await shot(page, 'tournament-kept-back');
  } finally {
    await browser.close();
  }
});
