// felt-saint.js — a Saint Poker game drawn on its felt from a table state (the live table's, or
// one the replayer makes of a replay step): the round and phase, each player with their points,
// placed and shown cards and the hand those make (its points), the centre or the draft's pool,
// the preview, and the draft's order. One drawing for both, so the replay looks like the table.
import { t, handName, word } from './i18n.js';
import { cardHtml, cardsHtml } from './cards.js';
import { esc } from './ui.js';
import { handSeats, seatName, compactName } from './seats.js';

/** @typedef {import('../types/protocol').SaintView} SaintView */
/** @typedef {import('../types/protocol').RevealedHand} RevealedHand */
/** The Saint Poker view the felt reads: the engine's (`SaintView`), whole at the live table, in
 * part in the replayer (each shown pair with the hand it made and its points; its category the
 * engine's code as the replay's steps write it).
 * @typedef {Pick<RevealedHand, 'ranks' | 'points'> & {cards: string[], category: string}} ShownPair
 * @typedef {Partial<Omit<SaintView, 'shown'>> & {shown?: (ShownPair | null)[]}} SaintFeltView */

/** The players' boxes; `seenReveal` keeps the placed and shown cards already turned (they flip
 * once); `handOf(i)`, where given, draws a player's hand in place of its count.
 * @param {any} st @param {SaintFeltView} v @param {number[]} map @param {number} mi
 * @param {Set<string>} seenReveal @param {((i: number) => string) | undefined} handOf */
function playersHtml(st, v, map, mi, seenReveal, handOf) {
  const n = map.length;
  const placed = v.placed || [];
  const shown = v.shown || [];
  const key = `${st.hand}:${v.round}`;
  const out = [];
  for (let i = 0; i < n; i++) {
    const seat = map[i];
    const isMe = i === mi;
    const acting = v.phase === 'draft' && v.to_pick === i;
    const win = (v.winners || []).includes(i) && v.phase === 'over';
    const pk = `p:${key}:${i}`;
    const sk = `s:${key}:${i}`;
    const flipP = placed[i] && !seenReveal.has(pk);
    const flipS = shown[i] && !seenReveal.has(sk);
    const h = shown[i];
    const state = `${isMe ? 'me' : ''} ${acting ? 'acting' : ''} ${win ? 'winner' : ''} ${h?.points ? 'scored' : ''}`;
    const slot = '<span class="card card-sm slot" aria-hidden="true"></span>';
    const placedCard = placed[i] ? cardHtml(placed[i], { size: 'sm', cls: flipP ? 'flip' : '' }) : slot;
    const shownCards = h ? cardsHtml(h.cards, { size: 'sm', cls: flipS ? 'flip' : '' }) : slot + slot;
    out.push(`<div class="splayer ${state}"
      data-seat="${seat}" role="group" aria-label="${esc(seatName(st, seat))}">
      <div class="sp-head"><span class="name"
        title="${esc(seatName(st, seat))}">${esc(compactName(seatName(st, seat)))}${
          isMe
            ? ` <span
        class="muted">(${t('you')})</span>`
            : ''
        }</span>
        <span class="score" role="group" aria-label="${t('points')}">${(v.scores || [])[i] ?? 0}</span></div>
      <div class="sp-sub muted">${handOf?.(i) || t('cards_in_hand', { n: (v.hand_sizes || [])[i] ?? '?' })}</div>
      <div class="sp-cards">
        <span class="sp-placed" role="group"
          aria-label="${t('placed_cards')}">${placedCard}</span>
        <span class="sp-shown" role="group"
          aria-label="${t('shown_cards')}">${shownCards}</span>
      </div>
      ${
        h
          ? `<div class="sp-hand">${esc(handName(h))}${
              h.points
                ? ` <span
        class="pts">+${h.points}</span>`
                : ''
            }</div>`
          : '<div class="sp-hand muted">&nbsp;</div>'
      }
      <span class="clock-bar" aria-hidden="true"><span></span></span>
    </div>`);
    if (placed[i]) seenReveal.add(pk);
    if (h) seenReveal.add(sk);
  }
  return out.join('');
}

/** The draft's order, with each player's picks so far.
 * @param {any} st @param {SaintFeltView} v @param {number[]} map */
function draftHtml(st, v, map) {
  if (!v.draft_order?.length || v.phase !== 'draft') return '';
  const picks = v.picks || [];
  const n = map.length;
  return `<div class="draft-order" id="draft-order"><span class="lbl">${t('draft_order')}:</span>
    <ol>${v.draft_order
      .map((p, k) => {
        const mine = [picks[k], picks[k + n]].filter(Boolean).map((x) => x.card);
        const who = esc(seatName(st, map[p]));
        return `<li class="${v.to_pick === p ? 'now' : ''}">${who} ${cardsHtml(mine, { size: 'xs' })}</li>`;
      })
      .join('')}</ol></div>`;
}

// The end of a game: the ranking, every round's points, who won the stakes; "Play again" puts
// the player in the next game (the server takes the stake only then), "Back to lobby" leaves.
/**
 * The Saint Poker felt of table state `st`. opts: mi (the viewer's player, -1 for none), seen
 * (the cards already turned, kept across draws), handOf (a player's hand drawn, the replayer's).
 * @param {any} st @param {{mi: number, seen: Set<string>, handOf?: (i: number) => string}} opts
 */
export function saintFeltHtml(st, opts) {
  const v = /** @type {SaintFeltView} */ (st.view || {});
  const map = handSeats(st);
  const mi = opts.mi;
  const phase = v.phase;
  const myTurnPick = phase === 'draft' && v.to_pick === mi && mi >= 0;
  const centre = v.centre || [];
  const pool = v.pool || [];
  const picker = v.to_pick != null ? ` — ${t('to_pick', { name: esc(seatName(st, map[v.to_pick])) })}` : '';
  const pickNote = myTurnPick ? ` — <strong>${t('you_pick')}</strong>` : picker;
  const centreBlock =
    phase === 'draft'
      ? `<div class="zone pool-zone"><div class="zone-label">${t('pool')}${pickNote}</div>
       <div class="zone-cards"
         id="pool">${pool
           .map((c, i) =>
             cardHtml(c, {
               size: 'md',
               button: myTurnPick,
               attrs: `data-pick="${c}"
         data-pi="${i + 1}"`,
             }),
           )
           .join('')}</div></div>`
      : `<div class="zone centre-zone"><div class="zone-label">${t('centre')}</div><div class="zone-cards"
        id="centre">${cardsHtml(centre, { size: 'md' })}</div></div>`;
  return `<div class="saint-felt">
    <div class="saint-top"><span class="round-badge">${v.round ? t('round', { n: v.round }) : ''}</span><span
      class="phase">${phase ? word('phases', phase) : ''}</span>
      ${v.draw_pile != null ? `<span class="muted">${t('draw_pile')}: ${v.draw_pile}</span>` : ''}</div>
    <div class="splayers" style="--n:${map.length}">${playersHtml(st, v, map, mi, opts.seen, opts.handOf)}</div>
    <div class="saint-middle">${centreBlock}
      ${
        (v.preview || []).length
          ? `<div class="zone preview-zone"><div class="zone-label">${t('preview')}</div><div
        class="zone-cards" id="preview">${cardsHtml(v.preview, { size: 'sm' })}</div></div>`
          : ''
      }
    </div>
    ${draftHtml(st, v, map)}
  </div>`;
}
