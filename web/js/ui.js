// ui.js — small DOM helpers shared by the pages: escaping, toasts, screen-reader announcements.
import { t } from './i18n.js';

export function esc(s) {
  return String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

/** Error codes (docs/protocol.md) whose words say it all; the others add the server's facts. */
const PLAIN_CODES = new Set([
  'rate_limited',
  'unauthenticated',
  'no_such_table',
  'not_seated',
  'already_seated',
  'table_full',
  'insufficient_chips',
  'stale_hand',
  'not_your_turn',
  'unavailable',
  'elsewhere',
  'internal',
  'too_large',
  'unsupported_version',
]);

/** An error answer (`{code, message}`) in words of the chosen language, never a raw code
 * (issue 49: "rate_limited: …" toasts). */
export function errorText(e) {
  const code = e?.code;
  const key = code ? `ec_${code}` : '';
  const words = key && t(key) !== key ? t(key) : '';
  if (words && PLAIN_CODES.has(code)) return words;
  const msg = e?.message || '';
  if (words) return msg ? `${words}: ${msg}` : words;
  return msg || t('err_generic');
}

/**
 * Shows `text` in `box` for `ms`: one notice per text — a repeat while it shows is counted on it
 * ("×3") and keeps it up, rather than piling up a copy (issue 49).
 */
export function showNotice(box, text, kind = 'info', ms = 2600) {
  if (!box) return null;
  const same = [...box.children].find((x) => x.dataset.text === text && !x.classList.contains('out'));
  const d = same || document.createElement('div');
  if (!same) {
    d.className = `toast ${kind}`;
    d.dataset.text = text;
    d.dataset.count = '0';
    const p = document.createElement('span');
    p.className = 'n-text';
    p.textContent = text;
    d.appendChild(p);
    box.appendChild(d);
  }
  const n = Number(d.dataset.count) + 1;
  d.dataset.count = String(n);
  if (n > 1) {
    let c = d.querySelector('.n-count');
    if (!c) {
      c = document.createElement('span');
      c.className = 'n-count';
      d.appendChild(c);
    }
    c.textContent = ` ×${n}`;
  }
  clearTimeout(d._out);
  clearTimeout(d._gone);
  d._out = setTimeout(() => d.classList.add('out'), ms);
  d._gone = setTimeout(() => d.remove(), ms + 400);
  return d;
}

export function toast(text, kind = 'info', ms = 2600) {
  showNotice(document.getElementById('toasts'), text, kind, ms);
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
  if (r) {
    r.textContent = '';
    setTimeout(() => {
      r.textContent = text;
    }, 30);
  }
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
  if (!tg?.tagName) return false;
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
  for (const e of root.querySelectorAll('div[aria-label]:not([role]), span[aria-label]:not([role])')) {
    e.setAttribute('role', 'group');
  }
}
