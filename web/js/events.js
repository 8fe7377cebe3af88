// events.js — turns the server's (censored) engine events into short log lines in the chosen
// language; tolerant of the event encoding (tagged objects or serde's externally tagged enums).
import { t, handName } from './i18n.js';
import { cardsText } from './cards.js';
import { fmtChips } from './ui.js';

/** {name, f} of an event: name in snake_case, f the fields. */
export function parseEvent(e) {
  if (e == null) return { name: '', f: {} };
  if (typeof e === 'string') return { name: snake(e), f: {} };
  const tag = e.event || e.type || e.kind || e.action;
  if (tag) return { name: snake(tag), f: e };
  const keys = Object.keys(e);
  if (keys.length === 1 && typeof e[keys[0]] === 'object') return { name: snake(keys[0]), f: e[keys[0]] || {} };
  return { name: keys.length === 1 ? snake(keys[0]) : '', f: e };
}

function snake(s) { return String(s).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase(); }

function cardsOf(f) {
  if (f.cards && typeof f.cards === 'object' && !Array.isArray(f.cards) && f.cards.cards) return f.cards.cards;
  return f.cards || (f.card ? [f.card] : []);
}

/** A log line, or '' for events not worth a line. `who(i)` names an engine seat. */
export function describeEvent(e, who) {
  const { name, f } = parseEvent(e);
  const w = who(f.seat ?? f.player);
  const amt = fmtChips(f.amount ?? f.to ?? f.chips);
  const ai = f.all_in ? ` ${t('e_allin')}` : '';
  switch (name) {
    case 'ante_posted': case 'blind_posted': case 'posted': case 'ante': case 'blind': return t('e_posts', { who: w, amount: amt });
    case 'folded': case 'fold': return t('e_fold', { who: w });
    case 'checked': case 'check': return t('e_check', { who: w });
    case 'called': case 'call': return t('e_call', { who: w, amount: amt }) + ai;
    case 'bet_or_raised': case 'bet_or_raise': case 'bet': case 'raised': case 'bet_or_raise_to': return t('e_raise', { who: w, amount: fmtChips(f.to ?? f.amount) }) + ai;
    case 'shown': case 'show': {
      const cs = cardsOf(f);
      return t('e_shows', { who: w, cards: cardsText(cs) }) + (f.hand && f.hand.category ? ` — ${handName(f.hand)}` : '');
    }
    case 'mucked': case 'muck': return t('e_mucks', { who: w });
    case 'pot_won': case 'won': return t('e_wins', { who: w, amount: amt });
    case 'board_dealt': case 'board': return t('e_board', { cards: cardsText(cardsOf(f)) });
    case 'uncalled_returned': return t('e_returned', { who: w, amount: amt });
    case 'exchanged': case 'exchange': {
      const n = f.count ?? f.n ?? (Array.isArray(f.discard) ? f.discard.length : Array.isArray(f.discarded) ? f.discarded.length : (f.discarded && f.discarded.len) ?? '?');
      return t('e_exchange', { who: w, n });
    }
    case 'placed': return t('e_place', { who: w, cards: cardsText(cardsOf(f)) });
    case 'picked': return t('e_pick', { who: w, cards: cardsText(cardsOf(f)) });
    case 'round_started': return t('e_round', { n: f.round });
    case 'scored': return `${w}: ${f.points ?? 0} ${t('points_short')}`;
    case 'reshuffled': return '';
    case 'hole_dealt': case 'burned': case 'round_ended': case 'hand_over': case 'dealt': case 'draft_order': case 'discarded': case 'bottom_card': case 'carried': case 'game_over': return '';
    default: return name ? name.replace(/_/g, ' ') : '';
  }
}
