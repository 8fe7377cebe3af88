// ui.js — small DOM helpers shared by the pages: escaping, toasts, screen-reader announcements.
import { t } from './i18n.js';

export function esc(s) {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

export function toast(text, kind = 'info', ms = 2600) {
  const box = document.getElementById('toasts');
  if (!box) return;
  const d = document.createElement('div');
  d.className = `toast ${kind}`;
  d.textContent = text;
  box.appendChild(d);
  setTimeout(() => d.classList.add('out'), ms);
  setTimeout(() => d.remove(), ms + 400);
}

/** A notice that stays until dismissed or followed: `text`, and a link (`{label, href}`) to act
 * on it; also read out to screen readers. */
export function notice(text, link) {
  const box = document.getElementById('toasts');
  if (!box) return;
  const d = document.createElement('div');
  d.className = 'toast notice';
  d.setAttribute('role', 'alert');
  const p = document.createElement('span');
  p.textContent = text;
  d.appendChild(p);
  if (link) {
    const a = document.createElement('a');
    a.className = 'btn small primary';
    a.href = link.href;
    a.textContent = link.label;
    a.addEventListener('click', () => d.remove());
    d.appendChild(a);
  }
  const x = document.createElement('button');
  x.type = 'button';
  x.className = 'btn tiny ghost';
  x.textContent = '×';
  x.setAttribute('aria-label', t('dismiss'));
  x.addEventListener('click', () => d.remove());
  d.appendChild(x);
  box.appendChild(d);
  setTimeout(() => d.remove(), 60000);
}

export function announce(text) {
  const r = document.getElementById('sr-live');
  if (r) { r.textContent = ''; setTimeout(() => { r.textContent = text; }, 30); }
}

/** Returns `cls` the first time `key` is seen (an entrance animation plays once), else ''. */
const seenAnim = new Set();
export function once(key, cls = 'deal') {
  if (seenAnim.has(key)) return '';
  seenAnim.add(key);
  if (seenAnim.size > 5000) seenAnim.clear();
  return cls;
}

export function fmtChips(n) {
  if (n == null || Number.isNaN(Number(n))) return '';
  return Number(n).toLocaleString();
}

/** True when a keyboard event comes from a text field (shortcuts must not fire there). */
export function typing(ev) {
  const tg = ev.target;
  if (!tg || !tg.tagName) return false;
  if (tg.tagName === 'TEXTAREA' || tg.tagName === 'SELECT' || tg.isContentEditable) return true;
  if (tg.tagName === 'INPUT') return !['range', 'checkbox', 'radio', 'button'].includes(tg.type);
  return false;
}

/**
 * Gives role="group" to every labelled <div> or <span> under `root` that has no role, so that its
 * aria-label is allowed (ARIA prohibits a name on a generic element): the board, a Saint
 * player's placed and shown cards. A game module that sets the role itself needs none of this.
 */
export function labelGroups(root) {
  root.querySelectorAll('div[aria-label]:not([role]), span[aria-label]:not([role])').forEach((e) => e.setAttribute('role', 'group'));
}
