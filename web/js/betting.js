// betting.js — the action bar of the betting games (Hold'em, Five-Card Draw): fold, check or
// call, bet/raise with a slider and ½ pot, ¾ pot, pot, min-raise and all-in shortcuts that only
// offer amounts inside the legal range; keyboard f / c / r. The pot-size amounts are the ones
// the server sends with `legal` (the engine's one rounding, the same as the terminal's and the
// bots'), never computed here.
import { t, word } from './i18n.js';
import { fmtChips } from './ui.js';

function clamp(x, lo, hi) { return Math.max(lo, Math.min(hi, Math.round(x))); }

export class BettingBar {
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.key = '';
    this.value = null;
    this.busy = false;
    this.legal = null;
    root.addEventListener('click', (ev) => {
      const b = ev.target.closest('button[data-bet]');
      if (!b || b.disabled) return;
      const kind = b.dataset.bet;
      if (kind === 'preset') { this.setValue(Number(b.dataset.to)); return; }
      this.fire(kind);
    });
    root.addEventListener('input', (ev) => {
      if (ev.target.matches('.bet-slider')) this.setValue(Number(ev.target.value), 'slider');
    });
    root.addEventListener('change', (ev) => {
      if (ev.target.matches('.bet-amount')) this.setValue(Number(ev.target.value), 'input');
    });
    root.addEventListener('keydown', (ev) => {
      if (ev.target.matches('.bet-amount') && ev.key === 'Enter') { ev.preventDefault(); this.setValue(Number(ev.target.value), 'input'); this.fire('raise'); }
    });
  }

  setValue(v, from) {
    if (!this.legal || !this.legal.raise) return;
    const { min, max } = this.legal.raise;
    this.value = clamp(Number.isFinite(v) ? v : min, min, max);
    const s = this.root.querySelector('.bet-slider');
    const i = this.root.querySelector('.bet-amount');
    const l = this.root.querySelector('[data-bet="raise"] .amt');
    if (s && from !== 'slider') s.value = this.value;
    if (i && from !== 'input') i.value = this.value;
    if (i && from === 'input') i.value = this.value;
    if (l) l.textContent = fmtChips(this.value);
    if (s) s.setAttribute('aria-valuetext', fmtChips(this.value));
  }

  async fire(kind) {
    const L = this.legal;
    if (!L || this.busy) return;
    let action = null;
    if (kind === 'fold' && L.fold) action = { action: 'fold' };
    else if (kind === 'check' && L.check) action = { action: 'check' };
    else if (kind === 'call' && L.call != null) action = { action: 'call' };
    else if (kind === 'checkcall') action = L.check ? { action: 'check' } : (L.call != null ? { action: 'call' } : null);
    else if (kind === 'raise' && L.raise) action = { action: 'bet_or_raise_to', to: clamp(this.value ?? L.raise.min, L.raise.min, L.raise.max) };
    else if (kind === 'allin' && L.raise) action = { action: 'bet_or_raise_to', to: L.raise.max };
    if (!action) return;
    this.busy = true;
    this.root.classList.add('busy');
    this.root.querySelectorAll('button').forEach((b) => { b.disabled = true; });
    let ok = false;
    try { await this.send(action); ok = true; } catch { /* the table shows the error */ } finally {
      this.busy = false;
      this.root.classList.remove('busy');
      if (!ok && this.last) { this.key = ''; this.render(...this.last); }
    }
  }

  /** Handles f / c / r; returns true when the key was used. */
  key_(ev) {
    if (!this.legal || !this.legal.any) return false;
    const k = ev.key.toLowerCase();
    if (k === 'f' && this.legal.fold) { this.fire('fold'); return true; }
    if (k === 'c' && (this.legal.check || this.legal.call != null)) { this.fire('checkcall'); return true; }
    if (k === 'r' && this.legal.raise) { this.fire('raise'); return true; }
    return false;
  }

  /** Draws the bar for `legal` (normalized) in context ({pot, myBet, maxBet, stack}). */
  render(legal, ctx, extra = '') {
    this.last = [legal, ctx, extra];
    const key = JSON.stringify([legal, ctx.handKey, extra]);
    this.legal = legal;
    if (key === this.key && this.root.childElementCount) return;
    this.key = key;
    if (!legal || !(legal.fold || legal.check || legal.call != null || legal.raise)) { this.root.innerHTML = extra; return; }
    const r = legal.raise;
    const betWord = ctx.maxBet > 0 ? word('actions', 'raise_to') : word('actions', 'bet');
    if (r) this.value = clamp(this.value != null && this.value >= r.min && this.value <= r.max ? this.value : r.min, r.min, r.max);
    const presets = [];
    if (r && r.max > r.min) {
      const seen = new Set();
      const add = (label, to, id) => { if (!seen.has(to)) { seen.add(to); presets.push(`<button type="button" class="btn small preset" data-bet="preset" data-to="${to}" id="${id}">${label}</button>`); } };
      add(t('min_raise'), r.min, 'bet-min');
      const p = r.presets;
      if (p) {
        add(t('half_pot'), p.half_pot, 'bet-half');
        add(t('three_q_pot'), p.three_quarter_pot, 'bet-3q');
        add(t('pot'), p.pot, 'bet-pot');
      }
      add(word('actions', 'all_in'), r.max, 'bet-allin');
    }
    const callAllIn = legal.call != null && ctx.stack != null && legal.call >= ctx.stack;
    const step = ctx.step || 1;
    this.root.innerHTML = `
      ${extra}
      ${r && r.max > r.min ? `<div class="raise-tools">
        <div class="presets" role="group" aria-label="${t('bet_amount')}">${presets.join('')}</div>
        <div class="slider-row">
          <input type="range" class="bet-slider" id="bet-slider" min="${r.min}" max="${r.max}" step="${step}" value="${this.value}" aria-label="${t('bet_amount')} ${t('raise_range', { min: r.min, max: r.max })}">
          <input type="number" class="bet-amount" id="bet-amount" min="${r.min}" max="${r.max}" value="${this.value}" aria-label="${t('bet_amount')}">
        </div></div>` : ''}
      <div class="main-actions">
        ${legal.fold ? `<button type="button" class="btn act fold" data-bet="fold" id="act-fold"><kbd>F</kbd> ${word('actions', 'fold')}</button>` : ''}
        ${legal.check ? `<button type="button" class="btn act check" data-bet="check" id="act-check"><kbd>C</kbd> ${word('actions', 'check')}</button>` : ''}
        ${legal.call != null && !legal.check ? `<button type="button" class="btn act call" data-bet="call" id="act-call"><kbd>C</kbd> ${callAllIn ? word('actions', 'all_in') : word('actions', 'call')} <span class="amt">${fmtChips(legal.call)}</span></button>` : ''}
        ${r ? `<button type="button" class="btn act raise" data-bet="raise" id="act-raise"><kbd>R</kbd> ${r.min === r.max && r.max === ctx.allInTo ? word('actions', 'all_in') : betWord} <span class="amt">${fmtChips(this.value)}</span></button>` : ''}
      </div>`;
  }

  clear() { this.key = ''; this.legal = null; this.root.innerHTML = ''; }
}
