// cards.js — draws playing cards (HTML + inline SVG suit pips) with a text alternative in the
// chosen language; parses card strings ("As", "Td", "10h").
import { cardName, t } from './i18n.js';

export const SUIT_PATHS = {
  s:
    'M50 6C38 26 12 40 12 60c0 13 10 21 21 21 6 0 11-3 14-7-1 9-4 15-9 20h24' +
    'c-5-5-8-11-9-20 3 4 8 7 14 7 11 0 21-8 21-21C88 40 62 26 50 6z',
  h: 'M50 90C36 76 8 58 8 34 8 20 18 10 31 10c9 0 15 5 19 12 4-7 10-12 19-12 13 0 23 10 23 24 0 24-28 42-42 56z',
  d: 'M50 4 86 50 50 96 14 50z',
  c:
    'M50 8c-11 0-20 9-20 20 0 4 1 8 3 11-3-2-7-3-11-3C11 36 3 45 3 56' +
    's9 20 20 20c9 0 15-4 20-10-1 11-4 18-10 25h34' +
    'c-6-7-9-14-10-25 5 6 11 10 20 10 11 0 20-9 20-20s-8-20-19-20c-4 0-8 1-11 3 2-3 3-7 3-11 0-11-9-20-20-20z',
};
const RANK_TEXT = { T: '10' };
const RANKS = '23456789TJQKA';

/** Canonical form of a card string ("10h" → "Th", "as" → "As"), or null. */
export function parseCard(s) {
  if (typeof s !== 'string') return null;
  let x = s.trim();
  if (x.startsWith('10')) x = `T${x.slice(2)}`;
  if (x.length !== 2) return null;
  const r = x[0].toUpperCase();
  const u = x[1].toLowerCase();
  if (!RANKS.includes(r) || !'cdhs'.includes(u)) return null;
  return r + u;
}

/** Splits "AsKd", "As Kd" or "As,Kd" into cards; "??" / "****" become null (hidden). */
export function splitCards(s) {
  if (Array.isArray(s)) return s;
  const out = [];
  const str = String(s || '').replace(/[\s,]+/g, '');
  for (let i = 0; i + 1 < str.length; i += 2) {
    if (str.slice(i, i + 3) === `10${str[i + 2]}` && /[cdhs]/i.test(str[i + 2])) {
      out.push(parseCard(str.slice(i, i + 3)));
      i += 1;
      continue;
    }
    const c = str.slice(i, i + 2);
    out.push(c.includes('?') || c.includes('*') ? null : parseCard(c));
  }
  return out;
}

export function suitSvg(suit, cls = 'pip') {
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true"
    focusable="false"><path d="${SUIT_PATHS[suit]}"/></svg>`;
}

/**
 * HTML for one card. `card` null/undefined draws a face-down card. Options: size ('sm','md','lg'),
 * button (render as <button> with data-card), selected, dim, cls (extra classes), label (override).
 */
export function cardHtml(card, opts = {}) {
  const c = parseCard(card);
  const size = opts.size || 'md';
  const classes = ['card', `card-${size}`];
  if (opts.cls) classes.push(opts.cls);
  if (opts.selected) classes.push('selected');
  if (opts.dim) classes.push('dim');
  const extra = opts.attrs || '';
  if (!c) {
    classes.push('back');
    return `<span class="${classes.join(' ')}" role="img" aria-label="${t('hidden_card')}" ${extra}></span>`;
  }
  classes.push(`suit-${c[1]}`);
  const label = opts.label || cardName(c);
  const rank = RANK_TEXT[c[0]] || c[0];
  const inner = `<span class="rank">${rank}</span>${suitSvg(c[1], 'pip small')}${suitSvg(c[1], 'pip big')}`;
  if (opts.button) {
    // The button's name is its (hidden) text, the card's full name: the visible rank and pips
    // are decoration, so the name never has to contain "2" or "K" (WCAG 2.5.3 label in name).
    const face = `<span class="rank"
      aria-hidden="true">${rank}</span>${suitSvg(c[1], 'pip small')}${suitSvg(c[1], 'pip big')}`;
    return `<button type="button" class="${classes.join(' ')}" data-card="${c}"
      aria-pressed="${opts.selected ? 'true' : 'false'}" ${opts.disabled ? 'disabled' : ''} ${extra}><span
      class="sr-only">${label}</span>${face}</button>`;
  }
  return `<span class="${classes.join(' ')}" role="img" aria-label="${label}"
    data-card="${c}" ${extra}>${inner}</span>`;
}

export function cardsHtml(cards, opts = {}) {
  return (cards || []).map((c) => cardHtml(c, opts)).join('');
}

/** Plain text "A♠ K♦" for logs. */
export function cardsText(cards) {
  const sym = { s: '♠', h: '♥', d: '♦', c: '♣' };
  return (Array.isArray(cards) ? cards : splitCards(cards))
    .map((c) => {
      const p = parseCard(c);
      return p ? (RANK_TEXT[p[0]] || p[0]) + sym[p[1]] : '??';
    })
    .join(' ');
}
