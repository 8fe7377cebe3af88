// history.js — my hands and games (/api/history), a step-by-step replayer of one record (PHH
// for Hold'em, tavolo-saint-record/1, tavolo-draw-record/1) and the fairness check
// (SHA-256 with crypto.subtle): `tavolo-fair/2`, the room's part must hash to the commitment
// published before the deal, every player's reveal must extend its chain, and the parts must mix
// to the seed (docs/protocol.md, Provably fair dealing); `tavolo-fair/1` (older hands), the seed
// must hash to the commitment; `tavolo-fair/3`, the record must hash to the hand's transcript,
// which is compared with the one this browser kept when it saw the hand end. The replay names
// the players, marks the viewer "(you)", tells every action in words, and shows only the
// viewer's cards and those shown at the table; the whole deal only behind "Reveal the whole deal
// from the seed", once the seed checks out.
import { api } from './api.js';
import { t, categoryName, cardName, word } from './i18n.js';
import { cardHtml, cardsHtml, cardsText } from './cards.js';
import { esc, fmtChips } from './ui.js';
import { parsePhh, replayPhh } from './phh.js';
import { store, keptTranscript } from './store.js';
import {
  viewerIndex,
  playerNames,
  cardMode,
  visibleCards,
  tellPhh,
  drawSentence,
  drawResultSentence,
} from './replay.js';

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
  if (room?.length !== 32) return bad('room');
  const roomHash = await sha256Hex(room);
  if (roomHash !== c) return bad('room', roomHash);
  const pieces = [DEAL_TAG, room];
  let last = -1;
  for (const r of f.parts.reveals || []) {
    const v = hexToBytes(r.value || '');
    if (v?.length !== 32 || !(r.seat > last)) return bad('reveal');
    last = r.seat;
    if ((await sha256Hex(v)) !== String(r.extends || '').toLowerCase()) return bad('reveal');
    pieces.push(v);
  }
  const all = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  pieces.reduce((at, p) => {
    all.set(p, at);
    return at + p.length;
  }, 0);
  const mixed = await sha256Hex(all);
  if (mixed !== String(f.seed).toLowerCase()) return bad('seed', mixed);
  return { status: 'ok', how: 'parts', hash: mixed, reveals: (f.parts.reveals || []).length };
}

/** The domain tag in front of a hand's transcript (`tavolo-fair/3`). */
const TRANSCRIPT_TAG = 'tavolo-transcript/3';

/** A hand's transcript (`tavolo-fair/3`, docs/protocol.md, Provably fair dealing), hex:
 * SHA-256("tavolo-transcript/3\n" ‖ commitment ‖ "\n" ‖ seed ‖ "\n" ‖ game ‖ "\n" ‖ record_format
 * ‖ "\n" ‖ record), the record's text exactly as served. */
export async function transcriptOf(f) {
  const hexOf = (x) =>
    String(x || '')
      .trim()
      .toLowerCase();
  const text = [
    TRANSCRIPT_TAG,
    hexOf(f.commitment),
    hexOf(f.seed),
    f.game || '',
    f.record_format || '',
    f.record || '',
  ].join('\n');
  return sha256Hex(new TextEncoder().encode(text));
}

/** Checks a fairness answer: the seed (`verifySeed`); then, for a `tavolo-fair/3` bundle, that
 * its record hashes to its transcript and that this is the transcript `kept` when the browser
 * saw the hand end (`seen`: `same`, or `unseen` when it did not); older bundles bind only the
 * seed (`seen`: `unbound`). */
export async function verifyFairness(f, kept = null) {
  const r = await verifySeed(f);
  if (r.status !== 'ok') return r;
  if (!f.transcript) return { ...r, seen: 'unbound' };
  const transcript = await transcriptOf(f);
  if (transcript !== String(f.transcript).toLowerCase())
    return { status: 'bad', why: 'transcript', hash: r.hash, transcript };
  if (kept && String(kept).toLowerCase() !== transcript)
    return { status: 'bad', why: 'seen', hash: r.hash, transcript };
  return { ...r, transcript, seen: kept ? 'same' : 'unseen' };
}

/** The seed of a fairness answer: `tavolo-fair/2` from its parts; `tavolo-fair/1`,
 * SHA-256(seed) == commitment (the seed's 32 bytes, hex-decoded, or else its text). */
async function verifySeed(f) {
  if (!f?.seed) return { status: 'pending' };
  if (f.parts) return verifyParts(f);
  const c = String(f.commitment || '').toLowerCase();
  const bytes = hexToBytes(f.seed);
  const ofBytes = bytes ? await sha256Hex(bytes) : null;
  if (ofBytes === c) return { status: 'ok', how: 'bytes', hash: ofBytes };
  const ofText = await sha256Hex(new TextEncoder().encode(f.seed));
  if (ofText === c) return { status: 'ok', how: 'text', hash: ofText };
  return { status: 'bad', hash: ofBytes || ofText };
}

/** How a history item or record is called: "Game h-3" for Saint Poker, "Hand h-3" otherwise. */
function recordTitle(game, id) {
  return t(game === 'saint' ? 'game_id' : 'hand_id', { id: esc(id) });
}

/** The voided hands per table (with the reasons recorded) and per other player, when any. */
function voidedReport(voided, items) {
  const tables = voided?.tables || [];
  const players = voided?.players || [];
  if (!tables.length) return '';
  const nameOf = (id) => items.find((it) => it.table === id)?.table_name || id;
  const why = (r) => `${esc(r.reason || t('voided_reason_unknown'))} (${r.hands})`;
  const tableLine = (v) => {
    const at = t('voided_at', { table: esc(nameOf(v.table)), voided: v.voided, hands: v.hands });
    return `<li>${at}: ${(v.reasons || []).map(why).join('; ')}</li>`;
  };
  const playerLine = (p) => `<li>${t('voided_with', { name: esc(p.name), voided: p.voided, hands: p.hands })}</li>`;
  return `<section class="voided-report" aria-labelledby="voided-h">
    <h2 id="voided-h">${t('voided_h')}</h2><p class="muted small">${t('voided_note')}</p>
    <ul>${tables.map(tableLine).join('')}</ul>
    <ul>${players.map(playerLine).join('')}</ul></section>`;
}

export function renderHistory(root, id) {
  if (id) return renderRecord(root, id);
  root.innerHTML = `<section class="panel"
    aria-labelledby="hist-h"><h1 id="hist-h">${t('my_history')}</h1><div id="hist-body"><p
    class="muted">${t('loading')}</p></div></section>`;
  const body = root.querySelector('#hist-body');
  api
    .historyReport()
    .then(({ items, voided }) => {
      if (!items.length) {
        body.innerHTML = `<p class="muted">${t('no_history')}</p>`;
        return;
      }
      const holdem = items.some((it) => it.game === 'holdem' && it.status === 'finished');
      body.innerHTML = `${
        holdem
          ? `<p class="rp-tools row"
        id="hist-export">${t('export_hands')} ${exportLinks('api/history/export', 'hands')}</p>`
          : ''
      }<div
        class="table-wrap"><table class="tables"
        id="history-table"><thead><tr><th scope="col">#</th><th scope="col">${t('game')}</th><th
        scope="col">${t('table')}</th><th scope="col">${t('finished')}</th><th scope="col">${t('result')}</th><th
        scope="col"><span class="sr-only">actions</span></th></tr></thead>
      <tbody>${items
        .map(
          (it) => `<tr data-id="${esc(it.id)}">
      <th scope="row">${recordTitle(it.game, it.id)}</th><td>${t(it.game) || esc(it.game)}</td>
      <td class="hist-table">${esc(it.table_name || it.table || '')}</td>
      <td>${it.finished_at ? esc(new Date(it.finished_at).toLocaleString()) : ''}</td>
      <td class="${it.result > 0 ? 'pos' : it.result < 0 ? 'neg' : ''}">${resultCell(it)}</td>
      <td><a class="btn small" href="#/history/${encodeURIComponent(it.id)}">${t('replay')}</a></td></tr>`,
        )
        .join('')}</tbody></table></div>${voidedReport(voided, items)}`;
    })
    .catch((e) => {
      body.innerHTML = `<p class="form-error">${esc(e.message)}</p>`;
    });
  return () => {};
}

/** A history row's result: the chips won or lost, or the hand's status (and why it was voided). */
function resultCell(it) {
  if (it.result != null) return (it.result > 0 ? '+' : '') + fmtChips(it.result);
  const why = it.void_reason ? `<br><span class="muted small void-reason">${esc(it.void_reason)}</span>` : '';
  return esc(it.status || '') + why;
}

/** The two downloads of Hold'em hands as the viewer saw them (GET …/export): PokerStars text
 * for trackers and HUDs, and PHH. */
function exportLinks(base, name) {
  return `<a class="btn small" data-export="pokerstars" href="${base}?format=pokerstars"
    download="${esc(name)}.txt">${t('export_pokerstars')}</a> <a class="btn small" data-export="phh"
    href="${base}?format=phh"
    download="${esc(name)}.phh${base.endsWith('/history/export') ? 's' : ''}">${t('export_phh')}</a>`;
}

function renderRecord(root, id) {
  root.innerHTML = `<section class="panel" aria-labelledby="rec-h">
    <div class="panel-head"><a class="btn small ghost"
      href="#/history">← ${t('history')}</a><h1 id="rec-h">${t('hand_id', { id: esc(id) })}</h1><span class="muted"
      id="rec-table"></span></div>
    <div id="replayer"><p class="muted">${t('loading')}</p></div>
    <div class="rp-tools row"><a class="btn small" id="rp-download" href="api/history/${encodeURIComponent(id)}"
      download="${esc(id)}.txt">${t('download_record')}</a></div>
    <div class="fairness" id="fairness"><button class="btn small"
      id="btn-verify">${t('verify')}</button><div id="fair-out" aria-live="polite"></div>
      <div class="reveal-deal"><button class="btn small" id="btn-reveal" aria-pressed="false"
        aria-describedby="reveal-hint" disabled>${t('reveal_deal')}</button> <span class="muted small"
        id="reveal-hint">${t('reveal_hint')}</span></div></div></section>`;
  const out = root.querySelector('#fair-out');
  const revealBtn = root.querySelector('#btn-reveal');
  // The whole deal (others' folded, mucked and unshown cards) only on request, and only once
  // the seed that deals every card is known to match the commitment.
  let reveal = false;
  const setReveal = (on) => {
    reveal = on;
    revealBtn.setAttribute('aria-pressed', String(on));
    revealBtn.textContent = t(on ? 'hide_deal' : 'reveal_deal');
    if (steps.length) show();
  };
  revealBtn.addEventListener('click', () => setReveal(!reveal));
  const verify = async () => {
    out.innerHTML = t('loading');
    try {
      const f = await api.fairness(id);
      const r = await verifyFairness(f, keptTranscript(f.hand || id));
      // the verdict in words; the hashes it rests on behind a summary (issue 49: on a phone the
      // first screen was four 64-digit hashes)
      const bad = { transcript: 'fair_bad_transcript', seen: 'fair_bad_seen' }[r.why] || 'fair_bad';
      const bound = { same: 'fair_seen', unseen: 'fair_unseen', unbound: 'fair_unbound' }[r.seen];
      const verdict =
        r.status === 'ok'
          ? `✔ ${t(r.how === 'parts' ? 'fair_ok2' : 'fair_ok')}`
          : r.status === 'bad'
            ? `✘ ${t(bad)}`
            : t('fair_pending');
      const term = (dt, dd) => `<dt>${dt}</dt><dd class="mono">${dd}</dd>`;
      const reveals = (f.parts?.reveals || []).map((x) => `<br>${t('seat_n', { n: x.seat + 1 })}: ${esc(x.value)}`);
      const terms = [
        term(t('commitment'), esc(f.commitment || '')),
        term(t('seed'), esc(f.seed || '—')),
        f.parts ? term(t('fair_parts'), esc(f.parts.room) + reveals.join('')) : '',
        term('SHA-256', esc(r.hash || '')),
        f.transcript ? term(t('transcript'), esc(f.transcript)) : '',
      ].join('');
      out.innerHTML = `<p class="fair-${r.status}" id="fair-status">${verdict}</p>
        ${
          bound
            ? `<p class="small ${r.seen === 'same' ? 'fair-ok' : 'muted'}"
          id="fair-transcript">${t(bound)}</p>`
            : ''
        }
        <details class="fair-details" id="fair-details"><summary>${t('fair_details')}</summary>
          <dl class="kv">${terms}</dl></details>`;
      revealBtn.disabled = r.status !== 'ok';
      if (r.status !== 'ok' && reveal) setReveal(false);
    } catch (e) {
      out.innerHTML = `<p class="form-error">${esc(e.message)}</p>`;
      revealBtn.disabled = true;
    }
  };
  root.querySelector('#btn-verify').addEventListener('click', verify);
  verify();
  const box = root.querySelector('#replayer');
  let steps = [];
  let draw = () => '';
  let i = 0;
  let playing = null;
  const stop = () => {
    clearInterval(playing);
    playing = null;
  };
  const show = () => {
    // the replay first, its steps under it (issue 49: the buttons sat above the replay)
    box.innerHTML = `<div class="replay-view" id="replay-view">${draw(steps[i], i, { reveal })}</div>
      <div class="replay-nav" role="group" aria-label="${t('replay')}">
      <button class="btn small" data-go="first">« ${t('first')}</button><button class="btn small" data-go="prev"
        id="rp-prev">◀ ${t('prev')}</button>
      <span class="step" id="rp-step">${t('step', { i: i + 1, n: steps.length })}</span>
      <button class="btn small" data-go="next" id="rp-next">${t('next')} ▶</button><button class="btn small"
        data-go="last" id="rp-last">${t('last')} »</button>
      <button class="btn small primary" data-go="play" id="rp-play"
        aria-pressed="${!!playing}">${playing ? t('pause') : t('autoplay')}</button></div>
      <section class="rp-story" aria-labelledby="rp-story-h"><h2 id="rp-story-h"
        class="small">${t('rp_story')}</h2><ol id="rp-story">${steps
          .slice(0, i + 1)
          .map((s, k) => `<li${k === i ? ' aria-current="step"' : ''}>${esc(s.say || '')}</li>`)
          .join('')}</ol></section>`;
  };
  box.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-go]');
    if (!b) return;
    const g = b.dataset.go;
    if (g === 'play') {
      // one step every 1.2 s to the end, or until paused
      if (playing) stop();
      else {
        if (i >= steps.length - 1) i = 0;
        playing = setInterval(() => {
          if (!box.isConnected) {
            stop();
            return;
          }
          i = Math.min(steps.length - 1, i + 1);
          if (i >= steps.length - 1) stop();
          show();
        }, 1200);
      }
      show();
      box.querySelector('#rp-play').focus();
      return;
    }
    stop();
    i =
      g === 'first'
        ? 0
        : g === 'last'
          ? steps.length - 1
          : g === 'prev'
            ? Math.max(0, i - 1)
            : Math.min(steps.length - 1, i + 1);
    show();
    box.querySelector(`[data-go="${g}"]`).focus();
  });
  const onKey = (ev) => {
    if (ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
    if (ev.key === 'ArrowRight') {
      i = Math.min(steps.length - 1, i + 1);
      show();
    }
    if (ev.key === 'ArrowLeft') {
      i = Math.max(0, i - 1);
      show();
    }
  };
  document.addEventListener('keydown', onKey);
  const me = store.user ? Promise.resolve(store.user) : api.me().catch(() => null);
  Promise.all([api.record(id), api.history().catch(() => []), me])
    .then(([rec, items, user]) => {
      const item = items.find((x) => x.id === id) || {};
      const who = { me: user?.name, seat: item.seat };
      const saint = rec.json && rec.json.format === 'tavolo-saint-record/1';
      root.querySelector('#rec-h').innerHTML = recordTitle(saint ? 'saint' : item.game, id);
      const when = item.finished_at ? new Date(item.finished_at).toLocaleString() : '';
      root.querySelector('#rec-table').textContent = [item.table_name || item.table, when].filter(Boolean).join(' · ');
      const dl = root.querySelector('#rp-download');
      if (dl) dl.download = `${id}.${rec.kind === 'phh' ? 'phh' : 'json'}`;
      if (dl && rec.kind === 'phh')
        dl.insertAdjacentHTML(
          'afterend',
          ` <span class="muted small">${t('export_hand')}</span> ` +
            exportLinks(`api/history/${encodeURIComponent(id)}/export`, id),
        );
      if (rec.kind === 'phh') ({ steps, draw } = holdemReplay(parsePhh(rec.text), who));
      else if (saint) ({ steps, draw } = saintReplay(rec.json, who));
      else if (rec.json && rec.json.format === 'tavolo-draw-record/1') ({ steps, draw } = drawReplay(rec.json, who));
      else {
        box.innerHTML = `<pre class="raw">${esc(JSON.stringify(rec.json || rec.text, null, 2))}</pre>`;
        return;
      }
      i = 0;
      show();
    })
    .catch((e) => {
      box.innerHTML = `<p class="form-error">${esc(e.message)}</p>`;
    });
  return () => {
    stop();
    document.removeEventListener('keydown', onKey);
  };
}

/** The pot at step `k`: what is in the middle and bet; once it is paid out (the last step),
 * the pot as it was before (issue 49: the replay ended on "Pot: 0"). */
function potUpTo(steps, k) {
  const at = (s) => (s ? (s.pot || 0) + (s.bets || []).reduce((a, b) => a + b, 0) : 0);
  for (let j = k; j >= 0; j--) if (at(steps[j]) > 0) return at(steps[j]);
  return 0;
}

/** A player's name, escaped, with "(you)" for the viewer. */
function nameHtml(names, p, viewer) {
  return `${esc(names[p])}${p === viewer ? ` <span class="rp-you">(${t('you')})</span>` : ''}`;
}

/** A player's cards as the viewer may see them: face down, face up, or face up because the
 * deal was revealed (marked, and named "not shown at the table"). */
function handHtml(cards, mode, size) {
  if (mode !== 'revealed') return cardsHtml(visibleCards(cards, mode), { size });
  return (cards || [])
    .map((c) =>
      c
        ? cardHtml(c, { size, cls: 'unshown', label: `${cardName(c)} (${t('rp_unshown')})` })
        : cardHtml(null, { size }),
    )
    .join('');
}

function seatsRow(names, viewer, cell) {
  return `<div class="rp-seats">${names
    .map(
      (nm, i) => `<div class="rp-seat${i === viewer ? ' me' : ''}"
    data-seat="${i}">${cell(i, nm)}</div>`,
    )
    .join('')}</div>`;
}

function holdemReplay(h, who) {
  const raw = replayPhh(h);
  const n = raw[0].stacks.length;
  const names = playerNames(h.players, n);
  // PHH numbers players from the small blind, not by table seat: the viewer is found by name.
  const viewer = viewerIndex(h.players ? names : [], who.me);
  const steps = tellPhh(h, raw, names);
  const draw = (s, k, { reveal }) => `<div class="rp-note"><strong id="rp-say">${esc(s.say)}</strong></div>
    <div class="rp-board">${t('board')}: ${cardsHtml(s.board, { size: 'md' })} <span class="pot"
      id="rp-pot">${t('total_pot')}: <strong>${fmtChips(potUpTo(steps, k))}</strong></span></div>
    ${seatsRow(names, viewer, (i) => {
      const state = `${s.folded[i] ? 'muted' : ''} ${s.actor === i ? 'acting' : ''}`;
      return `<div class="rp-name ${state}">${nameHtml(names, i, viewer)}</div>
      <div class="rp-hand">${handHtml(s.hole[i], cardMode(i, { viewer, shown: s.shown, reveal }), 'sm')}</div>
      <div>${t('stack')}: ${fmtChips(s.stacks[i])}</div>
      ${s.bets[i] ? `<div class="bet-inline">${fmtChips(s.bets[i])}</div>` : ''}
      ${s.folded[i] ? `<div class="muted">${word('results', 'folded')}</div>` : ''}`;
    })}`;
  return { steps, draw };
}

/** The engine's default names, `P1`, `P2`, …: a record written before tables named players. */
const unnamed = (players) => players.every((p, i) => p === `P${i + 1}`);

function saintReplay(r, who) {
  const P = r.players.length;
  const names = unnamed(r.players) ? playerNames(null, P) : r.players;
  const viewer = viewerIndex(r.players, who.me, unnamed(r.players) ? who.seat : -1);
  const hands = r.deal.hands.map((h) => h.slice());
  const steps = [];
  const scores = Array(P).fill(0);
  const rm = (p, c) => {
    const k = hands[p].indexOf(c);
    if (k >= 0) hands[p].splice(k, 1);
  };
  const snap = (o) => steps.push(JSON.parse(JSON.stringify({ hands, scores, ...o })));
  let centre = r.deal.centre.slice();
  snap({ say: t('rp_dealt'), round: 0, centre, preview: [] });
  for (const rd of r.rounds) {
    snap({ say: t('round', { n: rd.round }), round: rd.round, centre, preview: rd.preview });
    rd.placed.forEach((c, p) => {
      rm(p, c);
    });
    snap({
      say: rd.placed.map((c, p) => t('e_place', { who: names[p], cards: cardsText([c]) })).join('; '),
      round: rd.round,
      centre: rd.centre,
      preview: rd.preview,
      placed: rd.placed,
    });
    rd.hands.forEach((h, p) => {
      for (const c of h.shown) rm(p, c);
    });
    rd.scores.forEach((s, p) => {
      scores[p] = s;
    });
    snap({
      say: t('shown_cards'),
      round: rd.round,
      centre: rd.centre,
      preview: rd.preview,
      placed: rd.placed,
      shown: rd.hands,
    });
    if (rd.draft) {
      const pool = [...rd.centre, ...rd.hands.flatMap((h) => h.shown)];
      rd.draft.picks.forEach((pk) => {
        const x = pool.indexOf(pk.card);
        if (x >= 0) pool.splice(x, 1);
        hands[pk.player].push(pk.card);
        snap({
          say: t('e_pick', { who: names[pk.player], cards: cardsText([pk.card]) }),
          round: rd.round,
          centre: rd.centre,
          preview: rd.preview,
          placed: rd.placed,
          shown: rd.hands,
          pool: pool.slice(),
          order: rd.draft.order,
          pick: pk,
        });
      });
    }
    centre = rd.preview;
  }
  const lastRound = r.rounds[r.rounds.length - 1];
  if (r.result)
    snap({
      say: t('final_ranking'),
      round: 8,
      centre: lastRound ? lastRound.centre : [],
      preview: [],
      shown: lastRound ? lastRound.hands : null,
      result: r.result,
    });
  // A player's hand is theirs alone; what they place, show and pick is on the table.
  const draw = (s, _k, { reveal }) => `<div class="rp-note"><strong id="rp-say">${esc(s.say)}</strong></div>
    <div class="rp-board">${t('centre')}: ${cardsHtml(s.pool || s.centre, { size: 'md' })} ${
      s.preview?.length
        ? `<span
      class="muted">${t('preview')}:</span> ${cardsHtml(s.preview, { size: 'sm' })}`
        : ''
    }</div>
    ${s.order ? `<div class="muted">${t('draft_order')}: ${s.order.map((p) => esc(names[p])).join(' → ')}</div>` : ''}
    ${seatsRow(names, viewer, (p) => {
      const head = `${nameHtml(names, p, viewer)} — ${s.scores[p]} ${t('points_short')}`;
      const shown = s.shown?.[p];
      const points = shown?.points ? ` +${shown.points}` : '';
      const category = shown ? `<strong>${esc(categoryName(shown.category))}</strong>` : '';
      return `<div class="rp-name ${s.pick && s.pick.player === p ? 'acting' : ''}">${head}</div>
      <div class="rp-hand">${handHtml(s.hands[p].slice().sort(), cardMode(p, { viewer, reveal }), 'xs')}</div>
      ${s.placed ? `<div>${t('placed_cards')}: ${cardsHtml([s.placed[p]], { size: 'sm' })}</div>` : ''}
      ${s.shown ? `<div>${t('shown_cards')}: ${cardsHtml(shown.shown, { size: 'sm' })} ${category}${points}</div>` : ''}
      ${s.result ? `<div><strong>${t('place_n', { n: s.result.places[p] })}</strong></div>` : ''}`;
    })}`;
  return { steps, draw };
}

function drawReplay(r, who) {
  const n = r.stacks.length;
  const names = playerNames(r.players, n);
  const viewer = viewerIndex(r.players || [], who.me, r.players ? -1 : who.seat);
  const st = {
    stacks: r.stacks.slice(),
    bets: Array(n).fill(0),
    pot: r.carried_in || 0,
    hands: r.deal.hands.map((h) => h.slice()),
    folded: Array(n).fill(false),
    ex: Array(n).fill(null),
    shown: Array(n).fill(false),
  };
  const cut = (r.dealer + 1) % n;
  for (let k = 0; k < n; k++) {
    const s = (cut + k) % n;
    const a = Math.min(r.ante, st.stacks[s]);
    st.stacks[s] -= a;
    st.pot += a;
  }
  const steps = [];
  const snap = (say, actor = null) => steps.push(JSON.parse(JSON.stringify({ ...st, say, actor })));
  snap(`${t('rp_antes', { amount: fmtChips(r.ante) })}; ${t('rp_dealt')}`);
  const draws = (r.deal.draws || []).slice();
  let inExchange = false;
  const collect = () => {
    st.pot += st.bets.reduce((a, b) => a + b, 0);
    st.bets.fill(0);
  };
  for (const a of r.actions) {
    const s = a.seat;
    const before = JSON.parse(JSON.stringify(st));
    if (a.action === 'fold') st.folded[s] = true;
    else if (a.action === 'call') {
      const max = Math.max(...st.bets);
      const x = Math.min(max - st.bets[s], st.stacks[s]);
      st.stacks[s] -= x;
      st.bets[s] += x;
    } else if (a.action === 'bet') {
      const x = Math.min(a.to - st.bets[s], st.stacks[s]);
      st.stacks[s] -= x;
      st.bets[s] += x;
    } else if (a.action === 'exchange') {
      if (!inExchange) {
        collect();
        inExchange = true;
      }
      st.hands[s] = st.hands[s].filter((c) => !a.discard.includes(c)).concat(draws.splice(0, a.discard.length));
      st.ex[s] = a.discard.length;
    } else if (a.action === 'show') st.shown[s] = true;
    snap(drawSentence(a, before, st, names), s);
  }
  collect();
  if (r.result) {
    const before = st.stacks.slice();
    st.stacks = r.result.finishing_stacks.slice();
    st.pot = r.result.carried_pot || 0;
    snap(drawResultSentence(r.result, before, names));
  }
  const draw = (
    x,
    k,
    { reveal },
  ) => `<div class="rp-note"><strong id="rp-say">${esc(x.say)}</strong></div><div class="rp-board"><span class="pot"
    id="rp-pot">${t('total_pot')}: <strong>${fmtChips(potUpTo(steps, k))}</strong></span></div>
    ${seatsRow(names, viewer, (i) => {
      const state = `${x.folded[i] ? 'muted' : ''} ${x.actor === i ? 'acting' : ''}`;
      const name = `${nameHtml(names, i, viewer)}${i === r.dealer ? ' (D)' : ''}`;
      return `<div class="rp-name ${state}">${name}</div>
      <div class="rp-hand">${handHtml(x.hands[i], cardMode(i, { viewer, shown: x.shown, reveal }), 'xs')}</div>
      <div>${t('stack')}: ${fmtChips(x.stacks[i])}</div>
      ${x.bets[i] ? `<div class="bet-inline">${fmtChips(x.bets[i])}</div>` : ''}
      ${x.ex[i] != null ? `<div class="muted">${t('exchanged', { n: x.ex[i] })}</div>` : ''}
      ${x.folded[i] ? `<div class="muted">${word('results', 'folded')}</div>` : ''}`;
    })}`;
  return { steps, draw };
}
