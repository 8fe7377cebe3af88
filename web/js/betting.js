// betting.js — the action bar of the betting games (Hold'em, Five-Card Draw): fold, check or
// call, bet/raise with a slider and ½ pot, ¾ pot, pot, min-raise and all-in shortcuts that only
// offer amounts inside the legal range; keyboard f / c / r. The pot-size amounts are the ones
// the server sends with `legal` (the engine's one rounding, the same as the terminal's and the
// bots'), never computed here. Each decision's amount starts at the minimum, or at the preset
// the player chose on an earlier decision (issue 49: an amount typed for one decision never
// carries over). Out of turn, while dealt in, the pre-action buttons (issue 49): Check/Fold,
// Check, Call any when nothing is to call; Fold, Call N, Call any facing a bet; and Fold to
// any bet for the rest of the hand. Each is played the moment the turn comes, unless the bet
// it was chosen against has changed (see `preStillMeant`).
import { t, word } from './i18n.js';
import { fmtChips, announce } from './ui.js';

function clamp(x, lo, hi) {
  return Math.max(lo, Math.min(hi, Math.round(x)));
}

/** The pre-action kinds, in the order drawn. */
export const PRE_KINDS = ['checkfold', 'foldany', 'check', 'fold', 'call', 'callany'];

/**
 * Whether pre-action `pre` ({kind, hand, round, toCall}), chosen earlier, still stands in the
 * betting situation `now` ({hand, round, toCall}): Fold to any bet for the hand; Check/Fold and
 * Call any for the betting round; Check, Fold and Call N only while the amount to call is the one
 * they were chosen against (a bet or raise since clears them).
 */
export function preStillMeant(pre, now) {
  if (!pre || !now || pre.hand !== now.hand) return false;
  if (pre.kind === 'foldany') return true;
  if (pre.round !== now.round) return false;
  if (pre.kind === 'checkfold' || pre.kind === 'callany') return true;
  return pre.toCall === now.toCall;
}

/** The action a pre-action plays when the turn comes with `legal` (normalized), or null. */
export function preAction(kind, legal) {
  if (!legal) return null;
  const check = legal.check ? { action: 'check' } : null;
  const fold = legal.fold ? { action: 'fold' } : null;
  const call = legal.call != null ? { action: 'call' } : null;
  switch (kind) {
    case 'checkfold':
    case 'foldany':
      return check || fold;
    case 'check':
      return check;
    case 'fold':
      return check ? null : fold;
    case 'call':
      return call;
    case 'callany':
      return call || check;
    default:
      return null;
  }
}

export class BettingBar {
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.key = '';
    this.value = null;
    this.busy = false;
    this.legal = null;
    /** The pre-action chosen ({kind, hand, round, toCall}), or null. */
    this.pre = null;
    /** The betting situation out of turn ({hand, round, toCall, stack}), or null. */
    this.situation = null;
    /** The decision whose Fold was pressed once while checking was free (asked again). */
    this.foldAsked = null;
    /** The preset the player last chose ('min', 'half', '3q', 'pot', 'allin'), or null. */
    this.preset = null;
    root.addEventListener('click', (ev) => {
      const p = ev.target.closest('button[data-pre]');
      if (p) {
        const kind = p.dataset.pre;
        const now = this.situation;
        this.pre = this.pre && this.pre.kind === kind ? null : now && { kind, ...now };
        this.key = '';
        if (this.last) this.render(...this.last);
        return;
      }
      const b = ev.target.closest('button[data-bet]');
      if (!b || b.disabled) return;
      const kind = b.dataset.bet;
      if (kind === 'preset') {
        this.preset = b.dataset.preset || null;
        this.setValue(Number(b.dataset.to));
        this.markPreset();
        return;
      }
      this.fire(kind);
    });
    root.addEventListener('input', (ev) => {
      if (ev.target.matches('.bet-slider')) {
        this.preset = null;
        this.setValue(Number(ev.target.value), 'slider');
        this.markPreset();
      }
    });
    root.addEventListener('change', (ev) => {
      if (ev.target.matches('.bet-amount')) {
        this.preset = null;
        this.setValue(Number(ev.target.value), 'input');
        this.markPreset();
      }
    });
    root.addEventListener('keydown', (ev) => {
      if (ev.target.matches('.bet-amount') && ev.key === 'Enter') {
        ev.preventDefault();
        this.setValue(Number(ev.target.value), 'input');
        this.fire('raise');
      }
    });
  }

  /** Marks the preset chosen (the one later decisions start at) as pressed. */
  markPreset() {
    this.root.querySelectorAll('button[data-preset]').forEach((b) => {
      const on = b.dataset.preset === this.preset;
      b.classList.toggle('on', on);
      b.setAttribute('aria-pressed', String(on));
    });
  }

  setValue(v, from) {
    if (!this.legal?.raise) return;
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
    // a fold where checking is free is asked twice (issue 49): the first press says so
    if (kind === 'fold' && L.fold && L.check && this.foldAsked !== this.decision) {
      this.foldAsked = this.decision;
      const b = this.root.querySelector('#act-fold');
      if (b) {
        b.classList.add('confirm');
        b.textContent = t('fold_confirm');
        b.focus();
      }
      announce(t('fold_confirm'));
      return;
    }
    if (kind === 'fold' && L.fold) action = { action: 'fold' };
    else if (kind === 'check' && L.check) action = { action: 'check' };
    else if (kind === 'call' && L.call != null) action = { action: 'call' };
    else if (kind === 'checkcall') action = L.check ? { action: 'check' } : L.call != null ? { action: 'call' } : null;
    else if (kind === 'raise' && L.raise)
      action = { action: 'bet_or_raise_to', to: clamp(this.value ?? L.raise.min, L.raise.min, L.raise.max) };
    else if (kind === 'allin' && L.raise) action = { action: 'bet_or_raise_to', to: L.raise.max };
    if (!action) return;
    this.busy = true;
    this.root.classList.add('busy');
    this.root.querySelectorAll('button').forEach((b) => {
      b.disabled = true;
    });
    let ok = false;
    try {
      await this.send(action);
      ok = true;
    } catch {
      /* the table shows the error */
    } finally {
      this.busy = false;
      this.root.classList.remove('busy');
      if (!ok && this.last) {
        this.key = '';
        this.render(...this.last);
      }
    }
  }

  /** Handles f / c / r; returns true when the key was used. */
  key_(ev) {
    if (!this.legal?.any) return false;
    const k = ev.key.toLowerCase();
    if (k === 'f' && this.legal.fold) {
      this.fire('fold');
      return true;
    }
    if (k === 'c' && (this.legal.check || this.legal.call != null)) {
      this.fire('checkcall');
      return true;
    }
    if (k === 'r' && this.legal.raise) {
      this.fire('raise');
      return true;
    }
    return false;
  }

  /** The pre-action buttons for the situation `now` ({hand, round, toCall, stack}). */
  preHtml(now) {
    const facing = now.toCall > 0;
    const allIn = now.stack != null && now.toCall >= now.stack;
    const label = {
      checkfold: t('pre_check_fold'),
      foldany: t('pre_fold_any'),
      check: word('actions', 'check'),
      fold: word('actions', 'fold'),
      call: `${word('actions', allIn ? 'all_in' : 'call')} ${fmtChips(Math.min(now.toCall, now.stack ?? now.toCall))}`,
      callany: t('pre_call_any'),
    };
    const kinds = facing ? ['fold', 'foldany', 'call', 'callany'] : ['checkfold', 'foldany', 'check', 'callany'];
    const on = this.pre?.kind;
    return `<div class="pre-actions" role="group" aria-label="${t('pre_actions')}" id="pre-actions">
      <span class="pre-hint muted small">${t('pre_hint')}</span>
      ${kinds
        .map(
          (k) => `<button type="button" class="btn small pre ${on === k ? 'on' : ''}" data-pre="${k}"
        id="pre-${k}" aria-pressed="${on === k}">${label[k]}</button>`,
        )
        .join('')}
    </div>`;
  }

  /**
   * Draws the bar for `legal` (normalized) in context ({pot, myBet, maxBet, stack, handKey,
   * pre}); `ctx.pre` is the betting situation ({hand, round, toCall}) while the viewer is dealt
   * in a betting round, for the pre-actions.
   */
  render(legal, ctx, extra = '') {
    this.last = [legal, ctx, extra];
    const now = ctx.pre || null;
    this.situation = now;
    if (this.pre && !preStillMeant(this.pre, now)) this.pre = null;
    const mine = !!legal && !!(legal.fold || legal.check || legal.call != null || legal.raise);
    // the turn came with a pre-action chosen: play it
    if (mine && this.pre && !this.busy) {
      const a = preAction(this.pre.kind, legal);
      this.pre = null;
      if (a) {
        this.legal = legal;
        this.fire(a.action);
        return;
      }
    }
    const key = JSON.stringify([legal, ctx.handKey, extra, mine ? null : now, this.pre]);
    this.legal = legal;
    if (key === this.key && this.root.childElementCount) return;
    const fresh = JSON.stringify([legal, ctx.handKey]) !== this.decision;
    this.decision = JSON.stringify([legal, ctx.handKey]);
    this.key = key;
    if (!mine) {
      this.root.innerHTML = extra + (now && now.toCall != null ? this.preHtml(now) : '');
      return;
    }
    const r = legal.raise;
    const betWord = ctx.maxBet > 0 ? word('actions', 'raise_to') : word('actions', 'bet');
    // each decision starts at the minimum, or at the preset the player chose before
    if (r && fresh) {
      const p = r.presets || {};
      const at = { min: r.min, half: p.half_pot, '3q': p.three_quarter_pot, pot: p.pot, allin: r.max }[this.preset];
      this.value = clamp(at != null ? at : r.min, r.min, r.max);
    }
    if (r)
      this.value = clamp(
        this.value != null && this.value >= r.min && this.value <= r.max ? this.value : r.min,
        r.min,
        r.max,
      );
    const presets = [];
    if (r && r.max > r.min) {
      const seen = new Set();
      const add = (label, to, id, name) => {
        if (to == null || seen.has(to)) return;
        seen.add(to);
        const on = this.preset === name;
        presets.push(
          `<button type="button" class="btn small preset ${on ? 'on' : ''}" data-bet="preset" data-preset="${name}"
            data-to="${to}" id="${id}" aria-pressed="${on}">${label}</button>`,
        );
      };
      add(t('min_raise'), r.min, 'bet-min', 'min');
      const p = r.presets;
      if (p) {
        add(t('half_pot'), p.half_pot, 'bet-half', 'half');
        add(t('three_q_pot'), p.three_quarter_pot, 'bet-3q', '3q');
        add(t('pot'), p.pot, 'bet-pot', 'pot');
      }
      add(word('actions', 'all_in'), r.max, 'bet-allin', 'allin');
    }
    const callAllIn = legal.call != null && ctx.stack != null && legal.call >= ctx.stack;
    const step = ctx.step || 1;
    this.root.innerHTML = `
      ${extra}
      ${
        r && r.max > r.min
          ? `<div class="raise-tools">
        <div class="presets" role="group" aria-label="${t('bet_amount')}">${presets.join('')}</div>
        <div class="slider-row">
          <input type="range" class="bet-slider" id="bet-slider" min="${r.min}" max="${r.max}" step="${step}"
            value="${this.value}" aria-label="${t('bet_amount')} ${t('raise_range', { min: r.min, max: r.max })}">
          <input type="number" class="bet-amount" id="bet-amount" min="${r.min}" max="${r.max}" value="${this.value}"
            aria-label="${t('bet_amount')}">
        </div></div>`
          : ''
      }
      <div class="main-actions">
        ${
          legal.fold
            ? legal.check && this.foldAsked === this.decision
              ? `<button type="button" class="btn act fold confirm" data-bet="fold"
                id="act-fold">${t('fold_confirm')}</button>`
              : `<button type="button" class="btn act fold" data-bet="fold"
                id="act-fold"><kbd>F</kbd> ${word('actions', 'fold')}</button>`
            : ''
        }
        ${
          legal.check
            ? `<button type="button" class="btn act check" data-bet="check"
          id="act-check"><kbd>C</kbd> ${word('actions', 'check')}</button>`
            : ''
        }
        ${
          legal.call != null && !legal.check
            ? `<button type="button" class="btn act call" data-bet="call"
          id="act-call"><kbd>C</kbd> ${callAllIn ? word('actions', 'all_in') : word('actions', 'call')} <span
          class="amt">${fmtChips(legal.call)}</span></button>`
            : ''
        }
        ${
          r
            ? `<button type="button" class="btn act raise" data-bet="raise"
          id="act-raise"><kbd>R</kbd> ${
            r.min === r.max && r.max === ctx.allInTo ? word('actions', 'all_in') : betWord
          } <span class="amt">${fmtChips(this.value)}</span></button>`
            : ''
        }
      </div>`;
  }

  clear() {
    this.key = '';
    this.legal = null;
    this.pre = null;
    this.root.innerHTML = '';
  }
}
