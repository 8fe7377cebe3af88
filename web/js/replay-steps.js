/**
 * A recorded hand or game drawn step by step for the history page's replayer, from the steps
 * the server builds with the engine (GET api/history/{id}/replay), on the live table's felt and
 * with its code (felt-holdem.js, felt-draw.js, felt-saint.js; each step made a table state by
 * replay-table.js): the seats around the oval with their stacks, cards and the bets in front of
 * them, the board or centre, the pots and side pots in the middle, the button and who acts, and
 * at the last step each pot's winners and every shown hand's value. Nothing is ranked or paid
 * here.
 */

import { t } from './i18n.js';
import { cardHtml } from './cards.js';
import { esc, fmtChips } from './ui.js';
import { feltCard } from './felt.js';
import { playerNames, tellSteps } from './replay.js';
import { resultHtml } from './result.js';
import { stepTable } from './replay-table.js';
import { holdemFeltHtml } from './felt-holdem.js';
import { drawFeltHtml } from './felt-draw.js';
import { saintFeltHtml } from './felt-saint.js';

/** @typedef {import('../types/protocol').ReplayReply} ReplayReply */
/** @typedef {import('../types/protocol').ReplayStep} ReplayStep */

/** The total in the middle at a step: what is bet and in the pots; at the end, what was paid.
 * @param {ReplayStep} s */
function totalHtml(s) {
  return `<span class="pot rp-pot" id="rp-pot">${t('total_pot')}: <strong>${fmtChips(s.pot)}</strong></span>`;
}

/**
 * The replay of the server's `reply` for the history page: `steps` (the server's, each with
 * `say`, its sentence) and `draw(step, k, {reveal, all, portrait})`, the step's HTML; `all` is
 * the `reveal=all` replay, drawn (marked) where `reveal` is on; `portrait` stands the felt
 * upright (a narrow box, as at the table).
 * @param {ReplayReply} reply
 */
export function replayOf(reply) {
  const n = reply.steps[0]?.seats.length ?? reply.players.length;
  const names = playerNames(reply.players, n);
  const says = tellSteps(reply, names);
  const steps = reply.steps.map((s, k) => ({ ...s, say: says[k] }));
  // Saint Poker's turned cards flip once, as at the table
  const seen = new Set();
  /** @param {ReplayStep & {say: string}} s @param {number} k
   * @param {{reveal?: boolean, all?: ReplayReply | null, portrait?: boolean}} o */
  const draw = (s, k, { reveal = false, all = null, portrait = false } = {}) => {
    const { st, unshown, cards } = stepTable(reply, names, k, { reveal, all });
    const say = `<div class="rp-note"><strong id="rp-say">${esc(s.say)}</strong>${
      reply.game === 'saint' ? '' : ` ${totalHtml(s)}`
    }</div>`;
    if (reply.game === 'saint') return say + saintHtml(st, s, names, cards, unshown, seen);
    const felt = (reply.game === 'draw' ? drawFeltHtml : holdemFeltHtml)(st, { portrait, unshown, own: true });
    const result = st.result ? resultHtml(st.result, (p) => names[p]) : '';
    return `${say}<div class="felt-wrap rp-felt" id="rp-felt">${felt}</div>
      ${result ? `<div class="rp-result" id="rp-result">${result}</div>` : ''}`;
  };
  return { steps, draw };
}

/** A Saint Poker step on the table's felt: the players with their points, placed and shown
 * cards, the centre or the pool, the preview and the draft; the viewer's hand fanned out below
 * it as at the table, another player's only where the whole deal is revealed; at the end the
 * places and points.
 * @param {any} st @param {ReplayStep} s @param {string[]} names @param {(string | null)[][]} cards
 * @param {Set<string>} unshown @param {Set<string>} seen */
function saintHtml(st, s, names, cards, unshown, seen) {
  const mi = st.you.seat ?? -1;
  const revealed = (i) =>
    i !== mi && cards[i].some((c) => unshown.has(c))
      ? cards[i].map((c) => feltCard(c, { size: 'xs' }, unshown)).join('')
      : '';
  const felt = saintFeltHtml(st, { mi, seen, handOf: revealed });
  const hand = mi >= 0 ? cards[mi] : [];
  const fan = hand.length
    ? `<div class="mine rp-mine"><div class="fan" role="group" aria-label="${t('your_hand')}" style="--n:${hand.length}"
      id="rp-hand">${hand.map((c, i) => cardHtml(c, { size: 'lg', attrs: `style="--i:${i}"` })).join('')}</div></div>`
    : '';
  const places = s.result?.places;
  const ranking = places
    ? `<div class="rp-result" id="rp-result">${resultHtml(
        { places, scores: s.seats.map((x) => x.points ?? 0) },
        (p) => names[p],
      )}</div>`
    : '';
  return `<div class="rp-saint" id="rp-felt">${felt}</div>${fan}${ranking}`;
}
