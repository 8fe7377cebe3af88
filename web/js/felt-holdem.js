// felt-holdem.js — a Texas Hold'em hand drawn on the felt from a table state (the live table's,
// or one the replayer makes of a replay step): the pots, the board, the street, the seats with
// their hole cards, bets and hand names, the button, who acts, the winners and their five cards.
// One drawing for both, so the replay looks like the table players know.
import { t, word, handName, handShort } from './i18n.js';
import { cardsHtml } from './cards.js';
import { fmtChips, once } from './ui.js';
import { feltHtml, feltCard } from './felt.js';
import { handSeats, mySeat, seatInfo, seatName, compactName } from './seats.js';
import { resultBanner, groupPots } from './result.js';

/** @typedef {import('../types/protocol').HandView} HandView */
/** @typedef {import('../types/protocol').DrawView} DrawView */
/** The Hold'em view the felt reads: the engine's (`HandView`), whole at the live table, in part
 * in the replayer (a step has no rules or minimum bet), with the hole cards as they are known.
 * @typedef {Partial<Omit<HandView, 'hole'>> & {hole?: (string | null)[][]}} HoldemFeltView */
/** The pots and winners of a betting game's view, Hold'em's or Draw's.
 * @typedef {Partial<HandView> | Partial<DrawView>} BettingView */

/** The pots: live, the main pot and each side pot in the middle (bets in front of the seats
 * join them when the round ends); at the end, the pots as they were awarded. */
export function potsHtml(st) {
  const v = /** @type {BettingView} */ (st.view || {});
  const awarded = v.over && st.result ? groupPots(st.result.pots) : null;
  const pots = awarded?.length ? awarded : v.pots;
  if (Array.isArray(pots) && pots.length > 1) {
    // (a side pot's class is not `side`: that is the side panel's, whose box it took — issue 49)
    return `<div class="pots" id="pots">${pots
      .map(
        (p, i) => `<span class="pot ${i ? 'side-pot' : 'main'}"
      data-pot="${i}">${i ? t('side_pot', { n: i }) : t('main_pot')}: <strong>${fmtChips(p.amount)}</strong></span>`,
      )
      .join('')}</div>`;
  }
  const total = awarded?.length ? awarded[0].amount : (v.pot ?? 0);
  return `<div class="pots"
    id="pots"><span class="pot main">${t('total_pot')}: <strong>${fmtChips(total)}</strong></span></div>`;
}

/** The hand each seat showed (hand-seat index → {category, ranks}), from the result. */
export function shownHands(st) {
  const out = new Map();
  for (const s of st.result?.shown || []) out.set(s.seat, s.hand);
  return out;
}

/** The cards of the winning fives at a showdown (issue 49): the five cards each winner's
 * shown hand is made of, as the server sends them with the result (`shown[].cards`). */
export function winningCards(st) {
  const out = new Set();
  const r = st.result;
  if (!r || !Array.isArray(r.shown)) return out;
  const winners = new Set();
  for (const p of r.pots || []) if (p.seat != null) winners.add(p.seat);
  for (const sh of r.shown) if (winners.has(sh.seat)) for (const c of sh.cards || []) out.add(c);
  return out;
}

/** Winner seats (engine indices) of the latest result or view.won. */
export function winnerIdx(st) {
  const v = /** @type {BettingView} */ (st.view || {});
  const set = new Set();
  const pots = st.result && groupPots(st.result.pots);
  for (const p of pots || []) {
    for (const w of p.winners || []) set.add(`I${typeof w === 'object' ? (w.seat ?? w.player) : w}`);
  }
  if (v.over && Array.isArray(v.won))
    v.won.forEach((w, i) => {
      if (w > 0) set.add(`I${i}`);
    });
  return set;
}

/** The result's line on the felt: who won what, with which hand. */
export function bannerHtml(st) {
  const map = handSeats(st);
  return st.result
    ? resultBanner(
        st.result,
        (s) => compactName(seatName(st, s)),
        (i) => map[i] ?? i,
      )
    : '';
}

/** What a seat not dealt in shows: its chips, and why it waits. */
export function idleSeat(info) {
  return {
    stack: info ? info.chips : null,
    status:
      info && info.status === 'sitting_out'
        ? t('sitting_out')
        : info && info.status === 'waiting'
          ? t('waiting_state')
          : '',
  };
}

/**
 * The Hold'em felt of table state `st`. opts: portrait (an upright felt), unshown (cards face
 * up only because the replayer revealed the deal: marked so).
 * @param {any} st @param {{portrait: boolean, unshown?: Set<string>}} opts
 */
export function holdemFeltHtml(st, opts) {
  const v = /** @type {HoldemFeltView} */ (st.view || {});
  const map = handSeats(st);
  const idx = (seat) => map.indexOf(seat);
  const me = mySeat(st);
  const wins = winnerIdx(st);
  const shown = v.over ? shownHands(st) : new Map();
  const acting = v.to_act != null && !v.over ? map[v.to_act] : null;
  const board = v.board || [];
  const five = v.over ? winningCards(st) : new Set();
  const mark = (c, cls) => [cls, five.has(c) ? 'win5' : five.size ? 'dim-out' : ''].filter(Boolean).join(' ');
  const dealt = board.map((c) => cardsHtml([c], { size: 'md', cls: mark(c, once(`${st.table}:${st.hand}:b:${c}`)) }));
  const slots = '<span class="card card-md slot" aria-hidden="true"></span>'.repeat(Math.max(0, 5 - board.length));
  const center = `
    ${potsHtml(st)}
    <div class="board" role="group" aria-label="${t('board')}">${dealt.join('')}${slots}</div>
    <div class="street">${v.street ? word('streets', v.street) : ''}</div>
    ${bannerHtml(st)}`;
  return feltHtml(st, {
    portrait: opts.portrait,
    center,
    button: v.button != null ? map[v.button] : null,
    seat(seat) {
      const i = idx(seat);
      if (i < 0) return idleSeat(seatInfo(st, seat));
      const hole = (v.hole || [])[i] || [];
      const live = v.live ? v.live[i] : true;
      // a folded seat's cards: at the end where known, or in the replayer's revealed deal
      const showCards = live || (hole[0] && v.over) || hole.some((c) => opts.unshown?.has(c));
      const cls = (k, c) =>
        [once(`${st.table}:${st.hand}:h:${seat}:${k}:${c}`), c && five.has(c) ? 'win5' : ''].filter(Boolean).join(' ');
      return {
        cards:
          showCards && hole.length
            ? hole
                .map((c, k) => feltCard(c, { size: seat === me ? 'md' : 'sm', cls: cls(k, c) }, opts.unshown))
                .join('')
            : '',
        stack: v.stacks ? v.stacks[i] : seatInfo(st, seat)?.chips,
        bet: v.bets ? v.bets[i] : 0,
        folded: !live,
        status: shown.has(i)
          ? handShort(shown.get(i))
          : !live
            ? word('results', 'folded')
            : v.stacks && v.stacks[i] === 0 && !v.over
              ? word('actions', 'all_in')
              : '',
        statusTitle: shown.has(i) ? handName(shown.get(i)) : '',
        acting: seat === acting,
        winner: wins.has(`I${i}`) || wins.has(`T${seat}`),
      };
    },
  });
}
