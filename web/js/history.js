// history.js — my hands and games (/api/history), a step-by-step replayer of one record (PHH
// for Hold'em, tavolo-saint-record/1, tavolo-draw-record/1) and the fairness check
// (SHA-256 with crypto.subtle): `tavolo-fair/2`, the room's part must hash to the commitment
// published before the deal, every player's reveal must extend its chain, and the parts must mix
// to the seed (docs/protocol.md, Provably fair dealing); `tavolo-fair/1` (older hands), the seed
// must hash to the commitment.
import { api } from './api.js';
import { t, categoryName, word } from './i18n.js';
import { cardsHtml, cardsText, splitCards } from './cards.js';
import { esc, fmtChips } from './ui.js';
import { parsePhh, replayPhh } from './phh.js';

function hexToBytes(hex) {
  const h = String(hex).trim();
  if (!/^([0-9a-fA-F]{2})+$/.test(h)) return null;
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}
async function sha256Hex(bytes) {
  const d = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The domain tag in front of a `tavolo-fair/2` seed's parts. */
const DEAL_TAG = new TextEncoder().encode('tavolo-deal/2');

/** `tavolo-fair/2`: SHA-256(room) == commitment, each reveal extends its chain (seat order), and
 * SHA-256("tavolo-deal/2" ‖ room ‖ reveals) == seed. */
async function verifyParts(f) {
  const c = String(f.commitment || '').toLowerCase();
  const bad = (why, hash) => ({ status: 'bad', why, hash });
  const room = hexToBytes(f.parts.room || '');
  if (!room || room.length !== 32) return bad('room');
  const roomHash = await sha256Hex(room);
  if (roomHash !== c) return bad('room', roomHash);
  const pieces = [DEAL_TAG, room];
  let last = -1;
  for (const r of f.parts.reveals || []) {
    const v = hexToBytes(r.value || '');
    if (!v || v.length !== 32 || !(r.seat > last)) return bad('reveal');
    last = r.seat;
    if ((await sha256Hex(v)) !== String(r.extends || '').toLowerCase()) return bad('reveal');
    pieces.push(v);
  }
  const all = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  pieces.reduce((at, p) => { all.set(p, at); return at + p.length; }, 0);
  const mixed = await sha256Hex(all);
  if (mixed !== String(f.seed).toLowerCase()) return bad('seed', mixed);
  return { status: 'ok', how: 'parts', hash: mixed, reveals: (f.parts.reveals || []).length };
}

/** Checks a fairness answer: `tavolo-fair/2` from its parts; `tavolo-fair/1`, SHA-256(seed) ==
 * commitment (the seed's 32 bytes, hex-decoded, or else its text). */
export async function verifyFairness(f) {
  if (!f || !f.seed) return { status: 'pending' };
  if (f.parts) return verifyParts(f);
  const c = String(f.commitment || '').toLowerCase();
  const bytes = hexToBytes(f.seed);
  const ofBytes = bytes ? await sha256Hex(bytes) : null;
  if (ofBytes === c) return { status: 'ok', how: 'bytes', hash: ofBytes };
  const ofText = await sha256Hex(new TextEncoder().encode(f.seed));
  if (ofText === c) return { status: 'ok', how: 'text', hash: ofText };
  return { status: 'bad', hash: ofBytes || ofText };
}

export function renderHistory(root, id) {
  if (id) return renderRecord(root, id);
  root.innerHTML = `<section class="panel" aria-labelledby="hist-h"><h1 id="hist-h">${t('my_history')}</h1><div id="hist-body"><p class="muted">${t('loading')}</p></div></section>`;
  const body = root.querySelector('#hist-body');
  api.history().then((items) => {
    if (!items.length) { body.innerHTML = `<p class="muted">${t('no_history')}</p>`; return; }
    body.innerHTML = `<div class="table-wrap"><table class="tables" id="history-table"><thead><tr><th scope="col">#</th><th scope="col">${t('game')}</th><th scope="col">${t('table')}</th><th scope="col">${t('finished')}</th><th scope="col">${t('result')}</th><th scope="col"><span class="sr-only">actions</span></th></tr></thead>
      <tbody>${items.map((it) => `<tr><th scope="row" class="mono">${esc(it.id)}</th><td>${t(it.game) || esc(it.game)}</td><td>${esc(it.table || '')}</td><td>${it.finished_at ? esc(new Date(it.finished_at).toLocaleString()) : ''}</td>
      <td class="${it.result > 0 ? 'pos' : it.result < 0 ? 'neg' : ''}">${it.result != null ? (it.result > 0 ? '+' : '') + fmtChips(it.result) : esc(it.status || '')}</td>
      <td><a class="btn small" href="#/history/${encodeURIComponent(it.id)}">${t('replay')}</a></td></tr>`).join('')}</tbody></table></div>`;
  }).catch((e) => { body.innerHTML = `<p class="form-error">${esc(e.message)}</p>`; });
  return () => {};
}

function renderRecord(root, id) {
  root.innerHTML = `<section class="panel" aria-labelledby="rec-h">
    <div class="panel-head"><a class="btn small ghost" href="#/history">← ${t('history')}</a><h1 id="rec-h">${t('hand_id', { id: esc(id) })}</h1></div>
    <div class="fairness" id="fairness"><button class="btn small" id="btn-verify">${t('verify')}</button><div id="fair-out" aria-live="polite"></div></div>
    <div id="replayer"><p class="muted">${t('loading')}</p></div></section>`;
  const out = root.querySelector('#fair-out');
  const verify = async () => {
    out.innerHTML = t('loading');
    try {
      const f = await api.fairness(id);
      const r = await verifyFairness(f);
      out.innerHTML = `<dl class="kv"><dt>${t('commitment')}</dt><dd class="mono">${esc(f.commitment || '')}</dd><dt>${t('seed')}</dt><dd class="mono">${esc(f.seed || '—')}</dd>${f.parts ? `<dt>${t('fair_parts')}</dt><dd class="mono">${esc(f.parts.room)}${(f.parts.reveals || []).map((x) => `<br>${t('seat_n', { n: x.seat + 1 })}: ${esc(x.value)}`).join('')}</dd>` : ''}<dt>SHA-256</dt><dd class="mono">${esc(r.hash || '')}</dd></dl>
        <p class="fair-${r.status}" id="fair-status">${r.status === 'ok' ? '✔ ' + t(r.how === 'parts' ? 'fair_ok2' : 'fair_ok') : r.status === 'bad' ? '✘ ' + t('fair_bad') : t('fair_pending')}</p>`;
    } catch (e) { out.innerHTML = `<p class="form-error">${esc(e.message)}</p>`; }
  };
  root.querySelector('#btn-verify').addEventListener('click', verify);
  verify();
  const box = root.querySelector('#replayer');
  let steps = []; let draw = () => ''; let i = 0;
  const show = () => {
    box.innerHTML = `<div class="replay-nav" role="group" aria-label="${t('replay')}">
      <button class="btn small" data-go="first">« ${t('first')}</button><button class="btn small" data-go="prev" id="rp-prev">◀ ${t('prev')}</button>
      <span class="step" id="rp-step">${t('step', { i: i + 1, n: steps.length })}</span>
      <button class="btn small" data-go="next" id="rp-next">${t('next')} ▶</button><button class="btn small" data-go="last" id="rp-last">${t('last')} »</button></div>
      <div class="replay-view" id="replay-view">${draw(steps[i], i)}</div>`;
  };
  box.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-go]');
    if (!b) return;
    const g = b.dataset.go;
    i = g === 'first' ? 0 : g === 'last' ? steps.length - 1 : g === 'prev' ? Math.max(0, i - 1) : Math.min(steps.length - 1, i + 1);
    show();
    box.querySelector(`[data-go="${g}"]`).focus();
  });
  const onKey = (ev) => {
    if (ev.key === 'ArrowRight') { i = Math.min(steps.length - 1, i + 1); show(); }
    if (ev.key === 'ArrowLeft') { i = Math.max(0, i - 1); show(); }
  };
  document.addEventListener('keydown', onKey);
  api.record(id).then((rec) => {
    if (rec.kind === 'phh') ({ steps, draw } = holdemReplay(parsePhh(rec.text)));
    else if (rec.json && rec.json.format === 'tavolo-saint-record/1') ({ steps, draw } = saintReplay(rec.json));
    else if (rec.json && rec.json.format === 'tavolo-draw-record/1') ({ steps, draw } = drawReplay(rec.json));
    else { box.innerHTML = `<pre class="raw">${esc(JSON.stringify(rec.json || rec.text, null, 2))}</pre>`; return; }
    i = 0;
    show();
  }).catch((e) => { box.innerHTML = `<p class="form-error">${esc(e.message)}</p>`; });
  return () => document.removeEventListener('keydown', onKey);
}

function seatsRow(names, cell) {
  return `<div class="rp-seats">${names.map((nm, i) => `<div class="rp-seat">${cell(i, nm)}</div>`).join('')}</div>`;
}

function holdemReplay(h) {
  const steps = replayPhh(h);
  const names = steps[0].players;
  const say = (s, k) => {
    const p = String(s.note).trim().split(/\s+/);
    if (s.note === 'start') return t('first');
    if (s.note === 'finishing_stacks') return t('result');
    if (p[0] === 'd') return p[1] === 'db' ? t('e_board', { cards: cardsText(splitCards(p[2])) }) : `${names[Number(p[2].slice(1)) - 1]}: ${t('hole')}`;
    const who = names[Number(p[0].slice(1)) - 1] || p[0];
    const prev = steps[k - 1];
    if (p[1] === 'f') return t('e_fold', { who });
    if (p[1] === 'cc') { const put = prev ? prev.stacks[s.actor] - s.stacks[s.actor] : 0; return put > 0 ? t('e_call', { who, amount: fmtChips(put) }) : t('e_check', { who }); }
    if (p[1] === 'cbr') return t('e_raise', { who, amount: fmtChips(Number(p[2])) });
    if (p[1] === 'sm') return p[2] ? t('e_shows', { who, cards: cardsText(splitCards(p[2])) }) : t('e_mucks', { who });
    return s.note;
  };
  const draw = (s, k) => `<div class="rp-note"><strong>${esc(say(s, k))}</strong> <span class="mono muted small">${esc(s.note)}</span></div>
    <div class="rp-board">${t('board')}: ${cardsHtml(s.board, { size: 'md' })} <span class="pot">${t('total_pot')}: <strong>${fmtChips(s.pot + s.bets.reduce((a, b) => a + b, 0))}</strong></span></div>
    ${seatsRow(s.players, (i, nm) => `<div class="rp-name ${s.folded[i] ? 'muted' : ''} ${s.actor === i ? 'acting' : ''}">${esc(nm)}</div>
      <div>${cardsHtml(s.hole[i], { size: 'sm' })}</div><div>${t('stack')}: ${fmtChips(s.stacks[i])}</div>${s.bets[i] ? `<div class="bet-inline">${fmtChips(s.bets[i])}</div>` : ''}${s.folded[i] ? `<div class="muted">${word('results', 'folded')}</div>` : ''}`)}`;
  return { steps, draw };
}

function saintReplay(r) {
  const P = r.players.length;
  const hands = r.deal.hands.map((h) => h.slice());
  const steps = [];
  const scores = Array(P).fill(0);
  const rm = (p, c) => { const k = hands[p].indexOf(c); if (k >= 0) hands[p].splice(k, 1); };
  const snap = (o) => steps.push(JSON.parse(JSON.stringify({ hands, scores, ...o })));
  let centre = r.deal.centre.slice();
  snap({ label: 'deal', round: 0, centre, preview: [] });
  for (const rd of r.rounds) {
    snap({ label: t('round', { n: rd.round }), round: rd.round, centre, preview: rd.preview });
    rd.placed.forEach((c, p) => rm(p, c));
    snap({ label: t('placed_cards'), round: rd.round, centre: rd.centre, preview: rd.preview, placed: rd.placed });
    rd.hands.forEach((h, p) => h.shown.forEach((c) => rm(p, c)));
    rd.scores.forEach((s, p) => { scores[p] = s; });
    snap({ label: t('shown_cards'), round: rd.round, centre: rd.centre, preview: rd.preview, placed: rd.placed, shown: rd.hands });
    if (rd.draft) {
      const pool = [...rd.centre, ...rd.hands.flatMap((h) => h.shown)];
      rd.draft.picks.forEach((pk, k) => {
        const x = pool.indexOf(pk.card); if (x >= 0) pool.splice(x, 1);
        hands[pk.player].push(pk.card);
        snap({ label: `${word('actions', 'pick')} ${k + 1}`, round: rd.round, centre: rd.centre, preview: rd.preview, placed: rd.placed, shown: rd.hands, pool: pool.slice(), order: rd.draft.order, pick: pk });
      });
    }
    centre = rd.preview;
  }
  const lastRound = r.rounds[r.rounds.length - 1];
  if (r.result) snap({ label: t('final_ranking'), round: 8, centre: lastRound ? lastRound.centre : [], preview: [], shown: lastRound ? lastRound.hands : null, result: r.result });
  const draw = (s) => `<div class="rp-note"><strong>${esc(s.label)}</strong></div>
    <div class="rp-board">${t('centre')}: ${cardsHtml(s.pool || s.centre, { size: 'md' })} ${s.preview && s.preview.length ? `<span class="muted">${t('preview')}:</span> ${cardsHtml(s.preview, { size: 'sm' })}` : ''}</div>
    ${s.order ? `<div class="muted">${t('draft_order')}: ${s.order.map((p) => esc(r.players[p])).join(' → ')}</div>` : ''}
    ${seatsRow(r.players, (p, nm) => `<div class="rp-name ${s.pick && s.pick.player === p ? 'acting' : ''}">${esc(nm)} — ${s.scores[p]} ${t('points_short')}</div>
      <div class="rp-hand">${cardsHtml(s.hands[p].slice().sort(), { size: 'xs' })}</div>
      ${s.placed ? `<div>${t('placed_cards')}: ${cardsHtml([s.placed[p]], { size: 'sm' })}</div>` : ''}
      ${s.shown ? `<div>${t('shown_cards')}: ${cardsHtml(s.shown[p].shown, { size: 'sm' })} <strong>${esc(categoryName(s.shown[p].category))}</strong>${s.shown[p].points ? ` +${s.shown[p].points}` : ''}</div>` : ''}
      ${s.result ? `<div><strong>${t('place_n', { n: s.result.places[p] })}</strong></div>` : ''}`)}`;
  return { steps, draw };
}

function drawReplay(r) {
  const n = r.stacks.length;
  const names = r.players || Array.from({ length: n }, (_, i) => t('seat_n', { n: i + 1 }));
  const st = { stacks: r.stacks.slice(), bets: Array(n).fill(0), pot: r.carried_in || 0, hands: r.deal.hands.map((h) => h.slice()), folded: Array(n).fill(false), ex: Array(n).fill(null), shown: Array(n).fill(false) };
  const cut = (r.dealer + 1) % n;
  for (let k = 0; k < n; k++) { const s = (cut + k) % n; const a = Math.min(r.ante, st.stacks[s]); st.stacks[s] -= a; st.pot += a; }
  const steps = [];
  const snap = (note, actor = null) => steps.push(JSON.parse(JSON.stringify({ ...st, note, actor })));
  snap('deal');
  let draws = (r.deal.draws || []).slice();
  let inExchange = false;
  const collect = () => { st.pot += st.bets.reduce((a, b) => a + b, 0); st.bets.fill(0); };
  for (const a of r.actions) {
    const s = a.seat;
    if (a.action === 'fold') st.folded[s] = true;
    else if (a.action === 'call') { const max = Math.max(...st.bets); const x = Math.min(max - st.bets[s], st.stacks[s]); st.stacks[s] -= x; st.bets[s] += x; }
    else if (a.action === 'bet') { const x = Math.min(a.to - st.bets[s], st.stacks[s]); st.stacks[s] -= x; st.bets[s] += x; }
    else if (a.action === 'exchange') {
      if (!inExchange) { collect(); inExchange = true; }
      st.hands[s] = st.hands[s].filter((c) => !a.discard.includes(c)).concat(draws.splice(0, a.discard.length));
      st.ex[s] = a.discard.length;
    } else if (a.action === 'show') st.shown[s] = true;
    snap(`${names[s]}: ${a.action}${a.to != null ? ' ' + a.to : ''}${a.discard ? ' ' + a.discard.length : ''}`, s);
  }
  collect();
  if (r.result) { st.stacks = r.result.finishing_stacks.slice(); st.pot = r.result.carried_pot || 0; snap(t('result')); }
  const draw = (x) => `<div class="rp-note">${esc(x.note)}</div><div class="rp-board"><span class="pot">${t('total_pot')}: <strong>${fmtChips(x.pot + x.bets.reduce((a, b) => a + b, 0))}</strong></span></div>
    ${seatsRow(names, (i, nm) => `<div class="rp-name ${x.folded[i] ? 'muted' : ''} ${x.actor === i ? 'acting' : ''}">${esc(nm)}${i === r.dealer ? ' (D)' : ''}</div>
      <div>${cardsHtml(x.hands[i], { size: 'xs' })}</div><div>${t('stack')}: ${fmtChips(x.stacks[i])}</div>${x.bets[i] ? `<div class="bet-inline">${fmtChips(x.bets[i])}</div>` : ''}${x.ex[i] != null ? `<div class="muted">${t('exchanged', { n: x.ex[i] })}</div>` : ''}${x.folded[i] ? `<div class="muted">${word('results', 'folded')}</div>` : ''}`)}`;
  return { steps, draw };
}
