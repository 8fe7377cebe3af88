// result.js — explains the end of a hand or game: each pot with its amount, winners and the
// winning hand named (in the chosen language); Saint Poker's round points and final ranking.
import { t, handName as tellHand } from './i18n.js';
import { cardsHtml } from './cards.js';
import { esc, fmtChips, once } from './ui.js';

function seatOf(w) {
  return typeof w === 'object' && w ? (w.seat ?? w.player) : w;
}

/** Pots as [{amount, winners: [seat], shares: [{seat, amount}], hand}], merging the server's
 * one-entry-per-winner list: a split pot keeps what each of its winners got. */
export function groupPots(pots) {
  if (!Array.isArray(pots)) return null;
  if (!pots.length || pots[0].winners) return pots;
  const by = new Map();
  for (const p of pots) {
    const k = p.pot ?? 0;
    if (!by.has(k)) by.set(k, { pot: k, amount: 0, winners: [], shares: [], hand: p.hand, hands: [] });
    const g = by.get(k);
    g.amount += p.amount || 0;
    if (p.seat != null && !g.winners.includes(p.seat)) g.winners.push(p.seat);
    if (p.seat != null) {
      const sh = g.shares.find((x) => x.seat === p.seat);
      if (sh) sh.amount += p.amount || 0;
      else g.shares.push({ seat: p.seat, amount: p.amount || 0 });
    }
    if (p.hand) g.hands.push(p.hand);
  }
  return [...by.values()].sort((a, b) => a.pot - b.pot);
}

/** What each winner won over all the pots, [{seat, amount}] in the order they first won. */
export function winnerTotals(pots) {
  const out = [];
  for (const p of pots || []) {
    for (const sh of p.shares ||
      (p.winners || []).map((w) => ({ seat: seatOf(w), amount: (p.amount ?? 0) / (p.winners.length || 1) }))) {
      const x = out.find((o) => o.seat === sh.seat);
      if (x) x.amount += sh.amount;
      else out.push({ ...sh });
    }
  }
  return out;
}

/** "giulia wins 2, Sara wins 2": each winner with their own amount (issue 49: a split pot read
 * as one winner of the whole). `label(seat)` is a winner's name as HTML. */
function sharesText(shares, label) {
  return shares.map((sh) => t('wins', { names: label(sh.seat), amount: fmtChips(sh.amount) })).join(', ');
}

/** The winning hand of a pot, told from the server's codes ({category, ranks}). */
function handName(p) {
  const h = p.hand?.category ? p.hand : p;
  return h?.category ? esc(tellHand(h)) : '';
}

/** One line for the felt: "ada wins 54 with Two pair" (the main pot), or ''. */
export function resultBanner(result, name, mapSeat = (s) => s) {
  const pots = groupPots(result?.pots);
  if (!Array.isArray(pots) || !pots.length) return '';
  const p = pots[0];
  const totals = winnerTotals(pots);
  const total = pots.reduce((a, x) => a + (x.amount ?? 0), 0);
  const hn = handName(p);
  const key = `banner:${JSON.stringify(result).length}:${total}:${totals.map((x) => x.seat).join()}`;
  return `<div class="result-banner ${once(key, 'pop')}"
    id="result-banner">${sharesText(totals, (s) => esc(name(mapSeat(s))))}${
      hn
        ? ` <span
    class="win-with">${t('win_with', { hand: hn })}</span>`
        : ''
    }</div>`;
}

/** HTML for a result; `name(seat)` names a seat (`table` seat numbers unless `mapSeat` given). */
export function resultHtml(result, name, mapSeat = (s) => s) {
  if (!result) return '';
  const parts = [];
  const pots = groupPots(result.pots);
  if (Array.isArray(pots)) {
    pots.forEach((p, i) => {
      const winners = (p.winners || []).map(seatOf);
      const shares = p.shares || winners.map((w) => ({ seat: w, amount: (p.amount ?? 0) / (winners.length || 1) }));
      const label = pots.length > 1 ? (i === 0 ? t('main_pot') : t('side_pot', { n: i })) : t('total_pot');
      const hn = handName(p);
      // the winning five, as the server sends them with the shown hands
      const shownBy = (Array.isArray(result.shown) ? result.shown : []).find((x) => x.seat === winners[0]);
      const cards = shownBy?.cards?.length ? shownBy.cards : null;
      const split = shares.length > 1 ? ` · <span class="split-tag">${t('split_pot')}</span>` : '';
      parts.push(`<li class="pot-result"><span class="pot-label">${label} · ${fmtChips(p.amount)}${split}</span>
        <span class="pot-win">${sharesText(shares, (s) => `<strong>${esc(name(mapSeat(s)))}</strong>`)}
        ${hn ? t('win_with', { hand: hn }) : ''}</span>
        ${
          Array.isArray(cards) && cards.length
            ? `<span
          class="mini-cards">${cardsHtml(cards, { size: 'xs' })}</span>`
            : ''
        }</li>`);
    });
  }
  const ranking = result.ranking || result.final_ranking;
  if (Array.isArray(ranking)) {
    parts.push(
      `<li><strong>${t('final_ranking')}</strong><ol class="ranking">${ranking
        .map((r) => {
          const seat = seatOf(r);
          const pts = typeof r === 'object' ? (r.points ?? r.score) : undefined;
          const place = typeof r === 'object' ? r.place : undefined;
          const points = pts != null ? ` — ${pts} ${t('points_short')}` : '';
          const chips = r && r.chips != null ? ` (${fmtChips(r.chips)})` : '';
          return `<li ${place ? `value="${place}"` : ''}>${esc(name(mapSeat(seat)))}${points}${chips}</li>`;
        })
        .join('')}</ol></li>`,
    );
  } else if (Array.isArray(result.scores) && !Array.isArray(result.places) && Array.isArray(result.winners)) {
    const sc = result.scores;
    const order = sc.map((_, i) => ({ p: 1 + sc.filter((x) => x > sc[i]).length, i })).sort((a, b) => a.p - b.p);
    parts.push(
      `<li><strong>${t('final_ranking')}</strong><ol class="ranking"
        id="final-ranking">${order
          .map(({ p, i }) => {
            const line = `${esc(name(mapSeat(i)))} — ${sc[i]} ${t('points_short')}`;
            return `<li value="${p}" class="${result.winners.includes(i) ? 'winner' : ''}">${line}</li>`;
          })
          .join('')}</ol></li>`,
    );
  } else if (Array.isArray(result.places) && Array.isArray(result.scores)) {
    const order = result.places.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
    parts.push(
      `<li><strong>${t('final_ranking')}</strong><ol class="ranking">${order
        .map(
          ({ p, i }) => `<li
        value="${p}">${esc(name(mapSeat(i)))} — ${result.scores[i]} ${t('points_short')}</li>`,
        )
        .join('')}</ol></li>`,
    );
  }
  if (!Array.isArray(pots) && Array.isArray(result.points)) {
    parts.push(`<li>${t('points')}: ${result.points.map((p, i) => `${esc(name(mapSeat(i)))} ${p}`).join(', ')}</li>`);
  }
  if (!parts.length && Array.isArray(result.winners)) {
    const winner = (w) => `<strong>${esc(name(mapSeat(seatOf(w))))}</strong>`;
    parts.push(`<li>${t('winners')}: ${result.winners.map(winner).join(', ')}</li>`);
  }
  if (!parts.length && Array.isArray(result.won)) {
    result.won.forEach((w, i) => {
      if (w > 0)
        parts.push(
          `<li>${t('wins', { names: `<strong>${esc(name(mapSeat(i)))}</strong>`, amount: fmtChips(w) })}</li>`,
        );
    });
  }
  return parts.length ? `<ul class="result-list">${parts.join('')}</ul>` : '';
}
