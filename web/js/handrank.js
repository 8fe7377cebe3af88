// handrank.js — a small five-card poker hand ranker (standard kickers) for the betting games'
// "best hand" hints. Saint Poker's hints come from the server (each pair in the legal list says
// the hand it makes by the table's rule), so the browser has no "2 + 3" evaluator of its own.
import { parseCard } from './cards.js';

const ORDER = '23456789TJQKA';
export const CATEGORY_ORDER = [
  'high_card',
  'one_pair',
  'two_pair',
  'three_of_a_kind',
  'straight',
  'flush',
  'full_house',
  'four_of_a_kind',
  'straight_flush',
];

/** Ranks five cards: {category, score (comparable array), cards (describing order)}. */
export function rank5(cards) {
  const cs = cards.map(parseCard);
  if (cs.length !== 5 || cs.some((c) => !c)) throw new Error('rank5 needs five cards');
  const vals = cs.map((c) => ORDER.indexOf(c[0]) + 2);
  const flush = cs.every((c) => c[1] === cs[0][1]);
  const counts = new Map();
  for (const v of vals) counts.set(v, (counts.get(v) || 0) + 1);
  // groups sorted by count desc then rank desc
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const uniq = [...new Set(vals)].sort((a, b) => b - a);
  let straightHigh = 0;
  if (uniq.length === 5) {
    if (uniq[0] - uniq[4] === 4) straightHigh = uniq[0];
    else if (uniq.join() === '14,5,4,3,2') straightHigh = 5;
  }
  let cat;
  let key;
  if (straightHigh && flush) {
    cat = 'straight_flush';
    key = [straightHigh];
  } else if (groups[0][1] === 4) {
    cat = 'four_of_a_kind';
    key = [groups[0][0], groups[1][0]];
  } else if (groups[0][1] === 3 && groups[1][1] === 2) {
    cat = 'full_house';
    key = [groups[0][0], groups[1][0]];
  } else if (flush) {
    cat = 'flush';
    key = uniq;
  } else if (straightHigh) {
    cat = 'straight';
    key = [straightHigh];
  } else if (groups[0][1] === 3) {
    cat = 'three_of_a_kind';
    key = groups.map((g) => g[0]);
  } else if (groups[0][1] === 2 && groups[1][1] === 2) {
    cat = 'two_pair';
    key = groups.map((g) => g[0]);
  } else if (groups[0][1] === 2) {
    cat = 'one_pair';
    key = groups.map((g) => g[0]);
  } else {
    cat = 'high_card';
    key = uniq;
  }
  // describing order: by group then rank; a wheel puts the ace last
  const sorted = cs.slice().sort((a, b) => {
    const va = ORDER.indexOf(a[0]) + 2;
    const vb = ORDER.indexOf(b[0]) + 2;
    return counts.get(vb) - counts.get(va) || vb - va;
  });
  if (straightHigh === 5) sorted.push(sorted.shift());
  const royal = cat === 'straight_flush' && straightHigh === 14;
  return { category: cat, royal, score: [CATEGORY_ORDER.indexOf(cat), ...key], cards: sorted };
}

/** A ranked hand as the server's codes ({category, ranks}), to be told by i18n's `handName`
 * ("Pair of kings, ace kicker"). */
export function handCode(r) {
  return r ? { category: r.category, ranks: r.score.slice(1).map((v) => ORDER[v - 2]) } : null;
}

export function compareScore(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

function combos(arr, k, start = 0, acc = [], out = []) {
  if (acc.length === k) {
    out.push(acc.slice());
    return out;
  }
  for (let i = start; i < arr.length; i++) {
    acc.push(arr[i]);
    combos(arr, k, i + 1, acc, out);
    acc.pop();
  }
  return out;
}

/** Best five of any cards (5–7), e.g. for Hold'em. */
export function bestOfAny(cards) {
  if (cards.length < 5) return null;
  let best = null;
  for (const five of combos(cards, 5)) {
    const r = rank5(five);
    if (!best || compareScore(r.score, best.score) > 0) best = r;
  }
  return best;
}
