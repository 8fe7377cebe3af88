// table-draw.js — the Five-Card Draw table (German rules): the felt (felt-draw.js draws it:
// antes and pot, seats with their announced exchanges and shown hands), your five cards
// (select up to three to exchange), the betting bar, show / muck at the showdown, and fold at
// any moment.
import { t, word, handName } from './i18n.js';
import { cardHtml } from './cards.js';
import { handSeats, mySeat } from './seats.js';
import { BettingBar } from './betting.js';
import { normLegal } from './legal.js';
import { drawFeltHtml } from './felt-draw.js';

export function mountDraw(ctx) {
  const bar = new BettingBar(ctx.actions, ctx.send);
  let selected = new Set();
  let handKey = '';
  let last = null;
  let legalNow = null;
  let foldAsked = null;

  const exchange = async (cards) => {
    await ctx.send({ action: 'exchange', discard: cards });
    selected = new Set();
  };

  ctx.mine.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-card]');
    if (b && legalNow?.exchange) {
      const c = b.dataset.card;
      if (selected.has(c)) selected.delete(c);
      else if (selected.size < (legalNow.exchange.max || 3)) selected.add(c);
      if (last) api.update(last);
      return;
    }
    const x = ev.target.closest('button[data-x]');
    if (!x) return;
    if (x.dataset.x === 'exchange') exchange([...selected]);
    else if (x.dataset.x === 'show') ctx.send({ action: 'show' });
    else if (x.dataset.x === 'muck') ctx.send({ action: 'muck' });
    else if (x.dataset.x === 'fold') {
      // a fold out of turn, or before the showdown, is asked twice (issue 49)
      const key = last ? `${last.hand}:${last.view?.stage}` : '';
      if (foldAsked !== key) {
        foldAsked = key;
        x.classList.add('confirm');
        x.textContent = t('fold_confirm_any');
        x.focus();
        return;
      }
      foldAsked = null;
      ctx.send({ action: 'fold' });
    }
  });

  const api = {
    update(st) {
      last = st;
      const v = /** @type {Partial<import('../types/protocol').DrawView>} */ (st.view || {});
      const map = handSeats(st);
      const idx = (seat) => map.indexOf(seat);
      const me = mySeat(st);
      const mi = me != null ? idx(me) : -1;
      if (st.hand !== handKey) {
        handKey = st.hand;
        selected = new Set();
      }
      ctx.felt.innerHTML = drawFeltHtml(st, { portrait: ctx.portrait() });
      const myTurn = mi >= 0 && v.to_act === mi && !v.over;
      // out of turn the server lists only `fold` (German rules: fold at any time)
      const legal = myTurn ? normLegal(st) : { ...normLegal({ legal: [] }), fold: false };
      legalNow = legal;
      // my five cards
      const hand = v.hand || [];
      const canEx = !!legal.exchange;
      let best = '';
      // the engine's value of my five cards (you.best_hand)
      const value = st.you?.best_hand;
      if (value && hand.length === 5)
        best = `<span class="my-best" id="my-best">${t('best_hand')}: <strong>${handName(value)}</strong></span>`;
      const drawn = new Set(v.drawn || []);
      const asking = foldAsked === `${st.hand}:${v.stage}`;
      const maxEx = canEx ? legal.exchange.max || 3 : 3;
      ctx.mine.innerHTML =
        mi < 0 || !hand.length
          ? ''
          : `
        <div class="my-hand draw-hand ${canEx ? 'selecting' : ''}" role="group" aria-label="${t('your_hand')}">
          ${hand
            .map((c, k) =>
              cardHtml(c, {
                size: 'lg',
                button: canEx,
                selected: selected.has(c),
                cls: drawn.has(c) ? 'new' : '',
                attrs: `data-i="${k + 1}"`,
              }),
            )
            .join('')}
        </div>
        <div class="mine-bar">${best}
        ${
          canEx
            ? `<span class="muted">${t('choose_discards', { n: maxEx })}</span>
          <button type="button" class="btn primary" data-x="exchange"
            id="act-exchange">${
              selected.size ? t('discard_n', { n: selected.size }) : word('actions', 'stand_pat')
            }</button>`
            : ''
        }
        ${
          legal.show
            ? `<button type="button" class="btn primary" data-x="show"
          id="act-show">${word('actions', 'show')}</button>`
            : ''
        }
        ${
          legal.muck
            ? `<button type="button" class="btn" data-x="muck"
          id="act-muck">${word('actions', 'muck')}</button>`
            : ''
        }
        ${
          (canEx || legal.show) && v.may_fold
            ? `<button type="button" class="btn fold ${asking ? 'confirm' : ''}"
          data-x="fold"
          id="act-fold-x">${asking ? t('fold_confirm_any') : `<kbd>F</kbd> ${word('actions', 'fold')}`}</button>`
            : ''
        }
        ${
          !myTurn && v.may_fold && !v.over
            ? `<button type="button"
          class="btn ghost small fold ${asking ? 'confirm' : ''}" data-x="fold"
          id="act-fold-any">${asking ? t('fold_confirm_any') : word('actions', 'fold')}</button>`
            : ''
        }
        </div>`;
      const myBet = mi >= 0 && v.bets ? v.bets[mi] : 0;
      const maxBet = Math.max(0, ...(v.bets || [0]));
      const stack = mi >= 0 && v.stacks ? v.stacks[mi] : null;
      // dealt in, a betting round on, not all-in: the pre-actions' situation
      const betting =
        mi >= 0 && !v.over && v.to_act != null && (!v.live || v.live[mi]) && stack > 0 && /betting/.test(v.stage || '');
      const pre = betting
        ? { hand: st.hand, round: `${st.hand}:${v.stage}`, toCall: Math.min(Math.max(0, maxBet - myBet), stack), stack }
        : null;
      bar.render(canEx || legal.show ? null : legal, {
        pot: v.pot || 0,
        myBet,
        maxBet,
        stack,
        allInTo: stack != null ? stack + myBet : null,
        handKey: `${st.hand}:${v.stage}:${(v.bets || []).join()}`,
        pre,
      });
      return legal;
    },
    key(ev) {
      if (legalNow?.exchange && /^[1-5]$/.test(ev.key)) {
        const b = ctx.mine.querySelector(`button[data-i="${ev.key}"]`);
        if (b) {
          b.click();
          return true;
        }
      }
      if (legalNow && (legalNow.exchange || legalNow.show) && ev.key.toLowerCase() === 'f' && last?.view?.may_fold) {
        const b = ctx.mine.querySelector('#act-fold-x');
        if (b) {
          b.click();
          return true;
        }
      }
      if (legalNow?.exchange && ev.key === 'Enter' && !ev.target.closest('button')) {
        exchange([...selected]);
        return true;
      }

      return bar.key_(ev);
    },
  };
  return api;
}
