/**
 * A recorded hand or game drawn step by step for the history page's replayer, from the steps
 * the server builds with the engine (GET api/history/{id}/replay): seats with their stacks,
 * bets and cards, the board or centre, the pots (side pots too), and at the last step each
 * pot's winners and every shown hand's value. Nothing is ranked or paid here.
 */

import { t, categoryName, cardName, handName, word } from './i18n.js';
import { cardHtml, cardsHtml } from './cards.js';
import { esc, fmtChips } from './ui.js';
import { playerNames, tellSteps, seatCards } from './replay.js';
import { resultHtml } from './result.js';

/** @typedef {import('../types/protocol').ReplayReply} ReplayReply */
/** @typedef {import('../types/protocol').ReplayStep} ReplayStep */
/** @typedef {import('../types/protocol').StepResult} StepResult */
/** A seat's cards as drawn, by seat. @typedef {(i: number, size: string) => string} CardsOf */

/** A player's name, escaped, with "(you)" for the viewer. */
function nameHtml(names, p, viewer) {
  return `${esc(names[p])}${p === viewer ? ` <span class="rp-you">(${t('you')})</span>` : ''}`;
}

/** Cards as drawn ({card, unshown}, from `seatCards`): face down, face up, or face up only
 * because the whole deal was revealed (marked, and named "not shown at the table"). */
function handHtml(cards, size) {
  return cards
    .map(({ card, unshown }) =>
      unshown
        ? cardHtml(card, { size, cls: 'unshown', label: `${cardName(card)} (${t('rp_unshown')})` })
        : cardHtml(card, { size }),
    )
    .join('');
}

/** @param {string[]} names @param {number} viewer @param {(i: number) => string} cell
 *  @param {(i: number) => string} [cls] the seat's extra classes */
function seatsRow(names, viewer, cell, cls = () => '') {
  return `<div class="rp-seats">${names
    .map(
      (_, i) => `<div class="rp-seat${i === viewer ? ' me' : ''}${cls(i)}"
    data-seat="${i}">${cell(i)}</div>`,
    )
    .join('')}</div>`;
}

/** The pots in the middle: the total, and each pot when there are side pots.
 * @param {ReplayStep} s */
function potsLine(s) {
  const total = `<span class="pot" id="rp-pot">${t('total_pot')}: <strong>${fmtChips(s.pot)}</strong></span>`;
  if ((s.pots || []).length < 2) return total;
  return `${total} ${s.pots
    .map(
      (p, i) => `<span class="pot ${i ? 'side-pot' : 'main'}"
    data-pot="${i}">${i ? t('side_pot', { n: i }) : t('main_pot')}: <strong>${fmtChips(p.amount)}</strong></span>`,
    )
    .join(' ')}`;
}

/** The end of a betting hand as the table's result list: each pot with its winners and shares
 * (a split pot names each winner with their own amount), the hand it was won with.
 * @param {StepResult} r */
function resultOf(r) {
  const hand = (seat) => r.hands.find((h) => h.seat === seat);
  return {
    pots: r.pots.map((p) => ({
      pot: p.pot,
      amount: p.amount,
      winners: p.winners.map((w) => w.seat),
      shares: p.winners,
      hand: hand(p.winners[0]?.seat),
    })),
    shown: r.hands,
  };
}

/**
 * The replay of the server's `reply` for the history page: `steps` (the server's, each with
 * `say`, its sentence) and `draw(step, k, {reveal, all})`, the step's HTML; `all` is the
 * `reveal=all` replay, drawn (marked) where `reveal` is on.
 * @param {ReplayReply} reply
 */
export function replayOf(reply) {
  const n = reply.steps[0]?.seats.length ?? reply.players.length;
  const names = playerNames(reply.players, n);
  const viewer = reply.viewer ?? -1;
  const says = tellSteps(reply, names);
  const steps = reply.steps.map((s, k) => ({ ...s, say: says[k] }));
  const saint = reply.game === 'saint';
  /** @param {ReplayStep & {say: string}} s @param {number} k @param {{reveal?: boolean, all?: ReplayReply | null}} o */
  const draw = (s, k, { reveal = false, all = null } = {}) => {
    const other = all?.steps?.[k];
    /** @type {CardsOf} */
    const cards = (i, size) => handHtml(seatCards(s.seats[i].cards, other?.seats?.[i]?.cards, reveal), size);
    const say = `<div class="rp-note"><strong id="rp-say">${esc(s.say)}</strong></div>`;
    return saint ? say + saintHtml(s, names, viewer, cards) : say + bettingHtml(reply, s, names, viewer, cards);
  };
  return { steps, draw };
}

/** A Hold'em or Five-Card Draw step.
 * @param {ReplayReply} reply @param {ReplayStep} s @param {string[]} names @param {number} viewer
 * @param {CardsOf} cards */
function bettingHtml(reply, s, names, viewer, cards) {
  const board = reply.game === 'holdem' ? `${t('board')}: ${cardsHtml(s.board, { size: 'md' })} ` : '';
  const won = new Set((s.result?.pots || []).flatMap((p) => p.winners.map((w) => w.seat)));
  const value = new Map((s.result?.hands || []).map((h) => [h.seat, h]));
  const size = reply.game === 'holdem' ? 'sm' : 'xs';
  const seat = (i) => {
    const x = s.seats[i];
    const state = `${x.folded ? 'muted' : ''} ${s.to_act === i ? 'acting' : ''}`;
    const h = value.get(i);
    return `<div class="rp-name ${state}">${nameHtml(names, i, viewer)}</div>
      ${reply.button === i ? `<div class="muted small rp-button">${t('button')}</div>` : ''}
      <div class="rp-hand">${cards(i, size)}</div>
      <div>${t('stack')}: ${fmtChips(x.stack)}</div>
      ${x.bet ? `<div class="bet-inline">${fmtChips(x.bet)}</div>` : ''}
      ${x.exchanged != null ? `<div class="muted">${t('exchanged', { n: x.exchanged })}</div>` : ''}
      ${x.folded ? `<div class="muted">${word('results', 'folded')}</div>` : ''}
      ${x.all_in ? `<div class="muted">${t('e_allin')}</div>` : ''}
      ${h ? `<div class="rp-value"><strong>${esc(handName(h))}</strong></div>` : ''}`;
  };
  const result = s.result ? resultHtml(resultOf(s.result), (p) => names[p]) : '';
  return `<div class="rp-board">${board}${potsLine(s)}</div>
    ${seatsRow(names, viewer, seat, (i) => (won.has(i) ? ' winner' : ''))}
    ${result ? `<div class="rp-result" id="rp-result">${result}</div>` : ''}`;
}

/** A Saint Poker step: a player's hand is theirs alone; what they place, show and pick is on
 * the table.
 * @param {ReplayStep} s @param {string[]} names @param {number} viewer @param {CardsOf} cards */
function saintHtml(s, names, viewer, cards) {
  const round = s.saint || { round: 0, preview: [] };
  const preview = round.preview.length
    ? `<span class="muted">${t('preview')}:</span> ${cardsHtml(round.preview, { size: 'sm' })}`
    : '';
  const order = round.order
    ? `<div class="muted">${t('draft_order')}: ${round.order.map((p) => esc(names[p])).join(' → ')}</div>`
    : '';
  const places = s.result?.places;
  const seat = (p) => {
    const x = s.seats[p];
    const head = `${nameHtml(names, p, viewer)} — ${x.points ?? 0} ${t('points_short')}`;
    const shown = x.hand;
    const points = shown?.points ? ` +${shown.points}` : '';
    const category = shown ? `<strong>${esc(categoryName(shown.category))}</strong>` : '';
    return `<div class="rp-name ${round.picking === p ? 'acting' : ''}">${head}</div>
      <div class="rp-hand">${cards(p, 'xs')}</div>
      ${x.placed ? `<div>${t('placed_cards')}: ${cardsHtml([x.placed], { size: 'sm' })}</div>` : ''}
      ${shown ? `<div>${t('shown_cards')}: ${cardsHtml(shown.shown, { size: 'sm' })} ${category}${points}</div>` : ''}
      ${places ? `<div><strong>${t('place_n', { n: places[p] })}</strong></div>` : ''}`;
  };
  const ranking = places
    ? `<div class="rp-result" id="rp-result">${resultHtml(
        { places, scores: s.seats.map((x) => x.points ?? 0) },
        (p) => names[p],
      )}</div>`
    : '';
  return `<div class="rp-board">${t('centre')}: ${cardsHtml(s.board, { size: 'md' })} ${preview}</div>
    ${order}${seatsRow(names, viewer, seat)}${ranking}`;
}
