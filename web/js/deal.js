// deal.js — a deal at a tournament's final table (RULES.md §5; docs/protocol.md "Tournaments"),
// drawn on the tournament's page and above its table: the buttons to propose one (ICM or the
// chip chop) with an amount kept back to play for, the deal proposed with the amount kept back
// and every player's figures by both kinds, who has accepted, the time left (counted from the
// room's clock), and Accept / Decline for a player it waits for. The room computes the figures;
// this only draws them and sends the answers.
import { api } from './api.js';
import { t } from './i18n.js';
import { esc, fmtChips, toast, errorText } from './ui.js';
import { countdown } from './tournaments.js';

/** The amount typed to keep back, kept across the redraws of the polls. */
let keepBack = '';
document.addEventListener('input', (ev) => {
  if (ev.target instanceof HTMLInputElement && ev.target.id === 't-deal-keep') keepBack = ev.target.value;
});

/** Whether the reader is typing the amount kept back in `box` (a redraw now would take the field away). */
export function dealTyping(box) {
  const at = document.activeElement;
  return at?.id === 't-deal-keep' && box.contains(at);
}

/** The deal part of tournament detail `d` at the room's time `now` ('' when there is none). */
export function dealHtml(d, now) {
  const me = d.me;
  const deal = d.deal;
  if (!deal) {
    if (!me?.may_propose_deal) return '';
    // The prize money left: the prizes of the places not given yet.
    const left = (d.prizes || []).slice(0, d.tournament.left ?? 0).reduce((s, p) => s + p, 0);
    return `<div class="deal" id="t-deal"><b>${t('t_deal')}</b>
      <label>${t('t_deal_keep')} <input type="number" id="t-deal-keep" min="0" max="${left}" step="1"
        inputmode="numeric" placeholder="0" value="${esc(keepBack)}"></label>
      <button class="btn ghost" id="t-deal-icm">${t('t_deal_propose', { kind: t('t_deal_icm') })}</button>
      <button class="btn ghost" id="t-deal-chop">${t('t_deal_propose', { kind: t('t_deal_chop') })}</button></div>`;
  }
  const kind = t(deal.kind === 'chop' ? 't_deal_chop' : 't_deal_icm');
  const rows = deal.players
    .map(
      (p) => `<tr><td>${esc(p.name)}</td><td>${fmtChips(p.stack)}</td><td>${fmtChips(p.icm)}</td>
      <td>${fmtChips(p.chop)}</td><td>${p.accepted ? '✓' : ''}</td></tr>`,
    )
    .join('');
  const answer = me?.deal_answer_due
    ? `<button class="btn" id="t-deal-accept"${deal.settled ? '' : ' disabled'}>${t('t_deal_accept')}</button>
       <button class="btn ghost" id="t-deal-decline">${t('t_deal_decline')}</button>`
    : '';
  return `<div class="deal" id="t-deal" role="region" aria-label="${t('t_deal')}">
    <p><b>${esc(t('t_deal_by', { name: deal.by, kind }))}</b>
      <span id="t-deal-left">${esc(t('t_deal_left', { time: countdown(deal.ends_ms - now) }))}</span></p>
    ${deal.keep_back ? `<p id="t-deal-kept">${esc(t('t_deal_kept', { amount: fmtChips(deal.keep_back) }))}</p>` : ''}
    ${deal.settled ? '' : `<p class="muted">${t('t_deal_wait_hand')}</p>`}
    <div class="table-wrap"><table class="tables" id="t-deal-figures"><thead><tr>
      <th scope="col">${t('t_player')}</th><th scope="col">${t('chips')}</th>
      <th scope="col">${t('t_deal_icm')}</th><th scope="col">${t('t_deal_chop')}</th>
      <th scope="col">${t('t_deal_accepted')}</th></tr></thead><tbody>${rows}</tbody></table></div>
    ${answer}</div>`;
}

/** Handles a click on a deal's button in tournament `id`'s page (`after` redraws); answers
 * whether the click was a deal's. */
export async function dealClick(ev, id, after) {
  const b = ev.target.closest('#t-deal-icm, #t-deal-chop, #t-deal-accept, #t-deal-decline');
  if (!b) return false;
  b.disabled = true;
  // What was typed goes as it is (a negative or broken amount: the room says why not).
  const keep_back = keepBack.trim() === '' ? 0 : Number(keepBack);
  const body = {
    't-deal-icm': { propose: 'icm', keep_back },
    't-deal-chop': { propose: 'chop', keep_back },
    't-deal-accept': { accept: true },
    't-deal-decline': { accept: false },
  }[b.id];
  try {
    const r = await api.tournamentDeal(id, body);
    if (r.result === 'deal_proposed') keepBack = '';
    toast(t(r.result === 'deal_proposed' ? 't_deal_proposed' : 't_deal_answered'), 'ok');
  } catch (e) {
    toast(errorText(e), 'error');
  } finally {
    after();
  }
  return true;
}
