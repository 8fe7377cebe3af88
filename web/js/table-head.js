// table-head.js — what the table page shows above the felt, from a table state: which game
// it is, the tags under the title (game, structure, stakes, a Limit table's cap, the hand) and
// the viewer's controls (beside the title and in the "☰ Table" menu).
import { store } from './store.js';
import { t, word } from './i18n.js';
import { esc, fmtChips } from './ui.js';
import { mySeat } from './seats.js';
import { blindsText } from './tournaments.js';

/** @typedef {import('../types/protocol').TableState} TableState */

/** The game of table `id`: its options', the lobby's, or told by its view.
 * @param {any} st @param {string} id */
export function gameOf(st, id) {
  const g = st?.options?.game || store.lobby.get(id)?.game;
  if (g) return g;
  const v = st?.view;
  if (v?.phase) return 'saint';
  if (v?.stage) return 'draw';
  return 'holdem';
}

/** The table's controls for this viewer: `visible` beside the title (rebuy, a pending seat
 * change, the waiting list), `items` in the "☰ Table" menu (sit out / in, change seat, add a
 * bot, leave; join or stop watching for a spectator).
 * @param {TableState} st @param {string} g the game */
export function controlsHtml(st, g) {
  const me = mySeat(st);
  const you = st.you;
  // Rebuy only when the rules allow it: the table model's own flag (no rule of the client's)
  const canRebuy = you.can_rebuy === true;
  const visible = [];
  const items = [];
  if (me != null) {
    if (canRebuy)
      visible.push(
        `<button class="btn small primary" data-c="rebuy" id="btn-rebuy">${word('actions', 'rebuy')}</button>`,
      );
    items.push(
      you.sitting_out
        ? `<button type="button" class="btn small" data-c="sit_in" id="btn-sit-in">${t('sit_in')}</button>`
        : `<button type="button" class="btn small ghost" data-c="sit_out" id="btn-sit-out">${t('sit_out')}</button>`,
    );
    if (g !== 'saint') {
      if (you.seat_change) {
        visible.push(
          `<span class="tag"
            id="seat-change-pending">${t('seat_change_pending', { n: you.seat_change.position })}</span>`,
        );
        items.push(
          `<button type="button" class="btn small ghost" data-c="cancel_seat_change"
            id="btn-cancel-seat-change">${t('cancel_seat_change')}</button>`,
        );
      } else
        items.push(
          `<button type="button" class="btn small ghost" data-c="change_seat"
            id="btn-change-seat">${t('change_seat')}</button>`,
        );
    }
    if (you.owner && (st.seats || []).length < (st.options?.seats || 0))
      items.push(
        `<button type="button" class="btn small ghost" data-c="add_bot" id="btn-add-bot">${t('add_bot')}</button>`,
      );
    items.push(`<button type="button" class="btn small danger" data-c="leave" id="btn-leave">${t('leave')}</button>`);
  } else {
    if (you.waiting == null)
      items.push(`<button type="button" class="btn small primary" data-c="join" id="btn-join">${t('join')}</button>`);
    else visible.push(`<span class="tag">${t('on_waitlist', { n: you.waiting })}</span>`);
    items.push(
      `<button type="button" class="btn small ghost" data-c="unwatch" id="btn-unwatch">${t('unwatch')}</button>`,
    );
  }
  return { visible: visible.join(''), items: items.join('') };
}

/** The table's tags under its title: the game, the structure, the stakes, the hand.
 * @param {TableState} st @param {string} g the game
 * @param {string | undefined} lobbyStakes the lobby's stakes of the table */
export function metaHtml(st, g, lobbyStakes) {
  const o = st.options;
  // a Limit table says its bets (the small and big bet the engine plays) and its cap; a Saint
  // Poker table without a stake is friendly, as the lobby says (issue 49)
  const v = /** @type {Partial<import('../types/protocol').HandView>} */ (st.view || {});
  const limit = g === 'holdem' && o.structure === 'limit';
  // a tournament table plays its level's blinds (the table's options hold no stakes of its own)
  const tl = st.tournament;
  const stakes =
    tl?.big_blind != null || tl?.ante
      ? blindsText(tl)
      : limit && v.min_bet
        ? `${fmtChips(v.min_bet)}/${fmtChips(v.big_bet)}`
        : g === 'holdem'
          ? lobbyStakes || `?/${o.big_blind ?? '?'}`
          : g === 'draw'
            ? `${t('ante')} ${o.ante ?? '?'}`
            : o.stake
              ? `${t('stake')} ${o.stake}`
              : t('friendly');
  const cap =
    limit && v.rules?.limit_cap
      ? `<span class="tag" id="limit-cap">${t(v.rules.limit_cap.lifted_heads_up ? 'limit_cap_hu' : 'limit_cap', {
          n: v.rules.limit_cap.max_bets,
        })}</span>`
      : '';
  return `<span class="tag game-${g}">${t(g)}</span>${
    o.structure && g !== 'saint'
      ? `<span
    class="tag">${t(o.structure)}</span>`
      : ''
  }<span class="tag">${esc(stakes)}</span>${cap}${
    st.hand
      ? `<span
    class="tag mono" title="${t('commitment')}: ${esc(st.commitment || '')}">${esc(st.hand)}</span>`
      : ''
  }`;
}
