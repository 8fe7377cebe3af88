// table.js — the table page shared by the three games: header and controls (sit out / in,
// rebuy, leave, watch), the status line with the action clock, the hand log and the result;
// the game module (table-holdem.js, table-draw.js, table-saint.js) draws the felt and actions.
import { conn } from './ws.js';
import { store, subscribe } from './store.js';
import { t, word } from './i18n.js';
import { esc, toast, announce, typing, fmtChips } from './ui.js';
import { sounds } from './sound.js';
import { mountHoldem } from './table-holdem.js';
import { mountDraw } from './table-draw.js';
import { mountSaint } from './table-saint.js';
import { describeEvent } from './events.js';
import { resultHtml } from './result.js';
import { handSeats, mySeat, seatName, seatInfo } from './seats.js';

function gameOf(st, id) {
  const g = (st && st.options && st.options.game) || (store.lobby.get(id) || {}).game;
  if (g) return g;
  const v = st && st.view;
  if (v && v.phase) return 'saint';
  if (v && v.stage) return 'draw';
  return 'holdem';
}

export function renderTable(root, id) {
  root.innerHTML = `<section class="table-page" id="table-page" data-table="${esc(id)}">
    <div class="table-head">
      <a href="#/lobby" class="btn small ghost" id="btn-back">← ${t('back_to_lobby')}</a>
      <h1 class="table-title" id="table-title">${esc((store.lobby.get(id) || {}).name || id)}</h1>
      <span class="table-meta" id="table-meta"></span>
      <span class="spacer"></span>
      <span class="table-controls" id="table-controls"></span>
    </div>
    <div class="status-line" id="status-line" aria-live="polite"></div>
    <div class="table-body">
      <div class="play-area">
        <div class="felt-wrap" id="felt"><p class="muted center-msg">${t('loading')}</p></div>
        <div class="mine" id="mine"></div>
        <div class="info" id="info"></div>
        <div class="actions" id="actions" role="group" aria-label="actions"></div>
      </div>
      <aside class="side" id="side">
        <div class="result-box" id="result-box" aria-live="polite"></div>
        <div id="extra"></div>
        <details class="log" id="log-box" open><summary>${t('log')}</summary><ol class="log-list" id="log-list"></ol></details>
        <div class="fair" id="fair"></div>
      </aside>
    </div>
  </section>`;
  const els = {
    page: root.querySelector('#table-page'), felt: root.querySelector('#felt'), mine: root.querySelector('#mine'), info: root.querySelector('#info'),
    actions: root.querySelector('#actions'), extra: root.querySelector('#extra'), status: root.querySelector('#status-line'),
    controls: root.querySelector('#table-controls'), meta: root.querySelector('#table-meta'), title: root.querySelector('#table-title'),
    result: root.querySelector('#result-box'), log: root.querySelector('#log-list'), fair: root.querySelector('#fair'),
  };
  let game = null;
  let mod = null;
  let lastLegalAny = false;
  let lastHand = null;
  let lastEventsLen = 0;
  let watchSent = false;
  let destroyed = false;

  const send = async (action) => {
    const st = store.tables.get(id);
    try {
      return await conn.request('act', { table: id, hand: st && st.hand, action });
    } catch (e) {
      toast(`${e.code || t('error')}: ${e.message}`, 'error');
      sounds.error();
      throw e;
    }
  };
  const portrait = () => els.felt.clientWidth < 600;
  const ctx = { felt: els.felt, mine: els.mine, info: els.info, actions: els.actions, extra: els.extra, send, portrait };

  async function control(type, extra = {}) {
    try {
      const r = await conn.request(type, { table: id, ...extra });
      if (type === 'leave' || type === 'rebuy' || type === 'join') window.dispatchEvent(new Event('tavolo:balance'));
      if (type === 'leave' || type === 'unwatch') location.hash = '#/lobby';
      if (type === 'rebuy' && r && r.stack != null) toast(`${t('rebuy')}: ${fmtChips(r.stack)}`, 'ok');
      if (type === 'change_seat' && r) toast(t('seat_change_pending', { n: r.seat_change }), 'ok');
      if (type === 'join' && r) toast(r.seat != null ? t('joined_seat', { n: r.seat + 1 }) : t('on_waitlist', { n: r.waiting }), 'ok');
    } catch (e) { toast(`${e.code || t('error')}: ${e.message}`, 'error'); }
  }
  els.status.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-c2]');
    if (b) control(b.dataset.c2);
  });
  els.controls.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-c]');
    if (b) control(b.dataset.c);
  });

  function drawControls(st) {
    const me = mySeat(st);
    const you = st.you || {};
    const g = gameOf(st, id);
    const info = me != null ? seatInfo(st, me) : null;
    const chips = info ? info.chips : null;
    const buttons = [];
    if (me != null) {
      buttons.push(you.sitting_out ? `<button class="btn small" data-c="sit_in" id="btn-sit-in">${t('sit_in')}</button>` : `<button class="btn small ghost" data-c="sit_out" id="btn-sit-out">${t('sit_out')}</button>`);
      if (g !== 'saint' && chips === 0) buttons.push(`<button class="btn small primary" data-c="rebuy" id="btn-rebuy">${word('actions', 'rebuy')}</button>`);
      if (g !== 'saint') {
        if (you.seat_change) buttons.push(`<span class="tag" id="seat-change-pending">${t('seat_change_pending', { n: you.seat_change.position })}</span><button class="btn small ghost" data-c="cancel_seat_change" id="btn-cancel-seat-change">${t('cancel')}</button>`);
        else buttons.push(`<button class="btn small ghost" data-c="change_seat" id="btn-change-seat">${t('change_seat')}</button>`);
      }
      buttons.push(`<button class="btn small danger" data-c="leave" id="btn-leave">${t('leave')}</button>`);
    } else {
      if (you.waiting == null) buttons.push(`<button class="btn small primary" data-c="join" id="btn-join">${t('join')}</button>`);
      else buttons.push(`<span class="tag">${t('on_waitlist', { n: you.waiting })}</span>`);
      buttons.push(`<button class="btn small ghost" data-c="unwatch" id="btn-unwatch">${t('unwatch')}</button>`);
    }
    const html = buttons.join('');
    if (els.controls.dataset.html !== html) { els.controls.innerHTML = html; els.controls.dataset.html = html; }
  }

  function drawMeta(st) {
    const o = st.options || {};
    const g = gameOf(st, id);
    els.title.textContent = o.name || (store.lobby.get(id) || {}).name || id;
    const stakes = g === 'holdem' ? ((store.lobby.get(id) || {}).stakes || `?/${o.big_blind ?? '?'}`) : g === 'draw' ? `${t('ante')} ${o.ante ?? '?'}` : `${t('stake')} ${o.stake ?? 0}`;
    els.meta.innerHTML = `<span class="tag game-${g}">${t(g)}</span>${o.structure && g !== 'saint' ? `<span class="tag">${t(o.structure)}</span>` : ''}<span class="tag">${esc(stakes)}</span>${st.hand ? `<span class="tag mono" title="${t('commitment')}: ${esc(st.commitment || '')}">${esc(st.hand)}</span>` : ''}`;
  }

  function drawLog(st) {
    const log = store.logs.get(id) || [];
    const map = handSeats(st);
    const who = (i) => (i == null ? '' : seatName(st, map[i] ?? i));
    const lines = log.map((x) => describeEvent(x.event, who)).filter(Boolean).slice(-60);
    els.log.innerHTML = lines.map((l) => `<li>${esc(l)}</li>`).join('');
    els.log.scrollTop = els.log.scrollHeight;
  }

  function drawResult(st) {
    const saved = store.results.get(id);
    const r = st.result || (saved && saved.result);
    const from = saved && saved.state ? saved.state : st;
    if (!r) { els.result.innerHTML = ''; return; }
    const map = handSeats(from);
    const html = resultHtml(r, (s) => seatName(from, s), (i) => map[i] ?? i);
    els.result.innerHTML = html ? `<h2 class="h-small">${st.result ? t('result') : t('previous_hand')}</h2>${html}` : '';
    els.result.classList.toggle('fresh', !!st.result);
  }

  function drawFair(st) {
    const p = st.previous;
    els.fair.innerHTML = `${st.commitment ? `<div class="mono small" title="${t('commitment')}">${t('commitment')}: ${esc(st.commitment.slice(0, 16))}…</div>` : ''}
      ${p && p.hand ? `<a class="small" href="#/history/${encodeURIComponent(p.hand)}" id="verify-prev">${t('verify_prev')} (${esc(p.hand)})</a>` : ''}`;
  }

  function statusText(st, legal) {
    const me = mySeat(st);
    if (st.result) return gameOf(st, id) === 'saint' ? word('results', 'game_over') : word('results', 'hand_over');
    if (legal && legal.any) return `<strong class="your-turn">${t('your_turn')}</strong>`;
    if (st.you && st.you.sitting_out) return `${t('sitting_out')} — <button class="btn small primary" data-c2="sit_in" id="btn-sit-in-2">${t('sit_in')}</button>`;
    if (st.you && st.you.waiting != null) return t('on_waitlist', { n: st.you.waiting });
    const c = st.clock;
    if (c && c.seat != null) return t('waiting_for', { name: esc(seatName(st, c.seat)) });
    if (me == null) return t('spectating');
    if (!st.hand) return gameOf(st, id) === 'saint' ? t('started') : t('new_game_waiting');
    return '';
  }

  function tick() {
    const st = store.tables.get(id);
    if (!st || !st.clock || st.clock.deadline_ms == null) { els.page.querySelectorAll('.clock-bar span').forEach((s) => { s.style.width = '0'; }); const cl = els.status.querySelector('.clock'); if (cl) cl.remove(); return; }
    const c = st.clock;
    const now = Date.now();
    const left = Math.max(0, c.deadline_ms - now);
    const bankLeft = Math.max(0, (c.bank_ms || 0) - Math.max(0, now - c.deadline_ms));
    const total = ((st.options && st.options.clock_secs) || 20) * 1000;
    const frac = left > 0 ? Math.min(1, left / total) : Math.min(1, bankLeft / Math.max(1, c.bank_ms || 1));
    const s = Math.ceil(left / 1000);
    let target = els.page.querySelector(`.seat[data-seat="${c.seat}"] .clock-bar span, .splayer[data-seat="${c.seat}"] .clock-bar span`);
    els.page.querySelectorAll('.clock-bar span').forEach((x) => { if (x !== target) x.style.width = '0'; });
    if (target) { target.style.width = `${frac * 100}%`; target.parentElement.classList.toggle('low', left < 5000); }
    let cl = els.status.querySelector('.clock');
    if (!cl) { cl = document.createElement('span'); cl.className = 'clock'; cl.id = 'clock'; els.status.appendChild(cl); }
    const bank = left === 0 && c.bank_ms ? ` · ${t('time_bank')} ${Math.ceil(bankLeft / 1000)} s` : '';
    cl.innerHTML = `<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 13V9M9 2h6" stroke="currentColor" stroke-width="2"/></svg> ${t('time_left', { s })}${bank}`;
    cl.classList.toggle('low', left + bankLeft < 5000);
  }
  const timer = setInterval(tick, 250);

  function update() {
    let st = store.tables.get(id);
    // between hands (and after a Saint game) the server sends no view: keep showing the last one
    const lp = store.lastPlayed.get(id);
    if (st && !st.view && lp && lp.view) st = { ...st, view: { ...lp.view, to_act: null }, hand_seats: lp.hand_seats, hand: st.hand || lp.hand, legal: [], clock: null, result: st.result || (store.results.get(id) || {}).result || null, frozen: true };
    if (!st) {
      if (!watchSent && conn.status === 'open' && store.helloDone) {
        // after hello the server resends the tables we sit at; watch only if none comes
        watchSent = true;
        setTimeout(() => {
          if (store.tables.get(id) || destroyed) return;
          conn.request('watch', { table: id }).catch((e) => { els.felt.innerHTML = `<p class="center-msg">${esc(e.code || '')} ${esc(e.message)}</p>`; });
        }, 800);
      }
      return;
    }
    const g = gameOf(st, id);
    if (g !== game) {
      game = g;
      els.page.dataset.game = g;
      els.mine.innerHTML = ''; els.actions.innerHTML = ''; els.extra.innerHTML = ''; els.info.innerHTML = '';
      mod = (g === 'saint' ? mountSaint : g === 'draw' ? mountDraw : mountHoldem)(ctx);
    }
    // keep keyboard focus across redraws
    const a = document.activeElement;
    const focusKey = a && els.page.contains(a) ? (a.id ? `#${CSS.escape(a.id)}` : a.dataset && a.dataset.card ? `[data-card="${a.dataset.card}"]` : null) : null;
    drawMeta(st);
    drawControls(st);
    let legal = null;
    try { legal = mod.update(st); } catch (e) { console.error(e); els.info.textContent = `${t('err_generic')}: ${e.message}`; }
    if (focusKey && !els.page.contains(document.activeElement)) { const f = els.page.querySelector(focusKey); if (f) f.focus(); }
    els.status.innerHTML = `<span class="status-text">${statusText(st, legal)}</span>`;
    tick();
    drawLog(st);
    drawResult(st);
    drawFair(st);
    // sounds and announcements
    const any = !!(legal && legal.any);
    if (any && !lastLegalAny) { sounds.turn(); announce(t('your_turn')); }
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
    lastHand = st.hand; lastEventsLen = evs.length;
  }

  const onKey = (ev) => {
    if (typing(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (mod && mod.key && mod.key(ev)) ev.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  let rs = null;
  const onResize = () => { clearTimeout(rs); rs = setTimeout(update, 120); };
  window.addEventListener('resize', onResize);
  const unsub = subscribe((what, tid) => {
    if (what === 'hello') {
      // a reconnect: the server resends the tables we sit at; a spectator asks again
      const st = store.tables.get(id);
      watchSent = false;
      if (st && mySeat(st) == null) { watchSent = true; conn.request('watch', { table: id }).catch(() => {}); }
    }
    if ((what === 'table' && tid === id) || what === 'hello') update();
    if (what === 'closed' && tid === id) location.hash = '#/lobby';
  });
  update();
  return () => { destroyed = true; unsub(); clearInterval(timer); document.removeEventListener('keydown', onKey); window.removeEventListener('resize', onResize); };
}
