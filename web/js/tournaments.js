// tournaments.js — the tournaments (docs/protocol.md "Tournaments"; RULES.md §5): the list
// (/api/tournaments) with the form for a new sit-and-go, and one tournament
// (/api/tournaments/ID): its game, its level and blinds (Draw: its ante), players left of
// entrants, the average stack, the prize pool and places paid (after a deal, what it kept back
// to play for), the prizes, the standings, and the player's own table, place, prize and
// notices, with Register / Unregister, and Rebuy / Add-on when the room says the player may; a
// deal at the final table (deal.js); a scheduled tournament's start and options; the time to
// the next level and the break, counted from the room's clock. A Swiss event of Saint Poker
// (free) shows its round of rounds, its standings with the tie-break columns and each round's
// tables instead of levels, chips and prizes. The room computes all of it; the page asks again
// every two seconds while it is open.
// `followTournaments` takes a player moved to another table there, with a notice of the table
// and seat (a Swiss event's player: to each new round's table).
import { api } from './api.js';
import { t } from './i18n.js';
import { esc, fmtChips, toast, notice, errorText } from './ui.js';
import { dealHtml, dealClick, dealTyping } from './deal.js';
import { store } from './store.js';

const POLL_MS = 2000;
/** The tournaments this browser registered in (followed for table moves). */
const MINE = 'tavolo.tournaments';

function mine() {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(MINE) || '[]'));
  } catch {
    return new Set();
  }
}
function remember(id, on) {
  const s = mine();
  if (on) s.add(id);
  else s.delete(id);
  sessionStorage.setItem(MINE, JSON.stringify([...s]));
}

const statusText = (s) => t(`t_status_${s}`);
const link = (id) => `#/tournaments/${encodeURIComponent(id)}`;
const tableLink = (id) => `#/table/${encodeURIComponent(id)}`;

/** A Swiss event's round: "2 of 4" (or the round alone while the number is not known). */
const roundText = (l) =>
  l.round == null ? '—' : l.rounds != null ? t('t_round_of', { round: l.round, rounds: l.rounds }) : String(l.round);

function lineRow(l) {
  const gtd = l.guarantee ? ` <small>${t('t_gtd', { amount: fmtChips(l.guarantee) })}</small>` : '';
  const swiss = l.game === 'saint';
  const round = swiss && l.round != null ? ` · ${t('t_round')} ${esc(roundText(l))}` : '';
  const price = swiss ? t('t_free') : `${fmtChips(l.entry)} + ${fmtChips(l.fee)}`;
  return `<tr data-tournament="${esc(l.id)}"><td><a href="${link(l.id)}">${esc(l.name)}</a>${gtd}</td>
    <td class="game-${esc(l.game)}">${esc(t(l.game))}</td>
    <td>${price}</td><td>${l.entrants} / ${l.players || '—'}</td>
    <td>${esc(swiss ? t('t_swiss') : t(`t_speed_${l.speed}`))}${
      l.hands_per_level ? ` · ${esc(t('t_hands_levels', { n: l.hands_per_level }))}` : ''
    }</td><td>${statusText(l.status)}${round}${
      l.starts_at != null && l.status === 'registering' ? ` · ${esc(when(l.starts_at))}` : ''
    }</td></tr>`;
}

/** A time the room gives (ms since the Unix epoch) in the reader's words. */
const when = (ms) => new Date(ms).toLocaleString();

/** A tournament's options: late registration, re-entry, rebuys, the add-on (or none). */
function options(l) {
  const o = [];
  if (l.late_until_level) o.push(t('t_late_until', { level: l.late_until_level }));
  if (l.re_entry) o.push(t('t_re_entry'));
  if (l.rebuys) o.push(t('t_rebuy'));
  if (l.add_on) o.push(`${t('t_add_on')} ${fmtChips(l.add_on.chips)} / ${fmtChips(l.add_on.price)}`);
  return o.length ? esc(o.join(', ')) : null;
}

function newForm() {
  const speeds = ['turbo', 'regular', 'hyper'].map((s) => `<option value="${s}">${t(`t_speed_${s}`)}</option>`);
  const levels = ['beginner', 'regular', 'strong'].map((s) => `<option value="${s}">${t(`lv_${s}`)}</option>`);
  const games = ['holdem', 'draw', 'saint'].map((g) => `<option value="${g}">${t(g)}</option>`);
  return `<section class="panel" aria-labelledby="sng-h"><h2 id="sng-h">${t('t_new_sng')}</h2>
    <form id="sng-form" class="create-form">
      <label>${t('name')} <input name="name" maxlength="40"></label>
      <label>${t('game')} <select name="game">${games.join('')}</select></label>
      <label>${t('players')} <input name="players" type="number" min="2" max="1000" value="6" required></label>
      <label>${t('seats')} <input name="seats" type="number" min="2" max="10" value="6" required></label>
      <label>${t('t_entry')} <input name="entry" type="number" min="1" value="100" required></label>
      <label>${t('t_fee')} <input name="fee" type="number" min="0" value="10" required></label>
      <label>${t('t_speed')} <select name="speed">${speeds.join('')}</select></label>
      <label hidden>${t('t_rounds')} <input name="rounds" type="number" min="1" max="20" placeholder="auto"></label>
      <label>${t('t_hands_per_level')} <input name="hands_per_level" type="number" min="1" max="1000"></label>
      <label>${t('bots')} <input name="bots" type="number" min="0" max="89" value="5"></label>
      <label>${t('bot_level')} <select name="bot_level">${levels.join('')}</select></label>
      <button class="btn" id="sng-create">${t('create')}</button>
      <p class="error" id="sng-error" role="alert"></p>
    </form></section>`;
}

/** The list of tournaments and the form for a new sit-and-go; `id`: one tournament instead. */
export function renderTournaments(root, id) {
  if (id) return renderOne(root, id);
  root.innerHTML = `<div class="lobby"><section class="panel" aria-labelledby="tourn-h">
      <div class="panel-head"><h1 id="tourn-h">${t('tournaments')}</h1></div>
      <div class="table-wrap"><table class="tables" id="tourn-table"><thead><tr>
        <th scope="col">${t('tournament')}</th><th scope="col">${t('game')}</th>
        <th scope="col">${t('t_buy_in')}</th>
        <th scope="col">${t('t_entrants')}</th><th scope="col">${t('t_speed')}</th>
        <th scope="col">${t('state')}</th></tr></thead><tbody id="tourn-body"></tbody></table></div>
    </section>${newForm()}</div>`;
  const body = root.querySelector('#tourn-body');
  const draw = async () => {
    try {
      const lines = await api.tournaments();
      body.innerHTML = lines.length
        ? lines.map(lineRow).join('')
        : `<tr><td colspan="6" class="empty">${t('t_none')}</td></tr>`;
    } catch (e) {
      body.innerHTML = `<tr><td colspan="6" class="empty">${esc(errorText(e))}</td></tr>`;
    }
  };
  const form = root.querySelector('#sng-form');
  // A Draw table seats 2 to 8 (RULES.md §3), a Hold'em one 2 to 10; a Swiss event of Saint
  // Poker is free, its tables seated by the rules (RULES.md §5), its rounds set or not.
  form.game.addEventListener('change', () => {
    const most = form.game.value === 'draw' ? 8 : 10;
    form.seats.max = String(most);
    if (Number(form.seats.value) > most) form.seats.value = String(most);
    const swiss = form.game.value === 'saint';
    for (const k of ['seats', 'entry', 'fee', 'speed', 'hands_per_level']) form[k].closest('label').hidden = swiss;
    form.rounds.closest('label').hidden = !swiss;
  });
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const err = form.querySelector('#sng-error');
    err.textContent = '';
    const n = (k) => Number(form[k].value);
    const swiss = form.game.value === 'saint';
    const priced = {
      seats: n('seats'),
      entry: n('entry'),
      fee: n('fee'),
      speed: form.speed.value,
      hands_per_level: form.hands_per_level.value ? n('hands_per_level') : null,
    };
    try {
      const made = await api.createSitAndGo({
        name: form.name.value.trim() || null,
        game: form.game.value,
        players: n('players'),
        ...(swiss ? { rounds: form.rounds.value ? n('rounds') : null } : priced),
        bots: n('bots'),
        bot_level: form.bot_level.value,
      });
      location.hash = link(made.id);
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  draw();
  const timer = setInterval(draw, POLL_MS);
  return () => clearInterval(timer);
}

/** `ms` as m:ss (h:mm:ss from an hour), never below zero. */
export function countdown(ms) {
  const all = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(all / 3600);
  const m = Math.floor((all % 3600) / 60);
  const s = String(all % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A level's blinds as text: "50/100 (ante 100)"; a Draw level, which has no blinds, its ante:
 * "Ante 25". `l` has small_blind, big_blind, ante. */
export function blindsText(l) {
  if (!l?.big_blind && l?.ante) return `${t('ante')} ${fmtChips(l.ante)}`;
  if (l?.big_blind == null) return '—';
  return `${fmtChips(l.small_blind)}/${fmtChips(l.big_blind)}${l.ante ? ` (${t('ante')} ${fmtChips(l.ante)})` : ''}`;
}

/** The clock of tournament line `l` at the room's time `now`: the next level and when it
 * begins, and the break (taken now, or after this level) — `null` for what does not apply. */
export function clockText(l, now) {
  const next =
    l.next_level && l.level_ends_ms != null
      ? t('t_next_in', { blinds: blindsText(l.next_level), time: countdown(l.level_ends_ms - now) })
      : l.next_level
        ? blindsText(l.next_level)
        : null;
  const pause =
    l.break_ends_ms != null
      ? t('t_on_break', { time: countdown(l.break_ends_ms - now) })
      : l.break_next_minutes != null
        ? t('t_break_after', { min: l.break_next_minutes })
        : null;
  return { next, pause };
}

/** The facts of a Swiss event's line `l`: its game, state, round of rounds, players. */
function swissFacts(l) {
  const row = (k, v) => `<div><dt>${t(k)}</dt><dd>${v}</dd></div>`;
  return `<dl class="facts" id="t-facts">
    ${row('game', `<span id="t-game">${esc(t(l.game))}</span> · ${t('t_swiss')}`)}
    ${row('state', `<span id="t-status">${statusText(l.status)}</span>`)}
    ${row('t_round', `<span id="t-round">${esc(roundText(l))}</span>`)}
    ${row('t_left', `${l.left} / ${l.entrants}`)}${row('t_buy_in', t('t_free'))}</dl>`;
}

/** A deal's prize money kept back, `amount`, played for: the winner's (the room's figure). */
const keptBack = (amount) => t('t_kept_back_for', { amount: fmtChips(amount) });

/** The facts of line `l`, its clock counted at the room's time `now`. */
function facts(l, now) {
  if (l.game === 'saint') return swissFacts(l);
  const row = (k, v) => `<div><dt>${t(k)}</dt><dd>${v}</dd></div>`;
  const clock = clockText(l, now);
  // A Draw level is an ante alone (also the minimum bet): the room sends no blinds for it.
  const stakes =
    l.game === 'draw' ? row('ante', l.ante != null ? fmtChips(l.ante) : '—') : row('t_blinds', blindsText(l));
  const extra = options(l);
  return `<dl class="facts" id="t-facts">
    ${row('game', `<span id="t-game">${esc(t(l.game))}</span>`)}
    ${row('state', `<span id="t-status">${statusText(l.status)}</span>`)}
    ${l.starts_at != null ? row('t_starts', `<span id="t-starts">${esc(when(l.starts_at))}</span>`) : ''}
    ${row('t_level', l.level ?? '—')}${stakes}
    ${clock.next ? row('t_next_level', `<span id="t-next-level">${esc(clock.next)}</span>`) : ''}
    ${clock.pause ? row('t_break', `<span id="t-break">${esc(clock.pause)}</span>`) : ''}
    ${row('t_left', `${l.left} / ${l.entrants}`)}
    ${row('t_average', l.average_stack != null ? fmtChips(l.average_stack) : '—')}
    ${row('t_pool', fmtChips(l.prize_pool))}${row('t_paid', l.places_paid || '—')}
    ${l.guarantee ? row('t_guarantee', t('t_gtd', { amount: fmtChips(l.guarantee) })) : ''}
    ${l.overlay ? row('t_overlay', fmtChips(l.overlay)) : ''}
    ${l.kept_back ? row('t_kept_back', `<span id="t-kept-back">${esc(keptBack(l.kept_back))}</span>`) : ''}
    ${row('t_buy_in', `${fmtChips(l.entry)} + ${fmtChips(l.fee)}`)}
    ${row('t_start_stack', fmtChips(l.starting_stack))}${extra ? row('t_options', extra) : ''}</dl>`;
}

function mePanel(d) {
  const me = d.me;
  if (!me) return '';
  const l = d.tournament;
  const buttons = me.registered
    ? l.status === 'registering'
      ? `<button class="btn ghost" id="t-unregister">${t('t_unregister')}</button>`
      : ''
    : l.status === 'registering'
      ? `<button class="btn" id="t-register">${t('t_register')}</button>`
      : '';
  const buys =
    (me.may_rebuy ? `<button class="btn" id="t-rebuy">${t('t_rebuy')}</button>` : '') +
    (me.may_add_on ? `<button class="btn" id="t-addon">${t('t_add_on')}</button>` : '');
  const where = me.table
    ? `<p id="t-my-table"><a class="btn" href="${tableLink(me.table)}">${t('go_to_table')}</a></p>`
    : '';
  const place =
    me.place != null
      ? `<p id="t-my-place">${t('t_your_place', { place: me.place })}${
          me.prize != null ? ` — ${t('t_your_prize', { prize: fmtChips(me.prize) })}` : ''
        }</p>`
      : '';
  const notices = (me.notices || []).map((n) => `<li>${esc(noticeText(n))}</li>`).join('');
  return `<section class="panel" aria-labelledby="t-me-h"><h2 id="t-me-h">${t('t_you')}</h2>
    ${buttons}${buys}${where}${place}${dealHtml(d, d.now_ms)}
    <ul id="t-notices" class="notices">${notices}</ul></section>`;
}

/** A point count the room gives (a shared place's average may be a fraction). */
const pts = (x) => String(Math.round(x * 100) / 100);

/** A Swiss event's standings (points, then the tie-breaks' columns) and each round's tables. */
function swissStandings(s) {
  const rows = s.standings
    .map(
      (e) => `<tr${e.eliminated ? ' class="out"' : ''}><td>${e.place}</td><td>${esc(e.name)}</td>
      <td>${pts(e.points)}</td><td>${e.saint}</td><td>${pts(e.opponents)}</td></tr>`,
    )
    .join('');
  const table = (x) => {
    const who = x.players
      .map((p, i) => {
        const score = x.saint ? ` ${x.saint[i]}` : '';
        const away = x.absent.includes(p) ? ` (${t('t_absent')})` : '';
        return `${esc(p)}${score}${away}`;
      })
      .join(', ');
    const open = x.id ? ` <a href="${tableLink(x.id)}">${t('go_to_table')}</a>` : '';
    return `<li>${t('t_round')} ${x.round} · ${t('table')} ${x.table}: ${who}${open}</li>`;
  };
  return `<section class="panel" aria-labelledby="t-st-h"><h2 id="t-st-h">${t('t_standings')}</h2>
    <div class="table-wrap"><table class="tables" id="t-swiss-standings"><thead><tr><th scope="col">#</th>
      <th scope="col">${t('t_player')}</th><th scope="col">${t('t_points')}</th>
      <th scope="col">${t('t_saint_points')}</th><th scope="col">${t('t_opp_points')}</th>
    </tr></thead><tbody>${rows}</tbody></table></div>
    <h2>${t('t_round_tables')}</h2><ul id="t-swiss-tables">${s.tables.map(table).join('')}</ul></section>`;
}

/** A notice the room gives as a key and its arguments (docs/protocol.md), in the reader's words. */
function noticeText(n) {
  const a = { ...(n.args || {}) };
  for (const k of ['amount', 'stack', 'prize', 'share', 'keep_back']) if (a[k] != null) a[k] = fmtChips(a[k]);
  if (a.kind) a.kind = t(a.kind === 'chop' ? 't_deal_chop' : 't_deal_icm');
  if (n.key === 'refused') return t('tn_refused', { why: errorText({ code: a.code, message: a.message }) });
  if (n.key === 'busted') {
    const shared = a.tied > 1 ? ` ${t('tn_shared', { tied: a.tied })}` : '';
    const prize = a.prize != null ? ` ${t('tn_with_prize', { prize: a.prize })}` : '';
    return `${t('tn_busted', { place: a.place })}${shared}${prize}`;
  }
  const key = `tn_${n.key}`;
  const said = t(key, a);
  if (said === key) return n.text;
  // A deal keeping money back says so.
  return a.keep_back != null ? `${said} ${t('tn_deal_keeps', a)}` : said;
}

function standings(d) {
  if (d.swiss?.standings.length) return swissStandings(d.swiss);
  const rows = (d.entrants || [])
    .map(
      (e, i) => `<tr><td>${e.place ?? i + 1}</td><td>${esc(e.name)}</td><td>${fmtChips(e.stack)}</td>
      <td>${e.prize != null ? fmtChips(e.prize) : ''}</td></tr>`,
    )
    .join('');
  const prizes = (d.prizes || []).map((p) => `<li>${fmtChips(p)}</li>`).join('');
  return `<section class="panel" aria-labelledby="t-st-h"><h2 id="t-st-h">${t('t_standings')}</h2>
    ${prizes ? `<ol class="prizes" id="t-prizes" aria-label="${t('t_prizes')}">${prizes}</ol>` : ''}
    <div class="table-wrap"><table class="tables" id="t-standings"><thead><tr><th scope="col">#</th>
      <th scope="col">${t('t_player')}</th><th scope="col">${t('chips')}</th><th scope="col">${t('t_prize')}</th>
    </tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

function renderOne(root, id) {
  root.innerHTML = `<div class="lobby" id="tournament" data-tournament="${esc(id)}">
    <p><a href="#/tournaments">← ${t('tournaments')}</a></p><div id="t-body"></div></div>`;
  const box = root.querySelector('#t-body');
  let last = '';
  const draw = async () => {
    let d;
    try {
      d = await api.tournament(id);
    } catch (e) {
      box.innerHTML = `<p class="empty">${esc(errorText(e))}</p>`;
      return;
    }
    if (d.me?.registered) remember(id, d.tournament.status === 'registering' || d.tournament.status === 'running');
    const html = `<section class="panel"><h1>${esc(d.tournament.name)}</h1>${facts(d.tournament, d.now_ms)}</section>
      ${mePanel(d)}${standings(d)}`;
    if (html !== last && !dealTyping(box)) {
      last = html;
      box.innerHTML = html;
    }
  };
  box.addEventListener('click', async (ev) => {
    if (
      await dealClick(ev, id, () => {
        last = '';
        draw();
      })
    )
      return;
    const b = ev.target.closest('#t-register, #t-unregister, #t-rebuy, #t-addon');
    if (!b) return;
    b.disabled = true;
    const what = b.id.slice(2); // register, unregister, rebuy, addon
    const done = { register: 't_registered', unregister: 't_unregistered', rebuy: 't_rebought', addon: 't_added_on' };
    try {
      const r = await api.tournamentIntent(id, what);
      if (what === 'register' || what === 'unregister') remember(id, what === 'register');
      window.dispatchEvent(new Event('tavolo:balance'));
      toast(t(r.result === 'pending' ? 't_pending' : done[what]), 'ok');
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      last = '';
      draw();
    }
  });
  draw();
  const timer = setInterval(draw, POLL_MS);
  return () => clearInterval(timer);
}

/** Where tournament `d` moved this browser's player, as its latest move notice says ("E2E:
 * Moved to table 1, seat 4."); without one, that they were moved. */
function movedText(d) {
  const n = (d.me?.notices || []).findLast((x) => x.key === 'moved');
  return n ? `${d.tournament.name}: ${noticeText(n)}` : t('t_moved', { name: d.tournament.name });
}

/** Follows the tournaments this browser registered in: a player moved to another table is told,
 * and taken there if they were looking at the table they left (or it closed under them: a Swiss
 * event's round is over, and its table with it). Returns a stop function. */
export function followTournaments() {
  const tables = new Map();
  /** The last table each tournament sat this browser's player at (a Swiss event's round). */
  const played = new Map();
  /** Whether the page shows table `left` of tournament `id`, or showed it as it closed. */
  const showing = (id, left) =>
    location.hash === tableLink(left) || (store.closedUnder === left && location.hash === link(id));
  const look = async () => {
    for (const id of mine()) {
      let d;
      try {
        d = await api.tournament(id);
      } catch {
        continue;
      }
      const now = d.me?.table || null;
      const before = tables.get(id);
      tables.set(id, now);
      const last = played.get(id);
      if (now) played.set(id, now);
      const over = d.tournament.status === 'finished' || d.tournament.status === 'cancelled';
      if (over || (d.me && !d.me.registered)) remember(id, false);
      // Another table than the last: moved, or a Swiss event's next round (after none between
      // the rounds, or at once when the round's last game ended at the player's table).
      const left = before || last;
      if (now && left && now !== left) {
        const round = d.tournament.structure === 'swiss';
        const watching = showing(id, left);
        notice(
          round ? t('t_next_round', { name: d.tournament.name }) : movedText(d),
          watching ? null : { label: t('go_to_table'), href: tableLink(now) },
        );
        if (watching) location.hash = tableLink(now);
      } else if (before && !now && d.me?.place != null) {
        notice(t('t_out', { place: d.me.place }), { label: t('t_results'), href: link(id) });
      }
    }
  };
  const timer = setInterval(look, POLL_MS);
  return () => clearInterval(timer);
}
