// i18n.js — the browser's UI strings in English, Italian, Portuguese and German (t(key, params);
// the strings themselves in strings/<lang>.js, one module per language), and the game's words
// from the room's catalogue (word(section, code), cardName, handName).

import en from './strings/en.js';
import it from './strings/it.js';
import pt from './strings/pt.js';
import de from './strings/de.js';

const S = { en, it, pt, de };

// The game's words — hand categories, ranks, suits and card names, how hands are told, streets,
// stages, phases, actions and results — live in one catalogue, the engine's
// (tavolo_cards::words), served as /i18n/words.json and loaded once at start; the strings
// above are the browser's own sentences and labels.
let WORDS = null;

/** Loads the catalogue of game words from the room. */
export async function loadWords() {
  try {
    const r = await fetch('i18n/words.json', { credentials: 'same-origin' });
    if (r.ok) WORDS = await r.json();
  } catch {
    /* names fall back to the codes */
  }
}

/** Sets the catalogue (tests). */
export function setWords(w) {
  WORDS = w;
}

function words() {
  return (WORDS && (WORDS[lang] || WORDS.en)) || null;
}

export const LANGS = { en: 'English', it: 'Italiano', pt: 'Português', de: 'Deutsch' };

let lang = 'en';
export function setLang(l) {
  lang = S[l] ? l : 'en';
  document.documentElement.lang = lang;
}
export function getLang() {
  return lang;
}

/** The string `key` in the current language, with {placeholders} filled from `params`. */
export function t(key, params = {}) {
  const s = S[lang]?.[key] ?? S.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => params[k] ?? `{${k}}`);
}

/** "ace of spades" (or "Pik Ass") for a card string like "As", by the catalogue's pattern. */
export function cardName(card) {
  if (!card || card.length < 2) return t('hidden_card');
  const w = words();
  if (!w) return card;
  const rank = (w.ranks[card[0].toUpperCase()] || [card[0]])[0];
  const suit = w.suits[card[1].toLowerCase()] || card[1];
  return w.card.replace('{rank}', rank.toLowerCase()).replace('{Rank}', rank).replace('{suit}', suit);
}

/** The catalogue's word for `code` in `section` (`streets`, `stages`, `phases`, `actions`,
 * `results`): the codes are the engine's own, so the browser and the terminal say the same. */
export function word(section, code) {
  const w = words();
  return w?.[section]?.[code] || String(code ?? '').replace(/_/g, ' ');
}

/** Normalises an engine category name ("TwoPair", "two_pair", "Two pair") to snake_case. */
export function categoryKey(c) {
  if (!c) return '';
  return String(c)
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

/** The category's name in the current language (a code: `two_pair`, `royal_flush`, …). */
export function categoryName(c) {
  const k = categoryKey(c);
  const w = words();
  return w?.categories[k] || k.replace(/_/g, ' ');
}

/** A hand the server sent as codes ({category, ranks}) told in the current language, filling
 * the catalogue's pattern as the engine does ("Two pair, Kings and Sevens, Ace kicker"). */
export function handName(h) {
  if (!h?.category) return '';
  const ranks = h.ranks || [];
  const cat = categoryKey(h.category);
  const code = cat === 'straight_flush' && ranks[0] === 'A' ? 'royal_flush' : cat;
  const w = words();
  if (!w?.hands[code]) return categoryName(code);
  const name = (i, plural) => (w.ranks[ranks[i]] || ['?', '?'])[plural ? 1 : 0];
  const list = (from) =>
    ranks
      .slice(from)
      .map((r) => (w.ranks[r] || [r])[0])
      .join(', ');
  return w.hands[code].replace(/\{(name|list|kick|r|R)(\d*)\}/g, (_, key, n) => {
    const i = Number(n || 0);
    if (key === 'name') return w.categories[code];
    if (key === 'list') return list(i);
    if (key === 'kick') return (ranks.length - i === 1 ? w.kicker.one : w.kicker.many).replace('{list}', list(i));
    return name(i, key === 'R');
  });
}

/** A shown hand's category alone ("Three of a kind"), for a seat's plate, where the whole name
 * ("Three of a kind, Eights, kickers Queen, Ten") was cut on a phone (issue 49); the whole name
 * goes in the plate's title and the result. */
export function handShort(h) {
  if (!h?.category) return '';
  const cat = categoryKey(h.category);
  return categoryName(cat === 'straight_flush' && (h.ranks || [])[0] === 'A' ? 'royal_flush' : cat);
}

/** Every key of every language, for tests that check completeness. */
export function _allKeys() {
  return Object.fromEntries(Object.entries(S).map(([l, o]) => [l, Object.keys(o)]));
}
