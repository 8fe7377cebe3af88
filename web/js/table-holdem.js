// table-holdem.js — the Texas Hold'em table: the felt (felt-holdem.js draws it: board, pots,
// seats with hole cards and bets, the button, the winning hands named at the showdown), the
// viewer's best hand and the betting bar.
import { t, handName } from './i18n.js';
import { handSeats, mySeat } from './seats.js';
import { BettingBar } from './betting.js';
import { normLegal } from './legal.js';
import { holdemFeltHtml } from './felt-holdem.js';

export function mountHoldem(ctx) {
  const bar = new BettingBar(ctx.actions, ctx.send);
  return {
    update(st) {
      const v = /** @type {Partial<import('../types/protocol').HandView>} */ (st.view || {});
      const map = handSeats(st);
      const idx = (seat) => map.indexOf(seat);
      const me = mySeat(st);
      ctx.felt.innerHTML = holdemFeltHtml(st, { portrait: ctx.portrait() });
      // the viewer's best hand so far, as the engine values it (you.best_hand)
      const mi = me != null ? idx(me) : -1;
      const best = st.you?.best_hand;
      const hint =
        best && mi >= 0 && (!v.live || v.live[mi])
          ? `<div class="my-best" id="my-best">${t('best_hand')}: <strong>${handName(best)}</strong></div>`
          : '';
      const legal = normLegal(st);
      const myBet = mi >= 0 && v.bets ? v.bets[mi] : 0;
      const maxBet = Math.max(0, ...(v.bets || [0]));
      const stack = mi >= 0 && v.stacks ? v.stacks[mi] : null;
      ctx.info.innerHTML = hint;
      // dealt in, a betting round on (a seat to act: the engine's streets have no showdown), not
      // all-in: the pre-actions' situation
      const betting = mi >= 0 && !v.over && v.to_act != null && (!v.live || v.live[mi]) && stack > 0;
      const pre = betting
        ? {
            hand: st.hand,
            round: `${st.hand}:${v.street}`,
            toCall: Math.min(Math.max(0, maxBet - myBet), stack),
            stack,
          }
        : null;
      bar.render(legal, {
        pot: v.pot || 0,
        myBet,
        maxBet,
        stack,
        allInTo: stack != null ? stack + myBet : null,
        handKey: `${st.hand}:${v.street}:${(v.bets || []).join()}`,
        pre,
      });
      return legal;
    },
    key(ev) {
      return bar.key_(ev);
    },
  };
}
