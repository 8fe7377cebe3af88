// replay.js — the replayer's story, pure and testable in node: who the viewer is among a
// record's players, what each step of a record says in words (the live log's sentences,
// `e_raise`, `e_call`, …, in the chosen language) and which cards a player of the hand may see
// (their own, and what was shown; the whole deal only on request).
import { t, handName } from './i18n.js';
import { cardsText } from './cards.js';
import { fmtChips } from './ui.js';
import { betSentence } from './events.js';
import { bestOfAny, rank5, handCode } from './handrank.js';

/** The viewer's index among a record's `names` (by their own name), or `fallback` when no
 * name matches (older records without names); -1 when unknown. */
export function viewerIndex(names, me, fallback = -1) {
  const k = me ? (names || []).indexOf(me) : -1;
  if (k >= 0) return k;
  return Number.isInteger(fallback) && fallback >= 0 && fallback < (names || []).length ? fallback : -1;
}

/** The record's names, or "Player 1", "Player 2", … for a record without them. */
export function playerNames(names, n) {
  return Array.from({ length: n }, (_, i) => names?.[i] || t('player_n', { n: i + 1 }));
}

/**
 * How a player's cards are drawn: 'up' (the viewer's own, or shown at the table), 'revealed'
 * (face up only because the whole deal was revealed from the seed) or 'down'.
 */
export function cardMode(i, { viewer = -1, shown = [], reveal = false } = {}) {
  if (i === viewer || shown[i]) return 'up';
  return reveal ? 'revealed' : 'down';
}

/** The cards as drawn in `mode`: face-down ones become null (a card back). */
export function visibleCards(cards, mode) {
  return mode === 'down' ? (cards || []).map(() => null) : (cards || []).slice();
}

/** Each player's chips won and uncalled chips returned at the end of a hand: `start` the stacks
 * the hand began with, `before` the stacks after the last action, `finish` the final stacks.
 * The uncalled part is what the biggest contributor put in beyond the next biggest. */
export function payouts(start, before, finish) {
  const put = start.map((s, i) => s - before[i]);
  const order = put.map((p, i) => [p, i]).sort((a, b) => b[0] - a[0]);
  const returned = put.map(() => 0);
  if (order.length > 1 && order[0][0] > order[1][0])
    returned[order[0][1]] = Math.min(order[0][0] - order[1][0], finish[order[0][1]] - before[order[0][1]]);
  const won = finish.map((f, i) => Math.max(0, f - before[i] - returned[i]));
  return { won, returned };
}

function payoutSentence(names, { won, returned }) {
  const out = [];
  returned.forEach((x, i) => {
    if (x > 0) out.push(t('e_returned', { who: names[i], amount: fmtChips(x) }));
  });
  won.forEach((x, i) => {
    if (x > 0) out.push(t('e_wins', { who: names[i], amount: fmtChips(x) }));
  });
  return out.join('; ') || t('result');
}

const allIn = (stack) => (stack === 0 ? ` ${t('e_allin')}` : '');

/**
 * The steps of a Hold'em replay (`replayPhh`'s) told in words: each step gets `say`, a sentence
 * naming players by `names` ("Ada raises to 60", "Bob calls 20", "Board: A♠ 7♦ 2♣"); the hole
 * cards' deal, one step per player in PHH, becomes one step. `h` is the parsed PHH.
 */
export function tellPhh(h, steps, names) {
  const start = h.starting_stacks || steps[0].stacks;
  const told = steps.map((s, k) => ({ ...s, say: phhSentence(s, steps[k - 1], names, start) }));
  const out = [];
  for (const s of told) {
    const dealt = /^d dh /.test(String(s.note).trim());
    if (dealt && out.length && out[out.length - 1].dealt)
      out[out.length - 1] = { ...s, say: t('rp_hole_dealt'), dealt: true };
    else out.push(dealt ? { ...s, say: t('rp_hole_dealt'), dealt: true } : s);
  }
  return out;
}

/** One PHH step in words; `prev` the step before it, `start` the starting stacks. */
export function phhSentence(s, prev, names, start) {
  const note = String(s.note).trim();
  if (note === 'start') {
    const posts = s.stacks
      .map((x, i) => (start[i] > x ? t('e_posts', { who: names[i], amount: fmtChips(start[i] - x) }) : ''))
      .filter(Boolean);
    return posts.join('; ') || t('rp_start');
  }
  if (note === 'finishing_stacks')
    return payoutSentence(names, payouts(start, prev ? prev.stacks : s.stacks, s.stacks));
  const p = note.split(/\s+/);
  if (p[0] === 'd') {
    if (p[1] === 'db') return t('e_board', { cards: cardsText(p[2] || '') });
    return t('rp_hole_dealt');
  }
  const i = Number(String(p[0]).slice(1)) - 1;
  const who = names[i] ?? t('player_n', { n: i + 1 });
  const before = prev || s;
  switch (p[1]) {
    case 'f':
      return t('e_fold', { who });
    case 'cc': {
      const put = before.stacks[i] - s.stacks[i];
      return put > 0 ? t('e_call', { who, amount: fmtChips(put) }) + allIn(s.stacks[i]) : t('e_check', { who });
    }
    case 'cbr': {
      const to = Number(p[2]);
      return betSentence(who, to, Math.max(0, ...before.bets) > 0, s.stacks[i] === 0);
    }
    case 'sm': {
      if (!p[2]) return t('e_mucks', { who });
      const hole = s.hole[i] || [];
      const best = s.board.length >= 3 && hole.every(Boolean) ? bestOfAny([...hole, ...s.board]) : null;
      return t('e_shows', { who, cards: cardsText(hole) }) + (best ? ` — ${handName(handCode(best))}` : '');
    }
    default:
      return t('rp_other', { who });
  }
}

/** One Five-Card Draw action in words: `a` the record's action, `before`/`after` the replay's
 * states around it (stacks, bets, hands), players named by `names`. */
export function drawSentence(a, before, after, names) {
  const s = a.seat;
  const who = names[s] ?? t('player_n', { n: s + 1 });
  switch (a.action) {
    case 'fold':
      return t('e_fold', { who });
    case 'check':
      return t('e_check', { who });
    case 'call': {
      const put = before.stacks[s] - after.stacks[s];
      return put > 0 ? t('e_call', { who, amount: fmtChips(put) }) + allIn(after.stacks[s]) : t('e_check', { who });
    }
    case 'bet': {
      return betSentence(who, a.to, Math.max(0, ...before.bets) > 0, after.stacks[s] === 0);
    }
    case 'exchange':
      return t('e_exchange', { who, n: (a.discard || []).length });
    case 'show': {
      const hand = after.hands[s] || [];
      let name = '';
      if (hand.length === 5) {
        try {
          name = ` — ${handName(handCode(rank5(hand)))}`;
        } catch {
          /* not five cards */
        }
      }
      return t('e_shows', { who, cards: cardsText(hand) }) + name;
    }
    case 'muck':
      return t('e_mucks', { who });
    default:
      return t('rp_other', { who });
  }
}

/** The end of a Five-Card Draw hand in words, from the record's result: chips returned (what
 * a seat got back beyond its winnings) and won. */
export function drawResultSentence(result, before, names) {
  const won = result.winnings || [];
  const returned = result.finishing_stacks.map((f, i) => Math.max(0, f - before[i] - (won[i] || 0)));
  return payoutSentence(names, { won, returned });
}
