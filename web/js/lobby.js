// lobby.js — the lobby: the list of tables (filters by game and stakes), join / waiting list /
// watch, and the create-a-table form with every option of docs/protocol.md.
import { conn } from './ws.js';
import { store, subscribe } from './store.js';
import { t } from './i18n.js';
import { esc, toast, fmtChips, errorText } from './ui.js';
import { api } from './api.js';
import { joinFields } from './seedchain.js';

const filters = { game: '', stakes: '' };

// The bot levels of each game, as the room says (GET api/rules); empty until it has.
let LEVELS = {};
const SEATS = { holdem: [2, 10, 6], draw: [2, 8, 5], saint: [2, 5, 4] };

function stakesOf(tb) {
  const s = tb.stakes == null ? '' : String(tb.stakes);
  if (/^\d+$/.test(s) && tb.game === 'draw') return `${t('ante')} ${s}`;
  if (/^\d+$/.test(s) && tb.game === 'saint') return s === '0' ? t('friendly') : `${t('stake')} ${s}`;
  return s;
}

/** A rule option's value in words ("stay in the pot"), or the number. */
function ruleValue(v) {
  if (typeof v === 'number') return fmtChips(v);
  const key = `rv_${v}`;
  const s = t(key);
  return s === key ? String(v) : s;
}

/** The table's house rules (its options beyond RULES.md's defaults) as tags. */
function houseRuleTags(rules) {
  return Object.entries(rules || {})
    .map(
      ([k, v]) =>
        ` <span class="tag house-rule"
          title="${esc(t('house_rules'))}">${esc(t(`rule_${k}`))}: ${esc(ruleValue(v))}</span>`,
    )
    .join('');
}

/** The table's state in words, from the server's: playing, or what a deal still needs — never
 * "waiting" beside a table of bots that deals as soon as somebody sits down (issue 49). */
function stateText(tb) {
  if (tb.state === 'playing') return t('playing');
  if (tb.state === 'closed') return t('table_closed');
  const n = tb.needed ?? 0;
  const free = (tb.seats ?? 0) - (tb.seated ?? 0);
  if (n > free) return t('players_resting');
  return n <= 1 ? t('starts_when_you_sit') : t('needs_more', { n });
}

/** A Limit table's cap, as its table page says it ("cap: 4 bets a round (none heads-up)"). */
function capTag(tb) {
  const c = tb.limit_cap;
  if (!c) return '';
  const words = t(c.lifted_heads_up ? 'limit_cap_hu' : 'limit_cap', { n: c.max_bets });
  return ` <span class="tag limit-cap">${esc(words)}</span>`;
}

function tableRow(tb) {
  const full = tb.seated >= tb.seats;
  const betting = tb.game !== 'saint';
  const mine = store.tables.get(tb.id);
  const seatedHere = mine && mine.you && mine.you.seat != null;
  const listed = mine?.you && mine.you.seat == null ? mine.you.waiting : null;
  return `<tr data-table="${esc(tb.id)}" class="${seatedHere ? 'my-table' : ''}">
    <th scope="row"><span class="game-dot game-${esc(tb.game)}" aria-hidden="true"></span>${esc(tb.name || tb.id)}</th>
    <td>${t(tb.game)}${
      tb.structure && betting
        ? ` <span
      class="tag">${t(tb.structure) || esc(tb.structure)}</span>`
        : ''
    }</td>
    <td>${esc(stakesOf(tb))}${capTag(tb)}${houseRuleTags(tb.house_rules)}</td>
    <td>${tb.seated ?? 0}/${tb.seats ?? '?'}${
      tb.bots
        ? ` <span
      class="muted">(${tb.bots} ${t('bots')})</span>`
        : ''
    }${
      tb.min_players && tb.min_players < tb.seats
        ? ` <span
      class="muted">· ${t('needs_players', { n: tb.min_players })}</span>`
        : ''
    }</td>
    <td class="waiting-cell"><span class="cell-label">${t('waiting')}: </span>${tb.waiting || 0}</td>
    <td class="state-cell"><span class="cell-label">${t('state')}: </span>${stateText(tb)}</td>
    <td class="row-actions-cell"><div class="row-actions">
      ${
        seatedHere
          ? `<a class="btn small primary" href="#/table/${encodeURIComponent(tb.id)}">${t('open')}</a>`
          : listed != null
            ? `
      <span class="tag waitlist-pos">${t('waitlist_pos', { n: listed })}</span>
      <button class="btn small ghost" data-act="unlist">${t('leave_list')}</button>`
            : `
      ${
        betting && tb.buy_in
          ? `<span class="muted small"
        title="${t('buy_in')}">${t('buy_in')} ${fmtChips(tb.buy_in)}</span>`
          : ''
      }
      ${
        full
          ? `<button class="btn small"
        data-act="waitlist">${t('waitlist')}</button>`
          : `<button class="btn small primary"
        data-act="join">${t('join')}</button>`
      }
      <button class="btn small ghost" data-act="watch">${t('watch')}</button>`
      }
    </div></td></tr>`;
}

function createForm() {
  return `
  <details class="panel create" id="create-panel">
    <summary><h2>${t('create_table')}</h2></summary>
    <form class="form grid" id="create-form">
      <label>${t('game')} <select name="game" id="c-game">
        <option value="holdem">${t('holdem')}</option><option value="draw">${t('draw')}</option><option
          value="saint">${t('saint')}</option></select></label>
      <label>${t('table_name')} <input name="name" id="c-name" maxlength="40" placeholder="Friday NL"></label>
      <label data-for="holdem draw">${t('structure')} <select name="structure" id="c-structure">
        <option value="nl">${t('nl')}</option><option value="pl"
          data-for="holdem">${t('pl')}</option><option value="limit"
          data-for="holdem">${t('limit')}</option></select></label>
      <label data-for="holdem">${t('big_blind')} <input name="big_blind" type="number" min="1" value="2"></label>
      <label data-for="draw">${t('ante')} <input name="ante" type="number" min="1" value="5"></label>
      <label data-for="holdem draw">${t('buy_in')} <input name="buy_in" type="number" min="1" value="200"></label>
      <label data-for="holdem draw">${t('rebuy')} <input name="rebuy" type="number" min="0" value="200"></label>
      <label data-for="saint">${t('stake')} <input name="stake" type="number" min="0" value="100"></label>
      <label>${t('seats')} <input name="seats" id="c-seats" type="number" min="2" max="10" value="6"></label>
      <label>${t('bots')} <input name="bots" id="c-bots" type="number" min="0" max="9" value="5"></label>
      <label>${t('min_players')} <select name="min_players" id="c-min"></select></label>
      <label>${t('bot_level')} <select name="bot_level" id="c-level"></select></label>
      <label>${t('clock_secs')} <input name="clock_secs" type="number" min="5" max="600" value="20"></label>
      <label>${t('time_bank_secs')} <input name="time_bank_secs" type="number" min="0" max="3600" value="60"></label>
      <label class="check"><input name="spectator_chat" id="c-spectator-chat"
        type="checkbox"> ${t('spectator_chat')}</label>
      <details class="advanced-rules" id="c-rules"><summary>${t('advanced_rules')}</summary><div class="form grid"
        id="c-rules-body"></div></details>
      <p class="form-error" id="create-error" role="alert"></p>
      <div class="row"><button class="btn primary" type="submit" id="c-submit">${t('create')}</button></div>
    </form>
  </details>`;
}

/** The "advanced rules" fields, one per rule option of RULES.md as the server lists them; empty
 * means the rule's default. */
function ruleFields(options) {
  return options
    .map((o) => {
      const label = `${t(`rule_${o.name}`)}`;
      const field = o.values.length
        ? `<select name="rule_${o.name}" id="r-${o.name}"
          data-rule="${o.name}"><option value="">${t('rule_default')}</option>${o.values
            .map(
              (v) => `<option
          value="${esc(v)}">${esc(ruleValue(v))}</option>`,
            )
            .join('')}</select>`
        : `<input name="rule_${o.name}" id="r-${o.name}" data-rule="${o.name}" type="number"
          min="${o.range ? o.range[0] : 0}" max="${o.range ? o.range[1] : ''}"
          placeholder="${esc(t('rule_default'))}">`;
      return `<label data-for="${esc(o.games.join(' '))}"
        title="RULES.md ${esc(o.rules)} · ${esc(t('rule_default'))}: ${esc(o.default)}">${esc(label)} ${field}</label>`;
    })
    .join('');
}

/** The rule options set in the form: {name: value} (numbers and true/false as such). */
function readRules(form) {
  const rules = {};
  form.querySelectorAll('[data-rule]').forEach((el) => {
    if (el.disabled || el.value === '') return;
    const v = el.value;
    rules[el.dataset.rule] = el.type === 'number' ? Number(v) : v === 'true' ? true : v === 'false' ? false : v;
  });
  return rules;
}

/** The levels every game has (GET api/rules lists them first), shown first and in words. */
const MAIN_LEVELS = ['beginner', 'regular', 'strong'];

/** A bot level in words ("Regular", "Calling station"), or its id where there are none. */
export function levelName(l) {
  const key = `lv_${l}`;
  const s = t(key);
  return s === key ? l : s;
}

function syncForm(form) {
  const g = form.game.value;
  form.querySelectorAll('[data-for]').forEach((el) => {
    const on = el.dataset.for.split(' ').includes(g);
    if (el.tagName === 'OPTION') {
      el.hidden = !on;
      el.disabled = !on;
    } else {
      el.hidden = !on;
      el.querySelectorAll('input,select').forEach((i) => {
        i.disabled = !on;
      });
    }
  });
  if (g === 'draw') form.structure.value = 'nl';
  const [lo, hi, def] = SEATS[g];
  const seats = form.seats;
  seats.min = lo;
  seats.max = hi;
  if (+seats.value < lo || +seats.value > hi || form.dataset.game !== g) seats.value = def;
  // bots fill the table but for you, so that a new table deals at once (issue 49), until you
  // choose their number yourself
  form.bots.max = +seats.value - 1;
  if (form.bots.dataset.chosen !== 'yes' || +form.bots.value > +seats.value - 1)
    form.bots.value = Math.max(0, +seats.value - 1);
  // players needed to deal: the game's own number, or one you choose
  const minPrev = form.min_players.value;
  const counts = Array.from({ length: +seats.value - 1 }, (_, i) => i + 2);
  form.min_players.innerHTML = `<option value="0">${t('min_players_rule')}</option>${counts
    .map(
      (n) => `<option
    value="${n}">${n}</option>`,
    )
    .join('')}`;
  form.min_players.value = counts.includes(+minPrev) ? minPrev : '0';
  // bot levels in words: the three levels, then the bots by name
  const lv = form.bot_level;
  const prev = lv.value;
  const levels = LEVELS[g] || [];
  const main = levels.filter((l) => MAIN_LEVELS.includes(l));
  const named = levels.filter((l) => !MAIN_LEVELS.includes(l));
  const opt = (l) => `<option value="${esc(l)}">${esc(levelName(l))}</option>`;
  lv.innerHTML =
    main.map(opt).join('') +
    (named.length ? `<optgroup label="${esc(t('named_bots'))}">${named.map(opt).join('')}</optgroup>` : '');
  lv.value = levels.includes(prev) ? prev : levels.includes('regular') ? 'regular' : levels[0] || '';
  if (form.dataset.game !== g) form.clock_secs.value = g === 'saint' ? 30 : 20;
  form.dataset.game = g;
}

function readOptions(form) {
  const g = form.game.value;
  const num = (n) => Number(form[n].value);
  const o = {
    game: g,
    name: form.name.value.trim() || `${t(g)} ${Math.floor(Math.random() * 900 + 100)}`,
    seats: num('seats'),
    clock_secs: num('clock_secs'),
    time_bank_secs: num('time_bank_secs'),
    bots: num('bots'),
    min_players: num('min_players'),
    bot_level: form.bot_level.value,
    spectator_chat: form.spectator_chat.checked,
  };
  if (g === 'holdem')
    Object.assign(o, {
      structure: form.structure.value,
      big_blind: num('big_blind'),
      buy_in: num('buy_in'),
      rebuy: num('rebuy'),
    });
  if (g === 'draw')
    Object.assign(o, {
      structure: form.structure.value,
      ante: num('ante'),
      buy_in: num('buy_in'),
      rebuy: num('rebuy'),
    });
  if (g === 'saint') Object.assign(o, { stake: num('stake') });
  const rules = readRules(form);
  if (Object.keys(rules).length) o.rules = rules;
  return o;
}

export async function joinTable(id, buyIn) {
  // this player's seed chain: their part of every deal (docs/protocol.md, Provably fair dealing)
  /** @type {Record<string, unknown>} */
  const fields = { table: id, ...(await joinFields(id)) };
  if (buyIn) fields.buy_in = buyIn;
  const r = await conn.request('join', fields);
  window.dispatchEvent(new Event('tavolo:balance'));
  if (r && r.waiting != null && r.seat == null) {
    toast(t('on_waitlist', { n: r.waiting }));
    return r;
  }
  // seated: the table, where your seat shows, says it (a notice would cover its menu)
  location.hash = `#/table/${encodeURIComponent(id)}`;
  return r;
}

export function renderLobby(root) {
  root.innerHTML = `
    <div class="lobby">
      <section class="panel" aria-labelledby="tables-h">
        <div class="panel-head">
          <h1 id="tables-h">${t('tables')}</h1>
          <div class="filters" role="group" aria-label="filters">
            <label>${t('game')} <select id="f-game">
              <option value="">${t('all')}</option><option value="holdem">${t('holdem')}</option><option
                value="draw">${t('draw')}</option><option value="saint">${t('saint')}</option></select></label>
            <label>${t('stakes')} <select id="f-stakes"></select></label>
          </div>
        </div>
        <div class="table-wrap"><table class="tables" id="lobby-table">
          <thead><tr><th scope="col">${t('table')}</th><th scope="col">${t('game')}</th><th
            scope="col">${t('stakes')}</th><th scope="col">${t('players')}</th><th scope="col">${t('waiting')}</th><th
            scope="col">${t('state')}</th><th scope="col"><span class="sr-only">actions</span></th></tr></thead>
          <tbody id="lobby-body"></tbody>
        </table></div>
      </section>
      ${createForm()}
    </div>`;
  const body = root.querySelector('#lobby-body');
  const fGame = root.querySelector('#f-game');
  const fStakes = root.querySelector('#f-stakes');
  fGame.value = filters.game;
  const draw = () => {
    const all = [...store.lobby.values()];
    const stakes = [
      ...new Set(
        all
          .filter((x) => !filters.game || x.game === filters.game)
          .map(stakesOf)
          .filter(Boolean),
      ),
    ].sort();
    fStakes.innerHTML =
      `<option value="">${t('all')}</option>` +
      stakes.map((s) => `<option ${s === filters.stakes ? 'selected' : ''}>${esc(s)}</option>`).join('');
    const rows = all.filter(
      (x) => (!filters.game || x.game === filters.game) && (!filters.stakes || stakesOf(x) === filters.stakes),
    );
    body.innerHTML = rows.length
      ? rows.map(tableRow).join('')
      : `<tr><td colspan="7" class="empty">${t('no_tables')}</td></tr>`;
  };
  fGame.addEventListener('change', () => {
    filters.game = fGame.value;
    filters.stakes = '';
    draw();
  });
  fStakes.addEventListener('change', () => {
    filters.stakes = fStakes.value;
    draw();
  });
  body.addEventListener('click', async (ev) => {
    const b = ev.target.closest('button[data-act]');
    if (!b) return;
    const id = b.closest('tr').dataset.table;
    const act = b.dataset.act;
    b.disabled = true;
    try {
      if (act === 'join') {
        // the buy-in is the table's (docs/protocol.md: a different one is refused)
        await joinTable(id);
      } else if (act === 'waitlist') {
        const r = await conn.request('waitlist', { table: id });
        toast(t('on_waitlist', { n: r.waiting ?? '?' }));
      } else if (act === 'unlist') {
        await conn.request('leave', { table: id });
        // off the list: the table sends this connection nothing more
        store.tables.delete(id);
        draw();
      } else if (act === 'watch') {
        location.hash = `#/table/${encodeURIComponent(id)}`;
      }
    } catch (e) {
      toast(errorText(e), 'error');
    } finally {
      b.disabled = false;
    }
  });
  const form = root.querySelector('#create-form');
  syncForm(form);
  api
    .rules()
    .then(({ options, botLevels }) => {
      LEVELS = botLevels;
      const body = form.querySelector('#c-rules-body');
      if (body) body.innerHTML = ruleFields(options);
      syncForm(form);
    })
    .catch(() => {
      /* the form works without the advanced rules (and bots at the default level) */
    });
  form.addEventListener('input', (ev) => {
    if (ev.target.name === 'bots') form.bots.dataset.chosen = 'yes';
  });
  form.addEventListener('change', (ev) => {
    if (ev.target.name === 'bots') form.bots.dataset.chosen = 'yes';
    if (ev.target.name === 'game' || ev.target.name === 'seats') syncForm(form);
  });
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const err = form.querySelector('#create-error');
    err.textContent = '';
    try {
      const opts = readOptions(form);
      const r = await conn.request('create_table', { options: opts });
      const id = r.table || r.id;
      // one notice for one cause: the seat it gives you says the table was made
      if (id && store.user) await joinTable(id);
      else toast(`${t('create')}: ${opts.name}`, 'ok');
    } catch (e) {
      err.textContent = errorText(e);
    }
  });
  draw();
  const unsub = subscribe((what) => {
    if (what === 'lobby' || what === 'table') draw();
  });
  return () => unsub();
}
