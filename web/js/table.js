// table.js — the table page shared by the three games: header with the table menu (sit out / in,
// change seat, leave with a confirmation, watch) and rebuy, the status line, the action clock
// (a ring at the acting seat and at your actions, a warning sound when yours runs low), the
// hand log and the result; the play area (felt, your cards, actions) fits the window and the
// side panel goes beside it or below it. The game module (table-holdem.js, table-draw.js,
// table-saint.js) draws the felt and actions; table-head.js the tags and the viewer's controls.
import { conn } from './ws.js';
import { store, subscribe } from './store.js';
import { t, word } from './i18n.js';
import { esc, announce, typing, fmtChips, labelGroups, errorText, showNotice } from './ui.js';
import { sounds } from './sound.js';
import { mountHoldem } from './table-holdem.js';
import { mountDraw } from './table-draw.js';
import { mountSaint } from './table-saint.js';
import { describeEvents } from './events.js';
import { resultHtml } from './result.js';
import { clearBets } from './felt.js';
import { handSeats, mySeat, seatName, seatInfo } from './seats.js';
import { clockRing, clockLeft, paintRing } from './clock.js';
import { mountTableMenu, confirmLeave } from './table-menu.js';
import { mountChat } from './chat.js';
import { joinFields } from './seedchain.js';
import { gameOf, controlsHtml, metaHtml } from './table-head.js';
import { mountTournamentBar } from './table-tournament.js';

export function renderTable(root, id) {
  root.innerHTML = `<section class="table-page" id="table-page" data-table="${esc(id)}">
    <div class="table-main">
      <div class="table-head">
        <a href="#/lobby" class="btn small ghost" id="btn-back">← <span class="label">${t('back_to_lobby')}</span></a>
        <h1 class="table-title" id="table-title">${esc(store.lobby.get(id)?.name || id)}</h1>
        <span class="table-meta" id="table-meta"></span>
        <span class="spacer"></span>
        <span class="table-controls" id="table-controls"></span>
        <div class="table-menu" id="table-menu">
          <button type="button" class="btn small ghost" id="btn-table-menu" aria-expanded="false"
            aria-controls="table-menu-list"><span aria-hidden="true">☰</span> ${t('table_menu')}</button>
          <div class="table-menu-list" id="table-menu-list" hidden>
            <div class="table-menu-items" id="table-menu-items"></div>
            <div class="table-menu-extra" id="table-menu-extra"></div>
          </div>
        </div>
      </div>
      <div class="tournament-bar" id="tournament-bar" role="group" aria-label="${t('t_bar')}" hidden></div>
      <div class="status-line" id="status-line" aria-live="polite"></div>
      <div class="table-notices" id="table-notices" role="status" aria-live="polite"></div>
      <div class="play-area">
        <div class="felt-wrap" id="felt"><p class="muted center-msg">${t('loading')}</p></div>
        <div class="mine" id="mine"></div>
        <div class="info" id="info"></div>
        <div class="my-clock" id="my-clock" hidden>${clockRing('my-clock-ring')}<span class="my-clock-text"
          id="my-clock-text"></span></div>
        <div class="actions" id="actions" role="group" aria-label="${t('actions_label')}"></div>
      </div>
    </div>
    <aside class="side" id="side" aria-label="${t('table_side')}">
      <div class="result-box" id="result-box" aria-live="polite"></div>
      <div id="extra"></div>
      <section class="chat" id="table-chat" hidden></section>
      <details class="log" id="log-box" open><summary>${t('log')}</summary><ol class="log-list" id="log-list"
        tabindex="0" aria-label="${t('log')}"></ol></details>
      <div class="fair" id="fair"></div>
    </aside>
    <dialog class="confirm-dialog" id="join-dialog" aria-labelledby="join-dialog-title">
      <h2 id="join-dialog-title">${t('join_title')}</h2>
      <p id="join-dialog-seat"></p>
      <p id="join-dialog-buy-in"></p>
      <div class="row dialog-buttons">
        <button type="button" class="btn" id="btn-join-cancel">${t('cancel')}</button>
        <button type="button" class="btn primary" id="btn-join-confirm">${t('sit_down')}</button>
      </div>
    </dialog>
    <dialog class="confirm-dialog" id="leave-dialog" aria-labelledby="leave-dialog-title"
      aria-describedby="leave-dialog-text">
      <h2 id="leave-dialog-title">${t('leave_confirm_title')}</h2>
      <p id="leave-dialog-text"></p>
      <div class="row dialog-buttons">
        <button type="button" class="btn" id="btn-leave-cancel">${t('leave_confirm_stay')}</button>
        <button type="button" class="btn danger" id="btn-leave-confirm">${t('leave_confirm_go')}</button>
      </div>
    </dialog>
  </section>`;
  const els = {
    page: root.querySelector('#table-page'),
    felt: root.querySelector('#felt'),
    mine: root.querySelector('#mine'),
    info: root.querySelector('#info'),
    actions: root.querySelector('#actions'),
    extra: root.querySelector('#extra'),
    status: root.querySelector('#status-line'),
    controls: root.querySelector('#table-controls'),
    meta: root.querySelector('#table-meta'),
    title: root.querySelector('#table-title'),
    result: root.querySelector('#result-box'),
    log: root.querySelector('#log-list'),
    fair: root.querySelector('#fair'),
    menu: root.querySelector('#table-menu'),
    leaveDialog: root.querySelector('#leave-dialog'),
    joinDialog: root.querySelector('#join-dialog'),
    notices: root.querySelector('#table-notices'),
    myClock: root.querySelector('#my-clock'),
    myClockText: root.querySelector('#my-clock-text'),
    myClockRing: root.querySelector('#my-clock-ring'),
  };
  let game = null;
  let mod = null;
  let lastLegalAny = false;
  let myTurn = false;
  let lastHand = null;
  let lastEventsLen = 0;
  let watchSent = false;
  let destroyed = false;

  // The table's notices show under its status line, next to what they are about, in words;
  // one per cause (a repeat counts up on it).
  const tell = (text, kind = 'info') => showNotice(els.notices, text, kind, kind === 'error' ? 4000 : 2600);
  const send = async (action) => {
    const st = store.tables.get(id);
    try {
      return await conn.request('act', { table: id, hand: st?.hand, action });
    } catch (e) {
      tell(errorText(e), 'error');
      sounds.error();
      throw e;
    }
  };
  // the felt stands upright when its box is narrow or taller than wide (phones)
  const portrait = () => els.felt.clientWidth < 600 || els.felt.clientHeight > els.felt.clientWidth * 0.9;
  const ctx = {
    felt: els.felt,
    mine: els.mine,
    info: els.info,
    actions: els.actions,
    extra: els.extra,
    send,
    portrait,
    control: (type) => control(type),
  };
  const unmountChat = mountChat(root.querySelector('#table-chat'), id);

  async function control(type, extra = {}) {
    try {
      // a join carries this player's seed chain, as the lobby's does
      const fields = type === 'join' ? await joinFields(id) : {};
      const r = await conn.request(type, { table: id, ...fields, ...extra });
      if (type === 'leave' || type === 'rebuy' || type === 'join') window.dispatchEvent(new Event('tavolo:balance'));
      if (type === 'leave' || type === 'unwatch') location.hash = '#/lobby';
      if (type === 'leave' && r && r.over_guest_cap)
        showNotice(
          document.getElementById('toasts'),
          t('over_guest_cap', { n: fmtChips(r.over_guest_cap) }),
          'info',
          10000,
        );
      if (type === 'rebuy' && r && r.stack != null) tell(`${t('rebuy')}: ${fmtChips(r.stack)}`, 'ok');
      if (type === 'change_seat' && r) {
        const said =
          r.seat_change != null
            ? t('seat_change_pending', { n: r.seat_change })
            : t('moved_to_seat', { n: r.seat + 1 });
        tell(said, 'ok');
      }
      if (type === 'join' && r)
        tell(r.seat != null ? t('joined_seat', { n: r.seat + 1 }) : t('on_waitlist', { n: r.waiting }), 'ok');
      if (type === 'add_bot' && r && r.seat != null) tell(t('bot_added', { n: r.seat + 1 }), 'ok');
    } catch (e) {
      tell(errorText(e), 'error');
    }
  }
  /** Joining from the table (issue 49, finding 7): the seat — the one clicked where the rules
   * let the player choose it, or in words how it is given (drawn at a session's start, or the
   * waiting list) — and the buy-in, which is the table's own (RULES.md §2: a fixed amount set
   * for the table), before the player sits down. */
  function askJoin(seat) {
    const st = store.tables.get(id);
    if (!st) return;
    const o = st.options || {};
    const how = st.you?.join_seat;
    const d = els.joinDialog;
    d.querySelector('#join-dialog-seat').textContent =
      seat != null
        ? t('join_seat_chosen', { n: seat + 1 })
        : how === 'list'
          ? t('join_seat_list')
          : how === 'drawn'
            ? t('join_seat_drawn')
            : t('join_seat_any');
    const betting = gameOf(st, id) !== 'saint';
    d.querySelector('#join-dialog-buy-in').textContent = betting
      ? t('join_buy_in', { n: fmtChips(o.buy_in) })
      : o.stake
        ? t('join_stake', { n: fmtChips(o.stake) })
        : t('friendly');
    d.querySelector('#btn-join-confirm').textContent = how === 'list' && seat == null ? t('waitlist') : t('sit_down');
    d.dataset.seat = seat != null ? String(seat) : '';
    if (!d.open) d.showModal();
    d.querySelector('#btn-join-confirm').focus();
  }
  els.joinDialog.querySelector('#btn-join-cancel').addEventListener('click', () => els.joinDialog.close());
  els.joinDialog.querySelector('#btn-join-confirm').addEventListener('click', () => {
    const st = store.tables.get(id);
    const seat = els.joinDialog.dataset.seat;
    const extra = {};
    if (seat !== '') extra.seat = Number(seat);
    if (st && gameOf(st, id) !== 'saint' && st.options?.buy_in) extra.buy_in = st.options.buy_in;
    els.joinDialog.close();
    control('join', extra);
  });
  // an empty seat: sit there (a spectator, where the seat may be chosen) or move there
  els.felt.addEventListener('click', (ev) => {
    const sit = ev.target.closest('button[data-sit-seat]');
    if (sit) {
      askJoin(Number(sit.dataset.sitSeat));
      return;
    }
    const move = ev.target.closest('button[data-move-seat]');
    if (move) control('change_seat', { seat: Number(move.dataset.moveSeat) });
  });
  els.status.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-c2]');
    if (b) control(b.dataset.c2);
  });
  els.controls.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-c]');
    if (b) control(b.dataset.c);
  });
  /** Leave, after asking when the player is dealt in a hand or game in play. */
  async function leave() {
    const st = store.tables.get(id);
    const me = st ? mySeat(st) : null;
    const info = me != null ? seatInfo(st, me) : null;
    if (info && info.status === 'playing') {
      const g = gameOf(st, id);
      const stake = st.options?.stake || 0;
      const text =
        g === 'saint'
          ? stake
            ? t('leave_confirm_saint', { stake: fmtChips(stake) })
            : t('leave_confirm_saint_free')
          : t('leave_confirm_hand');
      if (!(await confirmLeave(els.leaveDialog, text, els.menu.querySelector('#btn-table-menu')))) return;
    }
    control('leave');
  }
  // Saint Poker redraws its felt by itself too (choosing a card): groups named, bets placed
  const feltDrawn = new MutationObserver(() => {
    labelGroups(els.felt);
    clearBets(els.felt);
  });
  feltDrawn.observe(els.felt, { childList: true });
  const menu = mountTableMenu(els.menu, (b) => {
    if (b.dataset.c === 'leave') leave();
    else if (b.dataset.c === 'join') askJoin(null);
    else control(b.dataset.c);
  });

  function drawControls(st) {
    const { visible, items } = controlsHtml(st, gameOf(st, id));
    if (els.controls.dataset.html !== visible) {
      els.controls.innerHTML = visible;
      els.controls.dataset.html = visible;
    }
    menu.setItems(items);
  }

  function drawMeta(st) {
    els.title.textContent = st.options?.name || store.lobby.get(id)?.name || id;
    els.meta.innerHTML = metaHtml(st, gameOf(st, id), store.lobby.get(id)?.stakes);
  }

  function drawLog(st) {
    const log = store.logs.get(id) || [];
    const map = handSeats(st);
    const who = (i) => (i == null ? '' : seatName(st, map[i] ?? i));
    const lines = describeEvents(
      log.map((x) => x.event),
      who,
    )
      .filter(Boolean)
      .slice(-60);
    els.log.innerHTML = lines.map((l) => `<li>${esc(l)}</li>`).join('');
    els.log.scrollTop = els.log.scrollHeight;
  }

  function drawResult(st) {
    const saved = store.results.get(id);
    const r = st.result || saved?.result;
    const from = saved?.state ? saved.state : st;
    // Saint Poker's results screen tells a game's end by itself (issue 49: told three times)
    if (!r || els.mine.querySelector('#saint-results')) {
      els.result.innerHTML = '';
      return;
    }
    const map = handSeats(from);
    const html = resultHtml(
      r,
      (s) => seatName(from, s),
      (i) => map[i] ?? i,
    );
    els.result.innerHTML = html
      ? `<h2 class="h-small">${st.result ? t('result') : t('previous_hand')}</h2>${html}`
      : '';
    els.result.classList.toggle('fresh', !!st.result);
  }

  function drawFair(st) {
    const p = st.previous;
    els.fair.innerHTML = `${
      st.commitment
        ? `<div class="mono small"
      title="${t('commitment')}">${t('commitment')}: ${esc(st.commitment.slice(0, 16))}…</div>`
        : ''
    }
      ${
        p?.hand
          ? `<a class="small" href="#/history/${encodeURIComponent(p.hand)}"
        id="verify-prev">${t('verify_prev')} (${esc(p.hand)})</a>`
          : ''
      }`;
  }

  /** What a player sitting out, or one who lost the seat for it, is told first (issue 49):
   * how many more hands the table deals before the seat goes, and why it went, each with the
   * one click that undoes it. */
  function seatNotice(st) {
    const you = st.you || {};
    if (you.seat == null && you.seat_lost === 'missed_hands') {
      return `<span class="seat-notice lost"
        id="seat-lost">${t('seat_lost_missed')}</span> <button class="btn small primary" data-c2="join"
        id="btn-sit-down-again"${you.cashing_out ? ' disabled' : ''}>${t('sit_down_again')}</button>`;
    }
    if (you.sitting_out) {
      const n = you.sit_out_hands_left;
      const when =
        n == null
          ? ''
          : ` — ${t(n === 0 ? 'seat_goes_next_deal' : n === 1 ? 'seat_goes_after_1' : 'seat_goes_after_n', { n })}`;
      return `<span class="seat-notice"
        id="sitting-out-note">${t('you_sit_out')}${when}</span> <button class="btn small primary" data-c2="sit_in"
        id="btn-sit-in-2">${t('sit_in')}</button>`;
    }
    return '';
  }

  function statusText(st, legal) {
    const me = mySeat(st);
    const seatNote = legal?.any ? '' : seatNotice(st);
    if (seatNote) return seatNote;
    if (st.result) return gameOf(st, id) === 'saint' ? word('results', 'game_over') : word('results', 'hand_over');
    if (legal?.any) return `<strong class="your-turn">${t('your_turn')}</strong>`;
    if (st.you && st.you.waiting != null) return t('on_waitlist', { n: st.you.waiting });
    const c = st.clock;
    if (c && c.seat != null) return t('waiting_for', { name: esc(seatName(st, c.seat)) });
    // no clock in this state: the seat the game module marks as acting
    const acting = els.felt.querySelector('.seat.acting[data-seat], .splayer.acting[data-seat]');
    if (acting && Number(acting.dataset.seat) !== me)
      return t('waiting_for', { name: esc(seatName(st, Number(acting.dataset.seat))) });
    if (me == null) return t('spectating');
    if (!st.hand) {
      // A table that waits says for whom, and its creator may fill it with bots.
      const o = st.options || {};
      const ready = (st.seats || []).filter((s) => s.status === 'waiting').length;
      const need = o.min_players || 2;
      const free = (st.seats || []).length < (o.seats || 0);
      const add =
        st.you?.owner && free
          ? ` <button class="btn small primary" data-c2="add_bot" id="btn-add-bot-2">${t('add_bot')}</button>`
          : '';
      return `<span id="needs-players">${t('needs_n_players', { k: ready, n: need })}</span>${add}`;
    }
    return '';
  }

  // The action clock: a ring at the acting seat (your own clock when `seat` is null, as in
  // Saint Poker's simultaneous phases) and at your actions when it is you; the time bank's
  // look once the deadline is past; one warning sound per decision when yours drops below 5 s.
  let warned = '';
  function tick() {
    const st = store.tables.get(id);
    const rings = els.page.querySelectorAll('.felt .seat .clock-ring');
    const c = st?.clock;
    if (!c || c.deadline_ms == null) {
      els.page.querySelectorAll('.clock-bar span').forEach((s) => {
        s.style.width = '0';
      });
      for (const r of rings) r.classList.remove('on');
      els.myClock.hidden = true;
      const cl = els.status.querySelector('.clock');
      if (cl) cl.remove();
      return;
    }
    const me = mySeat(st);
    const seat = c.seat != null ? c.seat : me;
    const mine = me != null && seat === me;
    const k = clockLeft(c, Date.now(), (st.options?.clock_secs || 20) * 1000);
    const low = k.total < 5000;
    const bar = els.page.querySelector(
      `.seat[data-seat="${seat}"] .clock-bar span, .splayer[data-seat="${seat}"] .clock-bar span`,
    );
    els.page.querySelectorAll('.clock-bar span').forEach((x) => {
      if (x !== bar) x.style.width = '0';
    });
    if (bar) {
      bar.style.width = `${k.frac * 100}%`;
      bar.parentElement.classList.toggle('low', low);
      bar.parentElement.classList.toggle('bank', k.inBank);
    }
    const ring = els.page.querySelector(`.felt .seat[data-seat="${seat}"] .clock-ring`);
    rings.forEach((r) => {
      if (r !== ring) r.classList.remove('on');
    });
    if (ring) {
      ring.classList.add('on');
      paintRing(ring, { frac: k.frac, inBank: k.inBank, low });
    }
    const s = Math.ceil((k.inBank ? k.bankLeft : k.left) / 1000);
    const text = k.inBank ? `${t('time_bank')} ${t('time_left', { s })}` : t('time_left', { s });
    els.myClock.hidden = !mine || !myTurn;
    if (!els.myClock.hidden) {
      paintRing(els.myClockRing, { frac: k.frac, inBank: k.inBank, low });
      els.myClock.classList.toggle('low', low);
      els.myClock.classList.toggle('bank', k.inBank);
      if (els.myClockText.textContent !== text) els.myClockText.textContent = text;
    }
    const key = `${st.hand}:${c.seat}:${c.deadline_ms}`;
    if (mine && myTurn && low && k.total > 0 && warned !== key) {
      warned = key;
      sounds.warn();
      announce(t('time_running_out'));
    }
    let cl = els.status.querySelector('.clock');
    if (!cl) {
      cl = document.createElement('span');
      cl.className = 'clock';
      cl.id = 'clock';
      els.status.appendChild(cl);
    }
    const bank = k.inBank ? ` · ${t('time_bank')} ${Math.ceil(k.bankLeft / 1000)} s` : '';
    const html = `<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><circle cx="12" cy="13" r="8"
      fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 13V9M9 2h6" stroke="currentColor"
      stroke-width="2"/></svg> ${t('time_left', { s: Math.ceil(k.left / 1000) })}${bank}`;
    if (cl.dataset.html !== html) {
      cl.innerHTML = html;
      cl.dataset.html = html;
    }
    cl.classList.toggle('low', low);
  }
  const timer = setInterval(tick, 250);

  function update() {
    let st = store.tables.get(id);
    // between hands (and after a Saint game) the server sends no view: keep showing the last one
    const lp = store.lastPlayed.get(id);
    if (st && !st.view && lp?.view)
      st = {
        ...st,
        view: { ...lp.view, to_act: null },
        hand_seats: lp.hand_seats,
        hand: st.hand || lp.hand,
        legal: [],
        clock: null,
        result: st.result || store.results.get(id)?.result || null,
      };
    if (!st) {
      if (!watchSent && conn.status === 'open' && store.helloDone) {
        // after hello the server resends the tables we sit at; watch only if none comes
        watchSent = true;
        setTimeout(() => {
          if (store.tables.get(id) || destroyed) return;
          conn.request('watch', { table: id }).catch((e) => {
            els.felt.innerHTML = `<p class="center-msg">${esc(e.code || '')} ${esc(e.message)}</p>`;
          });
        }, 800);
      }
      return;
    }
    const g = gameOf(st, id);
    if (g !== game) {
      game = g;
      els.page.dataset.game = g;
      els.mine.innerHTML = '';
      els.actions.innerHTML = '';
      els.extra.innerHTML = '';
      els.info.innerHTML = '';
      mod = (g === 'saint' ? mountSaint : g === 'draw' ? mountDraw : mountHoldem)(ctx);
    }
    // keep keyboard focus across redraws
    const a = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey =
      a && els.page.contains(a)
        ? a.id
          ? `#${CSS.escape(a.id)}`
          : a.dataset?.card
            ? `[data-card="${a.dataset.card}"]`
            : null
        : null;
    drawMeta(st);
    drawControls(st);
    let legal = null;
    try {
      legal = mod.update(st);
    } catch (e) {
      console.error(e);
      els.info.textContent = `${t('err_generic')}: ${e.message}`;
    }
    labelGroups(els.page);
    if (focusKey && !els.page.contains(document.activeElement)) {
      const f = els.page.querySelector(focusKey);
      if (f) f.focus();
    }
    els.status.innerHTML = `<span class="status-text">${statusText(st, legal)}</span>`;
    myTurn = !!legal?.any;
    tick();
    drawLog(st);
    drawResult(st);
    drawFair(st);
    // sounds and announcements
    const any = !!legal?.any;
    if (any && !lastLegalAny) {
      sounds.turn();
      announce(t('your_turn'));
    }
    lastLegalAny = any;
    const evs = st.events || [];
    if (evs.length && (st.hand !== lastHand || evs.length !== lastEventsLen)) {
      const txt = JSON.stringify(evs);
      if (/Bet|Call|bet|call|Blind|blind|Ante|ante/.test(txt)) sounds.chips();
      else if (/Dealt|dealt|Placed|placed|Shown|shown|Picked|picked/.test(txt)) sounds.card();
    }
    if (st.result && st.hand !== lastHand) {
      const me = mySeat(st);
      if (me != null && JSON.stringify(st.result).includes(`"seat":${me}`)) sounds.win();
    }
    lastHand = st.hand;
    lastEventsLen = evs.length;
  }

  const onKey = (ev) => {
    if (typing(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    // no game shortcut while the leave dialog or the table menu is open
    if (els.leaveDialog.open || els.joinDialog.open) return;
    if (els.menu.querySelector('#btn-table-menu').getAttribute('aria-expanded') === 'true') return;
    if (mod?.key?.(ev)) ev.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  let rs = null;
  const onResize = () => {
    clearTimeout(rs);
    rs = setTimeout(update, 120);
  };
  window.addEventListener('resize', onResize);
  // The tournament this table is of, as its states said: the state is gone once the table
  // closes, and a player alone at a table was never dealt a hand (no state with a view).
  // (Fault found by the table-move story: such a player was sent to the lobby as the final
  // table was drawn, and the page no longer followed them to it.)
  let tournament = store.tables.get(id)?.tournament?.tournament || null;
  const unsub = subscribe((what, tid) => {
    if (what === 'hello') {
      // a reconnect: the server resends the tables we sit at; a spectator asks again (a seated
      // player too when the connection moved or dropped: behind one address the node we reach
      // now may be another, which takes the table over from a dead one only once its lease
      // ends — asking is answered then, or with `elsewhere`)
      const st = store.tables.get(id);
      watchSent = false;
      const moved = conn.rehomed || conn.dropped;
      conn.rehomed = false;
      conn.dropped = false;
      if (moved && st) st.version = -1; // the new node counts its states afresh
      if (st && (mySeat(st) == null || moved)) {
        watchSent = true;
        conn.request('watch', { table: id }).catch(() => {});
      }
    }
    if (what === 'table' && tid === id) tournament = store.tables.get(id)?.tournament?.tournament || tournament;
    if ((what === 'table' && tid === id) || what === 'hello') update();
    // a tournament's table closed (its game over, or broken): on to the tournament's page,
    // from where the player is taken to their next table (followTournaments)
    if (what === 'closed' && tid === id) {
      const tour = tournament;
      store.closedUnder = id;
      location.hash = tour ? `#/tournaments/${encodeURIComponent(tour)}` : '#/lobby';
    }
    // another node plays the table now: ask for it again (answered there, or `elsewhere`)
    if (what === 'moved' && tid === id) conn.request('watch', { table: id }).catch(() => {});
  });
  update();
  const stopBar = mountTournamentBar(
    root.querySelector('#tournament-bar'),
    () => store.tables.get(id)?.tournament?.tournament || null,
  );
  return () => {
    destroyed = true;
    stopBar();
    unsub();
    unmountChat();
    clearInterval(timer);
    feltDrawn.disconnect();
    menu.destroy();
    if (els.leaveDialog.open) els.leaveDialog.close();
    if (els.joinDialog.open) els.joinDialog.close();
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('resize', onResize);
  };
}
