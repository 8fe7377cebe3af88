// felt-draw.js — a Five-Card Draw hand (German rules) drawn on the felt from a table state (the
// live table's, or one the replayer makes of a replay step): the pots, the ante and the draw
// pile, the stage, the seats with their announced exchanges, face-down or shown hands, bets and
// hand names, the dealer, who acts, the winners and their five cards. One drawing for both.
import { t, word, handName, handShort } from './i18n.js';
import { cardsHtml } from './cards.js';
import { fmtChips, once } from './ui.js';
import { feltHtml, feltCard } from './felt.js';
import { handSeats, mySeat, seatInfo } from './seats.js';
import { potsHtml, winnerIdx, shownHands, winningCards, bannerHtml, idleSeat } from './felt-holdem.js';

/** The Draw view the felt reads: the engine's, whole at the live table, in part in the replayer.
 * @typedef {Partial<import('../types/protocol').DrawView>} DrawFeltView */

/**
 * The Draw felt of table state `st`. opts: portrait (an upright felt); own (the viewer's five
 * cards on the felt too: the live table draws them below it, the replayer at the seat);
 * unshown (cards face up only because the replayer revealed the deal: marked so).
 * @param {any} st @param {{portrait: boolean, own?: boolean, unshown?: Set<string>}} opts
 */
export function drawFeltHtml(st, opts) {
  const v = /** @type {DrawFeltView} */ (st.view || {});
  const map = handSeats(st);
  const idx = (seat) => map.indexOf(seat);
  const me = mySeat(st);
  const wins = winnerIdx(st);
  const named = v.over ? shownHands(st) : new Map();
  const acting = v.to_act != null && !v.over ? map[v.to_act] : null;
  const five = v.over ? winningCards(st) : new Set();
  const ante = v.ante ?? st.options?.ante;
  const center = `
    ${potsHtml(st)}
    <div class="draw-info">${ante != null ? `<span>${t('ante')}: ${fmtChips(ante)}</span>` : ''}
    ${v.deck_cards != null ? `<span class="deck">${t('draw_pile')}: ${v.deck_cards}</span>` : ''}</div>
    <div class="street">${v.stage ? word('stages', v.stage) : ''}</div>
    ${bannerHtml(st)}`;
  return feltHtml(st, {
    portrait: opts.portrait,
    center,
    button: v.dealer != null ? map[v.dealer] : null,
    seat(seat) {
      const i = idx(seat);
      if (i < 0) return idleSeat(seatInfo(st, seat));
      const live = v.live ? v.live[i] : true;
      const shown = v.shown?.[i] || (opts.own && seat === me && v.hand?.length ? v.hand : null);
      const ex = v.exchange_counts ? v.exchange_counts[i] : null;
      let cards = '';
      if (shown) {
        const anim = once(`${st.table}:${st.hand}:s:${seat}`, 'flip');
        const cls = (c) => [anim, five.has(c) ? 'win5' : ''].filter(Boolean).join(' ');
        cards = shown.map((c) => feltCard(c, { size: 'sm', cls: cls(c) }, opts.unshown)).join('');
      } else if (live && seat !== me) cards = cardsHtml([null, null, null, null, null], { size: 'xs' });
      return {
        cards,
        cardsClass: shown ? 'fan5' : '',
        stack: v.stacks ? v.stacks[i] : seatInfo(st, seat)?.chips,
        bet: v.bets ? v.bets[i] : 0,
        folded: !live,
        status: named.has(i) ? handShort(named.get(i)) : !live ? word('results', 'folded') : '',
        statusTitle: named.has(i) ? handName(named.get(i)) : '',
        tag: ex != null ? `<span class="tag exch">${t('exchanged', { n: ex })}</span>` : '',
        acting: seat === acting,
        winner: wins.has(`I${i}`) || wins.has(`T${seat}`),
      };
    },
  });
}
