// felt.js — the oval green-felt table shared by Hold'em and Draw: seats around it (names,
// stacks, cards, status, the action clock), bets in front of players, the dealer button, and
// whatever the game puts in the middle.
import { t, cardName } from './i18n.js';
import { cardHtml } from './cards.js';
import { esc, fmtChips, once } from './ui.js';
import { seatCount, seatPositions, seatInfo, mySeat, compactName } from './seats.js';
import { clockRing } from './clock.js';

/**
 * opts: center (html), portrait (bool), seat(seatNo) → {cards (html), stack, bet, status (text),
 * statusTitle (its whole text, where status is short), folded, acting, winner, tag (html)};
 * button (table seat or null). An empty seat is a button where the server says a seat may be
 * chosen: "Sit here" for a spectator (`you.join_seat` is `chosen`), "Move here" for a player.
 */
const BOT_SVG =
  '<svg viewBox="0 0 24 24" width="14" height="14">' +
  '<rect x="4" y="7" width="16" height="12" rx="3" fill="currentColor"/>' +
  '<rect x="11" y="3" width="2" height="4" fill="currentColor"/>' +
  '<circle cx="9" cy="13" r="2" fill="#0e1813"/><circle cx="15" cy="13" r="2" fill="#0e1813"/></svg>';

/** A name in at most `max` characters: a room bot's "bot-6b714ccf-3" as "bot-3", then cut
 * at the end ("Bianca (exp…"); the full name goes in a title. */
export function shortName(name, max) {
  const s = compactName(name);
  if (s.length <= max) return s;
  return `${s.slice(0, max - 1)}…`;
}

/** A card on the felt (cardHtml's options); one face up only because the replayer revealed the
 * whole deal (in `unshown`) is marked so, and named "not shown at the table". */
export function feltCard(card, o, unshown) {
  if (!card || !unshown?.has(card)) return cardHtml(card, o);
  const cls = [o.cls, 'unshown'].filter(Boolean).join(' ');
  return cardHtml(card, { ...o, cls, label: `${cardName(card)} (${t('rp_unshown')})` });
}

/** What a click on an empty seat does for this viewer: `sit`, `move`, or nothing. */
function emptySeatAction(st, me) {
  const you = st.you || {};
  if (me == null) return you.join_seat === 'chosen' ? 'sit' : '';
  return you.seat_change ? '' : 'move';
}

export function feltHtml(st, opts) {
  const n = seatCount(st);
  const me = mySeat(st);
  const onEmpty = emptySeatAction(st, me);
  const pos = seatPositions(n, me ?? 0, opts.portrait);
  const seats = [];
  const bets = [];
  let button = '';
  for (const p of pos) {
    const info = seatInfo(st, p.seat);
    const d = opts.seat(p.seat) || {};
    const empty = !info?.name;
    const cls = ['seat'];
    if (empty) cls.push('empty');
    if (p.seat === me) cls.push('me');
    if (d.folded) cls.push('folded');
    if (d.acting) cls.push('acting');
    if (d.winner) cls.push('winner');
    if (info && (info.status === 'sitting_out' || info.sitting_out)) cls.push('out');
    if (p.y < 35) cls.push('top');
    const label = empty
      ? `${t('seat_n', { n: p.seat + 1 })}: ${t('empty_seat')}`
      : `${info.name}${p.seat === me ? ` (${t('you')})` : ''}`;
    seats.push(`<div class="${cls.join(' ')}" data-seat="${p.seat}" style="left:${p.x}%;top:${p.y}%" role="group"
      aria-label="${esc(label)}">
      ${
        empty
          ? emptyPlate(p.seat, onEmpty)
          : `
      <div class="seat-cards ${d.cardsClass || ''}">${d.cards || ''}</div>
      <div class="plate">
        <span class="avatar ${info.bot ? 'bot' : ''}"
          aria-hidden="true">${info.bot ? BOT_SVG : esc((info.name || '?')[0].toUpperCase())}</span>
        ${clockRing()}
        <span class="name" title="${esc(info.name)}">${esc(compactName(info.name))}</span>
        <span class="stack">${
          d.stack != null
            ? `<span
          class="sr-only">${t('stack')}: </span>${fmtChips(d.stack)}`
            : ''
        }</span>
        ${d.status ? `<span class="status" title="${esc(d.statusTitle || d.status)}">${esc(d.status)}</span>` : ''}
        ${d.tag || ''}
        <span class="clock-bar" aria-hidden="true"><span></span></span>
      </div>`
      }
    </div>`);
    if (d.bet)
      bets.push(
        `<div class="bet ${once(`${st.table}:${st.hand}:bet:${p.seat}:${d.bet}`, 'pop')}" data-seat="${p.seat}"
          style="left:${p.bx}%;top:${p.btop}" role="img"
          aria-label="${esc(info ? info.name : '')}: ${fmtChips(d.bet)}"><span class="chip-stack"
          aria-hidden="true"></span>${fmtChips(d.bet)}</div>`,
      );
    if (opts.button === p.seat)
      button = `<div class="dealer-btn" style="left:${p.dx}%;top:${p.dy}%" title="${t('button')}" role="img"
        aria-label="${t('button')}">D</div>`;
  }
  return `<div class="felt ${opts.portrait ? 'portrait' : ''}"><div class="rail"></div><div class="cloth">
    <div class="center">${opts.center || ''}</div>
    ${bets.join('')}${button}${seats.join('')}</div></div>`;
}

/** An empty seat's plate: a button to sit or move there, or a plain mark. */
function emptyPlate(seat, action) {
  if (!action) return `<div class="plate empty-plate"><span class="name">${t('empty_seat')}</span></div>`;
  const label = t(action === 'sit' ? 'sit_here' : 'move_here');
  return `<button type="button" class="plate empty-plate take-seat" data-${action}-seat="${seat}"
    id="${action}-seat-${seat}" aria-label="${esc(`${label}: ${t('seat_n', { n: seat + 1 })}`)}">
    <span class="name">${esc(label)}</span></button>`;
}

/**
 * Moves each bet its own seat would cover toward the felt's centre until it is clear. Positions
 * are percentages of the felt but a seat's width is its content's (five Draw cards, a long name)
 * and a bet's its amount's: at some window sizes a wide seat reached over its own bet. Sizes
 * and centres come from layout (offset*), not from the boxes on screen, which a bet's pop-in
 * animation scales. Run once the felt is in the page.
 */
export function clearBets(felt) {
  const GAP = 4;
  const cloth = felt.querySelector('.cloth');
  if (!cloth) return;
  const cx = cloth.clientWidth / 2;
  const cy = cloth.clientHeight / 2;
  for (const b of felt.querySelectorAll('.bet[data-seat]')) {
    const s = felt.querySelector(`.seat[data-seat="${b.dataset.seat}"]`);
    if (!s) continue;
    // both are centred on their left/top (translate(-50%, -50%))
    const bx = b.offsetLeft;
    const by = b.offsetTop;
    const reachX = (b.offsetWidth + s.offsetWidth) / 2 + GAP;
    const reachY = (b.offsetHeight + s.offsetHeight) / 2 + GAP;
    const len = Math.hypot(cx - bx, cy - by);
    if (!len) continue;
    const ux = (cx - bx) / len;
    const uy = (cy - by) / len;
    const covered = (m) =>
      Math.abs(bx + ux * m - s.offsetLeft) < reachX && Math.abs(by + uy * m - s.offsetTop) < reachY;
    let m = 0;
    while (covered(m) && m < len / 2) m += 2;
    if (m) {
      b.style.left = `calc(${b.style.left} + ${(ux * m).toFixed(1)}px)`;
      b.style.top = `calc(${b.style.top} + ${(uy * m).toFixed(1)}px)`;
    }
  }
}
