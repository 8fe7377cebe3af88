// replay-table.js — a replay step (the server's, GET api/history/{id}/replay) as the table state
// the live table draws (felt-holdem.js, felt-draw.js, felt-saint.js): the record's players as the
// table's seats, the viewer at the bottom, the step's stacks, bets, cards, pots, the button and
// who acts, and at the last step the result in the live table's shape. No game rule is applied
// here: every figure is the server's (the engine's) own; only the names of the street, stage
// or phase are read off the step, for the line under the board.
import { seatCards } from './replay.js';

/** @typedef {import('../types/protocol').ReplayReply} ReplayReply */
/** @typedef {import('../types/protocol').ReplayStep} ReplayStep */
/** @typedef {import('../types/protocol').StepResult} StepResult */
/** @typedef {import('./felt-holdem.js').HoldemFeltView} HoldemFeltView */
/** @typedef {import('./felt-draw.js').DrawFeltView} DrawFeltView */
/** @typedef {import('./felt-saint.js').SaintFeltView} SaintFeltView */

/** The Hold'em street of a step, by the board dealt.
 * @param {ReplayStep} s @returns {HoldemFeltView['street'] | null} */
function streetOf(s) {
  if (s.result) return null;
  return /** @type {const} */ (['preflop', null, null, 'flop', 'turn', 'river'])[s.board.length] || null;
}

/** The Five-Card Draw stage of a step: the first betting round until a seat exchanges, the
 * exchange until every seat still in has, then the second round, the showdown, the end.
 * @param {ReplayStep} s @returns {DrawFeltView['stage']} */
function stageOf(s) {
  if (s.result) return 'over';
  const live = s.seats.filter((x) => !x.folded);
  if (live.some((x) => x.shown)) return 'showdown';
  const done = live.filter((x) => x.exchanged != null).length;
  return done === 0 ? 'first_betting' : done < live.length ? 'exchange' : 'second_betting';
}

/** The Saint Poker phase of a step: the draft while it has an order, the show once every
 * placed card is turned, otherwise the place; over with the places.
 * @param {ReplayStep} s @returns {SaintFeltView['phase']} */
function phaseOf(s) {
  if (s.result?.places) return 'over';
  if (s.saint?.order) return 'draft';
  return s.seats.every((x) => x.placed) ? 'show' : 'place';
}

/** The end of a betting hand in the live table's shape: one entry per winner of each pot
 * (`groupPots` joins them) with the hand it won with, and every hand shown.
 * @param {StepResult} r */
function resultOf(r) {
  const value = (seat) => {
    const h = r.hands.find((x) => x.seat === seat);
    return h ? { category: h.category, ranks: h.ranks } : null;
  };
  return {
    pots: r.pots.flatMap((p) =>
      p.winners.map((w) => ({ pot: p.pot, seat: w.seat, amount: w.amount, hand: value(w.seat) })),
    ),
    shown: r.hands.map((h) => ({ seat: h.seat, hand: { category: h.category, ranks: h.ranks }, cards: h.cards })),
  };
}

/** The ante of the hand: what the first seat to ante put in, from the steps' events. @param {ReplayReply} reply */
function anteOf(reply) {
  for (const s of reply.steps) for (const e of s.events || []) if (e.event === 'ante') return e.amount ?? null;
  return null;
}

/**
 * Step `k` of `reply` as a table state: `st` for the felt, `unshown` the cards face up only
 * because the whole deal (`all`, the `reveal=all` replay) is revealed, and `hand` the viewer's
 * cards (Saint Poker: drawn below the felt, as at the table).
 * @param {ReplayReply} reply @param {string[]} names @param {number} k
 * @param {{reveal?: boolean, all?: ReplayReply | null}} o
 */
export function stepTable(reply, names, k, { reveal = false, all = null } = {}) {
  const s = reply.steps[k];
  const other = all?.steps?.[k];
  const n = s.seats.length;
  const viewer = reply.viewer != null && reply.viewer >= 0 ? reply.viewer : null;
  /** @type {Set<string>} */
  const unshown = new Set();
  const cards = s.seats.map((x, i) =>
    seatCards(x.cards, other?.seats?.[i]?.cards, reveal).map(({ card, unshown: u }) => {
      if (u) unshown.add(card);
      return card;
    }),
  );
  const seats = names.slice(0, n).map((name, i) => ({ seat: i, name, status: 'playing', chips: s.seats[i].stack }));
  const base = {
    table: `replay:${reply.hand}`,
    hand: reply.hand,
    options: { game: reply.game, seats: n },
    you: { seat: viewer },
    seats,
    hand_seats: Array.from({ length: n }, (_, i) => i),
  };
  const live = s.seats.map((x) => !x.folded);
  if (reply.game === 'saint') {
    const sd = s.saint || { round: 0, preview: [] };
    const phase = phaseOf(s);
    const places = s.result?.places;
    /** @type {SaintFeltView} */
    const view = {
      round: Math.min(sd.round, 7) || null,
      phase,
      centre: phase === 'draft' ? [] : s.board,
      pool: phase === 'draft' ? s.board : [],
      preview: sd.preview,
      placed: s.seats.map((x) => x.placed || null),
      shown: s.seats.map((x) =>
        x.hand ? { cards: x.hand.shown, category: x.hand.category, ranks: x.hand.ranks, points: x.hand.points } : null,
      ),
      scores: s.seats.map((x) => x.points ?? 0),
      hand_sizes: cards.map((c) => c.length),
      to_pick: sd.picking ?? null,
      draft_order: sd.order || [],
      winners: places ? places.flatMap((p, i) => (p === 1 ? [i] : [])) : [],
    };
    return { st: { ...base, view, result: null }, unshown, cards };
  }
  const over = !!s.result;
  /** the fields Hold'em's and Draw's views share */
  const view = {
    board: s.board,
    pot: s.pot,
    pots: s.pots,
    stacks: s.seats.map((x) => x.stack),
    bets: s.seats.map((x) => x.bet),
    live,
    to_act: over ? null : (s.to_act ?? null),
    over,
  };
  const result = s.result ? resultOf(s.result) : null;
  if (reply.game === 'draw') {
    const shown = cards.map((c, i) => (i !== viewer && c.length && c.every(Boolean) ? c : null));
    /** @type {DrawFeltView} */
    const drawView = {
      ...view,
      dealer: reply.button ?? null,
      ante: anteOf(reply),
      stage: stageOf(s),
      hand: viewer != null ? cards[viewer] : [],
      shown,
      exchange_counts: s.seats.map((x) => x.exchanged ?? null),
    };
    return { st: { ...base, view: drawView, result }, unshown, cards };
  }
  /** @type {HoldemFeltView} */
  const holdemView = { ...view, button: reply.button ?? null, street: streetOf(s), hole: cards };
  return { st: { ...base, view: holdemView, result }, unshown, cards };
}
