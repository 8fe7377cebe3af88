// unit.test.mjs — the client's pure modules in node: the four languages' completeness, reading
// `legal`, grouping pots, the fairness hash, the replayer's story (the server's steps told in
// words, which cards are face up).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { _allKeys, setLang, setWords, cardName, categoryName, handName, word } from '../../js/i18n.js';
import { BASE } from '../helpers.mjs';
import { normLegal } from '../../js/legal.js';
import { preStillMeant, preAction } from '../../js/betting.js';
import { describeEvents } from '../../js/events.js';
import { groupPots, winnerTotals } from '../../js/result.js';
import { verifyFairness, transcriptOf } from '../../js/history.js';
import { playerNames, tellSteps, seatCards } from '../../js/replay.js';

globalThis.document = globalThis.document || { documentElement: {} };

test("hands are told from the room's catalogue of words, as the engine tells them", async () => {
  setWords(await (await fetch(`${BASE}i18n/words.json`)).json());
  setLang('en');
  assert.equal(handName({ category: 'two_pair', ranks: ['K', '7', 'A'] }), 'Two pair, Kings and Sevens, Ace kicker');
  assert.equal(
    handName({ category: 'one_pair', ranks: ['7', 'A', 'J', 'T'] }),
    'One pair, Sevens, kickers Ace, Jack, Ten',
  );
  assert.equal(handName({ category: 'straight_flush', ranks: ['A'] }), 'Royal flush');
  assert.equal(handName({ category: 'full_house', ranks: ['K', '7'] }), 'Full house, Kings full of Sevens');
  setLang('de');
  assert.equal(handName({ category: 'straight', ranks: ['5'] }), 'Straight (Straße) bis Fünf');
  setLang('it');
  assert.equal(
    handName({ category: 'one_pair', ranks: ['K', '9', '4', '2'] }),
    'Coppia di Re, kicker Nove, Quattro, Due',
  );
  setLang('pt');
  assert.equal(handName({ category: 'two_pair', ranks: ['K', '7', 'A'] }), 'Dois pares, Reis e Setes, kicker Ás');
  setLang('de');
  assert.equal(word('streets', 'preflop'), 'Pre-Flop');
  assert.equal(word('stages', 'second_betting'), 'Zweite Setzrunde');
  assert.equal(word('phases', 'draft'), 'Auswahl');
  assert.equal(word('actions', 'check'), 'Schieben');
  assert.equal(word('results', 'game_over'), 'Spielende');
  setLang('en');
});

test('every UI string exists in all four languages', () => {
  const keys = _allKeys();
  for (const l of ['it', 'pt', 'de'])
    assert.deepEqual(keys[l].slice().sort(), keys.en.slice().sort(), `${l} has the same keys as en`);
  setLang('it');
  assert.equal(cardName('As'), 'asso di picche');
  assert.equal(categoryName('two_pair'), 'Doppia Coppia');
  setLang('de');
  assert.equal(cardName('Td'), 'Karo Zehn');
  assert.equal(categoryName('FullHouse'), 'Full House');
  setLang('pt');
  assert.equal(categoryName('three_of_a_kind'), 'Trio');
  assert.equal(word('actions', 'fold'), 'Desistir');
  setLang('en');
  assert.equal(cardName('Ks'), 'king of spades');
});

test('pre-actions (issue 49): which stand after a change of bet, and what each plays', () => {
  const at = (toCall, round = 'h1:flop', hand = 'h1') => ({ hand, round, toCall });
  const pre = (kind, toCall) => ({ kind, ...at(toCall) });
  // Check and Call N are cleared when the amount to call changes; nothing outlives its hand
  assert.ok(preStillMeant(pre('check', 0), at(0)));
  assert.ok(!preStillMeant(pre('check', 0), at(6)), 'a bet clears Check');
  assert.ok(preStillMeant(pre('call', 6), at(6)));
  assert.ok(!preStillMeant(pre('call', 6), at(18)), 'a raise clears Call 6');
  assert.ok(!preStillMeant(pre('fold', 6), at(18)), 'a raise clears Fold');
  // Check/Fold and Call any stand for the betting round; Fold to any bet for the hand
  assert.ok(preStillMeant(pre('checkfold', 0), at(6)));
  assert.ok(!preStillMeant(pre('checkfold', 0), at(0, 'h1:turn')));
  assert.ok(preStillMeant(pre('callany', 6), at(40)));
  assert.ok(!preStillMeant(pre('callany', 6), at(0, 'h1:turn')));
  assert.ok(preStillMeant(pre('foldany', 0), at(40, 'h1:river')));
  assert.ok(!preStillMeant(pre('foldany', 0), at(0, 'h2:preflop', 'h2')));
  const free = normLegal({
    legal: [{ action: 'check' }, { action: 'fold' }, { action: 'bet_or_raise_to', min: 2, max: 100 }],
  });
  const facing = normLegal({ legal: [{ action: 'fold' }, { action: 'call', amount: 6 }] });
  assert.deepEqual(preAction('checkfold', free), { action: 'check' });
  assert.deepEqual(preAction('checkfold', facing), { action: 'fold' });
  assert.deepEqual(preAction('foldany', facing), { action: 'fold' });
  assert.deepEqual(preAction('callany', facing), { action: 'call' });
  assert.deepEqual(preAction('callany', free), { action: 'check' });
  assert.equal(preAction('fold', free), null, 'never a fold where checking is free');
  assert.equal(preAction('check', facing), null);
});

test('the live log tells a bet from a raise, as the replayer does (issue 49)', () => {
  setLang('en');
  const who = (i) => ['ada', 'bo', 'cy'][i];
  // Hold'em: the blinds are bets, so the first preflop bet is a raise; a river lead is a bet
  const holdem = [
    { event: 'blind', seat: 0, amount: 1 },
    { event: 'blind', seat: 1, amount: 2 },
    { event: 'bet_or_raise', seat: 2, to: 6, all_in: false },
    { event: 'call', seat: 0, amount: 5 },
    { event: 'round_ended', street: 'preflop' },
    { event: 'board', cards: ['As', '7d', '2c'] },
    { event: 'check', seat: 0 },
    { event: 'bet_or_raise', seat: 2, to: 8, all_in: false },
    { event: 'bet_or_raise', seat: 0, to: 24, all_in: true },
  ];
  const h = describeEvents(holdem, who).filter(Boolean);
  assert.ok(h.includes('cy raises to 6'), h.join(' | '));
  assert.ok(h.includes('cy bets 8'), h.join(' | '));
  assert.ok(h.includes('ada raises to 24 (all-in)'), h.join(' | '));
  // Five-Card Draw: antes are not bets; each betting round opens with a bet
  const draw = [
    { event: 'ante', seat: 0, amount: 1 },
    { event: 'ante', seat: 1, amount: 1 },
    { event: 'bet_or_raise', seat: 0, to: 14, all_in: false },
    { event: 'call', seat: 1, amount: 14 },
    { event: 'round_ended', round: 'first' },
    { event: 'exchanged', seat: 0, count: 2 },
    { event: 'bet_or_raise', seat: 1, to: 10, all_in: false },
    { event: 'bet_or_raise', seat: 0, to: 30, all_in: false },
  ];
  assert.deepEqual(
    describeEvents(draw, who).filter((l) => / (bets|raises)/.test(l)),
    ['ada bets 14', 'bo bets 10', 'ada raises to 30'],
  );
});

test('a split pot keeps what each winner got (issue 49)', () => {
  const g = groupPots([
    { pot: 0, seat: 1, amount: 2 },
    { pot: 0, seat: 3, amount: 2 },
    { pot: 1, seat: 3, amount: 10 },
  ]);
  assert.deepEqual(g[0].shares, [
    { seat: 1, amount: 2 },
    { seat: 3, amount: 2 },
  ]);
  assert.equal(g[0].amount, 4);
  assert.deepEqual(winnerTotals(g), [
    { seat: 1, amount: 2 },
    { seat: 3, amount: 12 },
  ]);
});

test('legal actions: the server list and the engine object', () => {
  const presets = { half_pot: 25, three_quarter_pot: 31, pot: 38 };
  const a = normLegal({
    legal: [
      { action: 'fold' },
      { action: 'call', amount: 10 },
      { action: 'bet_or_raise_to', min: 20, max: 172, presets },
    ],
  });
  assert.deepEqual([a.fold, a.check, a.call, a.raise], [true, false, 10, { min: 20, max: 172, presets }]);
  const b = normLegal({
    legal: [{ action: 'check' }, { action: 'fold' }, { action: 'bet_or_raise_to', min: 2, max: 100 }],
  });
  assert.deepEqual([b.fold, b.check, b.call, b.raise], [true, true, null, { min: 2, max: 100, presets: null }]);
  const c = normLegal({ legal: [{ action: 'exchange', max: 3 }, { action: 'fold' }] });
  assert.equal(c.exchange.max, 3);
  const d = normLegal({
    legal: [
      { action: 'place', player: 0, card: 'Th' },
      { action: 'place', player: 0, card: '2c' },
    ],
    view: { phase: 'place' },
  });
  assert.deepEqual(d.place, ['Th', '2c']);
  const e = normLegal({ legal: [{ action: 'show', player: 0, cards: ['As', 'Kd'] }], view: { phase: 'show' } });
  assert.ok(e.showPair && !e.show);
  const f = normLegal({ legal: [{ action: 'show' }, { action: 'muck' }], view: { stage: 'showdown' } });
  assert.ok(f.show && f.muck && !f.showPair);
  assert.ok(!normLegal({ legal: [] }).any);
});

test('pots: one entry per winner become one pot with its winners', () => {
  const g = groupPots([
    { pot: 0, seat: 1, amount: 30, hand: 'Two pair' },
    { pot: 0, seat: 2, amount: 30, hand: 'Two pair' },
    { pot: 1, seat: 2, amount: 10 },
  ]);
  assert.deepEqual(
    g.map((p) => [p.pot, p.amount, p.winners]),
    [
      [0, 60, [1, 2]],
      [1, 10, [2]],
    ],
  );
});

test('fairness: SHA-256 of the seed bytes equals the commitment', async () => {
  const ok = await verifyFairness({
    seed: '0'.repeat(64),
    commitment: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
  });
  assert.equal(ok.status, 'ok');
  const bad = await verifyFairness({
    seed: '1'.repeat(64),
    commitment: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
  });
  assert.equal(bad.status, 'bad');
  assert.equal((await verifyFairness({ commitment: 'ab' })).status, 'pending');
});

test(
  'fairness /2: the room part hashes to the commitment, each reveal extends its chain, ' + 'the parts mix to the seed',
  async () => {
    // The vectors of crates/server/src/fairness.rs: room [1;32], reveals [2;32] (seat 1), [3;32] (seat 4).
    const f = {
      commitment: '72cd6e8422c407fb6d098690f1130b7ded7ec2f7f5e1d30bd9d521f015363793',
      seed: '60ff6fe4bd6e3009da21b60c99aaffa731b5ec575d625d0cbb6cea9ea7ebc27e',
      parts: {
        room: '01'.repeat(32),
        reveals: [
          {
            seat: 1,
            value: '02'.repeat(32),
            extends: '75877bb41d393b5fb8455ce60ecd8dda001d06316496b14dfa7f895656eeca4a',
          },
          {
            seat: 4,
            value: '03'.repeat(32),
            extends: '648aa5c579fb30f38af744d97d6ec840c7a91277a499a0d780f3e7314eca090b',
          },
        ],
      },
    };
    const ok = await verifyFairness(f);
    assert.equal(ok.status, 'ok');
    assert.equal(ok.reveals, 2);
    const forged = structuredClone(f);
    forged.parts.reveals[1].value = '09'.repeat(32);
    assert.deepEqual([(await verifyFairness(forged)).status, (await verifyFairness(forged)).why], ['bad', 'reveal']);
    const dropped = structuredClone(f);
    dropped.parts.reveals.pop();
    assert.equal((await verifyFairness(dropped)).why, 'seed');
    const otherRoom = structuredClone(f);
    otherRoom.parts.room = '00'.repeat(32);
    assert.equal((await verifyFairness(otherRoom)).why, 'room');
  },
);

test('fairness /3: the record hashes to the transcript, which must be the one this browser saw', async () => {
  // The vector of crates/engine/src/transcript.rs.
  const commitment = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';
  const pinned = {
    commitment,
    seed: '01'.repeat(32),
    game: 'holdem',
    record_format: 'phh',
    record: "variant = 'NT'\n",
  };
  assert.equal(await transcriptOf(pinned), 'bd0b156c8ba28980761345d8e7c33a979cc096d7145c3bfeb51950edf955d8bc');
  // A seed that hashes to its commitment (`tavolo-fair/1` style) with a record and its transcript.
  const f = {
    commitment,
    seed: '00'.repeat(32),
    game: 'holdem',
    record_format: 'phh',
    record: "variant = 'NT'\nactions = ['p1 cbr 50', 'p2 f']\n",
  };
  f.transcript = await transcriptOf(f);
  assert.deepEqual([(await verifyFairness(f)).status, (await verifyFairness(f)).seen], ['ok', 'unseen']);
  assert.equal((await verifyFairness(f, f.transcript)).seen, 'same');
  // The record rewritten into another legal hand: it no longer hashes to the transcript…
  const rewritten = { ...f, record: f.record.replace('cbr 50', 'cbr 51') };
  assert.deepEqual(
    [(await verifyFairness(rewritten)).status, (await verifyFairness(rewritten)).why],
    ['bad', 'transcript'],
  );
  // …and with its transcript rewritten too, it is not the one this browser saw.
  rewritten.transcript = await transcriptOf(rewritten);
  assert.equal((await verifyFairness(rewritten)).status, 'ok');
  assert.deepEqual(
    [(await verifyFairness(rewritten, f.transcript)).status, (await verifyFairness(rewritten, f.transcript)).why],
    ['bad', 'seen'],
  );
  // An older bundle binds only the seed.
  const { transcript: _, ...older } = f;
  assert.equal((await verifyFairness(older)).seen, 'unbound');
});

test('pots: the main and side pots in the middle during a hand, as awarded at its end', async () => {
  globalThis.window = globalThis.window || {}; // the table modules reach the connection's module
  const { potsHtml } = await import('../../js/felt-holdem.js');
  const live = potsHtml({
    view: {
      pot: 150,
      pots: [
        { amount: 90, eligible: [0, 1, 2] },
        { amount: 40, eligible: [1, 2] },
      ],
      over: false,
    },
  });
  assert.match(live, /data-pot="0"[\s\S]*90[\s\S]*data-pot="1"[\s\S]*40/);
  const over = potsHtml({
    view: { pot: 0, pots: [], over: true },
    result: { pots: [{ pot: 0, seat: 1, amount: 130 }] },
  });
  assert.match(over, /130/);
});

test("chat: a muted writer's lines are hidden, one's own never", async () => {
  globalThis.window = globalThis.window || {};
  const { visibleLines } = await import('../../js/chat.js');
  const lines = [
    { id: 1, user: 7, text: 'a' },
    { id: 2, user: 8, text: 'b' },
    { id: 3, user: 9, text: 'c' },
  ];
  assert.deepEqual(
    visibleLines(lines, new Set([8, 9]), 9).map((l) => l.id),
    [1, 3],
  );
});

/** A step of a server replay (GET api/history/{id}/replay), seats given as [stack, bet, cards]. */
const step = (events, seats, extra = {}) => ({
  events,
  seats: seats.map(([stack, bet, cards]) => ({
    stack,
    bet,
    folded: false,
    all_in: false,
    mucked: false,
    shown: false,
    cards,
  })),
  board: [],
  pots: [],
  pot: 0,
  to_act: null,
  ...extra,
});

test("replay: the server's Hold'em steps are told with the live log's words, by name", () => {
  setLang('en');
  const down = [null, null];
  const reply = {
    hand: 'h-1',
    game: 'holdem',
    players: ['Ada', 'Bob'],
    viewer: 0,
    button: 1,
    revealed: false,
    steps: [
      step(
        [
          { event: 'blind', seat: 1, amount: 1 },
          { event: 'blind', seat: 0, amount: 2 },
        ],
        [
          [198, 2, []],
          [199, 1, []],
        ],
      ),
      step(
        [
          { event: 'hole_dealt', seat: 0, card: 'As' },
          { event: 'hole_dealt', seat: 1, card: null },
        ],
        [
          [198, 2, ['As', 'Kd']],
          [199, 1, down],
        ],
      ),
      step(
        [{ event: 'bet_or_raise', seat: 1, to: 6, all_in: false }],
        [
          [198, 2, ['As', 'Kd']],
          [194, 6, down],
        ],
      ),
      step(
        [
          { event: 'fold', seat: 0, out_of_turn: false },
          { event: 'uncalled_returned', seat: 1, amount: 4 },
          { event: 'pot_won', pot: 0, seat: 1, amount: 4 },
        ],
        [
          [198, 0, ['As', 'Kd']],
          [202, 0, down],
        ],
        { pot: 4, result: { pots: [], returned: [], carried: 0, hands: [] } },
      ),
    ],
  };
  assert.deepEqual(tellSteps(reply, playerNames(reply.players, 2)), [
    'Bob posts 1; Ada posts 2',
    'The hole cards are dealt',
    'Bob raises to 6',
    'Ada folds; 4 returned to Bob; Bob wins 4',
  ]);
  assert.deepEqual(playerNames(['', 'Bob'], 2), ['Player 1', 'Bob']);
});

test("replay: a shown hand is named by the engine's value, the game's tie-break's (German draw)", async () => {
  setWords(await (await fetch(`${BASE}i18n/words.json`)).json());
  setLang('en');
  const hand = ['Ks', 'Kh', 'Ad', '9c', '4s'];
  const shown = { event: 'shown', seat: 0, cards: hand, hand: { category: 'one_pair', ranks: ['K', 'A', '9', '4'] } };
  const value = { seat: 0, category: 'one_pair', ranks: ['K', 'A'], cards: hand, shown: hand };
  const reply = {
    game: 'draw',
    players: ['Ada', 'Bob'],
    steps: [
      step(
        [shown],
        [
          [80, 0, hand],
          [80, 0, [null, null, null, null, null]],
        ],
        { result: { pots: [], returned: [], carried: 0, hands: [value] } },
      ),
    ],
  };
  assert.deepEqual(tellSteps(reply, reply.players), ['Ada shows K♠ K♥ A♦ 9♣ 4♠ — One pair, Kings, Ace kicker']);
});

test("replay: only the asker's and the shown cards are face up, unless the deal is revealed", () => {
  assert.deepEqual(seatCards(['As', null], ['As', 'Kd'], false), [
    { card: 'As', unshown: false },
    { card: null, unshown: false },
  ]);
  assert.deepEqual(seatCards(['As', null], ['As', 'Kd'], true), [
    { card: 'As', unshown: false },
    { card: 'Kd', unshown: true },
  ]);
  assert.deepEqual(seatCards([null, null], null, true), [
    { card: null, unshown: false },
    { card: null, unshown: false },
  ]);
});

test("replay: each Saint Poker round names the pairs shown in it, not the last round's", () => {
  setLang('en');
  const seat = (hand) => ({ stack: 0, bet: 0, folded: false, all_in: false, mucked: false, shown: true, hand });
  const pair = (r, points) => ({ seat: 0, category: 'one_pair', ranks: [r, 'K', 'Q', 'J'], points });
  const round = (r) => ({
    events: [{ event: 'shown', player: 0, cards: [`${r}s`, `${r}h`] }],
    seats: [seat(pair(r, 1))],
    board: [],
    pots: [],
    pot: 0,
    to_act: null,
  });
  const last = { ...round('9'), events: [], result: { pots: [], returned: [], carried: 0, hands: [pair('9', 1)] } };
  const said = tellSteps({ steps: [round('7'), round('9'), last] }, ['Ada']);
  assert.match(said[0], /Ada shows 7♠ 7♥ — One pair, Sevens/);
  assert.match(said[1], /Ada shows 9♠ 9♥ — One pair, Nines/);
});
