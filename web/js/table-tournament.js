// table-tournament.js — the bar above a tournament table's felt (RULES.md §5; docs/protocol.md
// "Tournaments"): the level and its blinds, the next level and the time to it, the break, the
// players left of the entrants, the average stack, the prize pool and the places paid, and a deal
// at the final table (deal.js: propose, the figures, accept or decline, the time left). The room
// computes all of it (/api/tournaments/ID, asked again every two seconds while the page is
// open); the time left is counted each second from the room's clock (`now_ms`), not the
// browser's.
import { api } from './api.js';
import { t } from './i18n.js';
import { esc, fmtChips } from './ui.js';
import { blindsText, clockText } from './tournaments.js';
import { dealHtml, dealClick, dealTyping } from './deal.js';

const POLL_MS = 2000;

/** The bar's items for tournament detail `d` at the room's time `now`. */
function barHtml(d, now) {
  const l = d.tournament;
  const clock = clockText(l, now);
  const item = (k, v, id) => `<span class="tb-item"${id ? ` id="${id}"` : ''}><b>${t(k)}</b> ${v}</span>`;
  return [
    `<a class="tb-name" href="#/tournaments/${encodeURIComponent(l.id)}">${esc(l.name)}</a>`,
    item('t_level', `${l.level ?? '—'} · ${blindsText(l)}`, 'tb-level'),
    clock.next ? item('t_next_level', esc(clock.next), 'tb-next') : '',
    clock.pause ? item('t_break', esc(clock.pause), 'tb-break') : '',
    item('t_left', `${l.left} / ${l.entrants}`, 'tb-left'),
    item('t_average', l.average_stack != null ? fmtChips(l.average_stack) : '—'),
    item('t_pool', fmtChips(l.prize_pool), 'tb-pool'),
    item('t_paid', l.places_paid || '—', 'tb-paid'),
    dealHtml(d, now),
  ].join('');
}

/** Keeps `box` showing the tournament of the table page, if `tournamentOf()` names one (the
 * table state's `tournament.tournament`); hidden otherwise. Returns a stop function. */
export function mountTournamentBar(box, tournamentOf) {
  let d = null;
  let offset = 0; // the room's clock less the browser's
  let asking = false;
  const draw = () => {
    box.hidden = !d;
    if (!d) return;
    const html = barHtml(d, Date.now() + offset);
    if (box.dataset.html !== html && !dealTyping(box)) {
      box.innerHTML = html;
      box.dataset.html = html;
    }
  };
  const poll = async () => {
    const id = tournamentOf();
    if (!id) {
      d = null;
      draw();
      return;
    }
    if (asking) return;
    asking = true;
    try {
      const got = await api.tournament(id);
      offset = got.now_ms - Date.now();
      d = got;
    } catch {
      // keep the last one shown; the next poll asks again
    } finally {
      asking = false;
    }
    draw();
  };
  box.addEventListener('click', (ev) => {
    const id = tournamentOf();
    if (id) dealClick(ev, id, poll);
  });
  const polling = setInterval(poll, POLL_MS);
  const ticking = setInterval(draw, 1000);
  poll();
  return () => {
    clearInterval(polling);
    clearInterval(ticking);
  };
}
