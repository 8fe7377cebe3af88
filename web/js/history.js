// history.js — my hands and games (/api/history), a step-by-step replayer of one record (the
// steps the server builds with the engine: /api/history/{id}/replay) and the fairness check
// (SHA-256 with crypto.subtle): `tavolo-fair/2`, the room's part must hash to the commitment
// published before the deal, every player's reveal must extend its chain, and the parts must mix
// to the seed (docs/protocol.md, Provably fair dealing); `tavolo-fair/1` (older hands), the seed
// must hash to the commitment; `tavolo-fair/3`, the record must hash to the hand's transcript,
// which is compared with the one this browser kept when it saw the hand end. The replay names
// the players, marks the viewer "(you)", tells every action in words, and shows only the
// viewer's cards and those shown at the table; the whole deal only behind "Reveal the whole deal
// from the seed", once the seed checks out.
import { api } from './api.js';
import { t } from './i18n.js';
import { esc, fmtChips, labelGroups } from './ui.js';
import { clearBets } from './felt.js';
import { keptTranscript } from './store.js';
import { replayOf } from './replay-steps.js';

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
  // the whole deal: the `reveal=all` replay, asked for once the seed checks out
  /** @type {import('../types/protocol').ReplayReply | null} */
  let all = null;
  const setReveal = (on) => {
    reveal = on && !!all;
    revealBtn.setAttribute('aria-pressed', String(reveal));
    revealBtn.textContent = t(reveal ? 'hide_deal' : 'reveal_deal');
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
      if (r.status === 'ok' && !all) all = await api.replay(id, true).catch(() => null);
      revealBtn.disabled = r.status !== 'ok' || !all;
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
  /** @type {(s: any, k: number, o: {reveal: boolean, all: any, portrait: boolean}) => string} */
  let draw = () => '';
  let i = 0;
  let playing = null;
  const stop = () => {
    clearInterval(playing);
    playing = null;
  };
  const show = () => {
    // the replay first, its steps under it (issue 49: the buttons sat above the replay)
    // the felt stands upright in a narrow box, as at the table
    const portrait = box.clientWidth < 600;
    box.innerHTML = `<div class="replay-view" id="replay-view">${draw(steps[i], i, { reveal, all, portrait })}</div>
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
    // as at the table: each bet clear of its seat, named groups
    const felt = box.querySelector('#rp-felt');
    if (felt) clearBets(felt);
    labelGroups(box);
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
  Promise.all([api.replay(id), api.history().catch(() => [])])
    .then(([reply, items]) => {
      const item = items.find((x) => x.id === id) || {};
      root.querySelector('#rec-h').innerHTML = recordTitle(reply.game, id);
      const when = item.finished_at ? new Date(item.finished_at).toLocaleString() : '';
      root.querySelector('#rec-table').textContent = [item.table_name || item.table, when].filter(Boolean).join(' · ');
      const dl = root.querySelector('#rp-download');
      const holdem = reply.game === 'holdem';
      if (dl) dl.download = `${id}.${holdem ? 'phh' : 'json'}`;
      if (dl && holdem)
        dl.insertAdjacentHTML(
          'afterend',
          ` <span class="muted small">${t('export_hand')}</span> ` +
            exportLinks(`api/history/${encodeURIComponent(id)}/export`, id),
        );
      ({ steps, draw } = replayOf(reply));
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
