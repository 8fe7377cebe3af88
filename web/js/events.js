// events.js — turns the server's (censored) engine events into short log lines in the chosen
// language. Every event is the engine's, tagged by `event` (docs/protocol.md): Hold'em and Draw
// share the betting ones (`ante`, `fold`, `check`, `call`, `bet_or_raise`, `pot_won`, …).
import { t, handName } from './i18n.js';
import { cardsText } from './cards.js';
import { fmtChips } from './ui.js';

/** {name, f} of an event: its `event` name and its fields. */
export function parseEvent(e) {
  return e && typeof e === 'object' ? { name: String(e.event || ''), f: e } : { name: '', f: {} };
}

function cardsOf(f) {
  return f.cards || (f.card ? [f.card] : []);
}

/** A log line, or '' for events not worth a line. `who(i)` names an engine seat. */
export function describeEvent(e, who) {
  const { name, f } = parseEvent(e);
  const w = who(f.seat ?? f.player);
  const amt = fmtChips(f.amount ?? f.to ?? f.chips);
  const ai = f.all_in ? ` ${t('e_allin')}` : '';
  switch (name) {
    case 'ante': case 'blind': return t('e_posts', { who: w, amount: amt });
    case 'fold': return t('e_fold', { who: w });
    case 'check': return t('e_check', { who: w });
    case 'call': return t('e_call', { who: w, amount: amt }) + ai;
    case 'bet_or_raise': return t('e_raise', { who: w, amount: fmtChips(f.to) }) + ai;
    case 'shown': return t('e_shows', { who: w, cards: cardsText(cardsOf(f)) }) + (f.hand ? ` — ${handName(f.hand)}` : '');
    case 'mucked': return t('e_mucks', { who: w });
    case 'pot_won': return t('e_wins', { who: w, amount: amt });
    case 'board': return t('e_board', { cards: cardsText(cardsOf(f)) });
    case 'uncalled_returned': return t('e_returned', { who: w, amount: amt });
    case 'exchanged': return t('e_exchange', { who: w, n: f.count });
    case 'placed': return t('e_place', { who: w, cards: cardsText(cardsOf(f)) });
    case 'picked': return t('e_pick', { who: w, cards: cardsText(cardsOf(f)) });
    case 'round_started': return t('e_round', { n: f.round });
    case 'scored': return `${w}: ${f.points ?? 0} ${t('points_short')}`;
    case 'reshuffled': case 'hole_dealt': case 'burned': case 'round_ended': case 'hand_over': case 'dealt': case 'draft_order': case 'discarded': case 'bottom_card': case 'carried': case 'carried_in': case 'game_over': return '';
    default: return name ? name.replace(/_/g, ' ') : '';
  }
}
