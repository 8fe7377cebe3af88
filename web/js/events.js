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

/**
 * A bet or a raise in words, the one wording of the live log and the replayer (issue 49: the
 * log called every bet a raise): "Ada bets 8" when nothing was bet in the round before it (in
 * Hold'em the blinds are bets), else "Ada raises to 14"; "(all-in)" after it when it is.
 */
export function betSentence(who, to, opened, allIn) {
  return t(opened ? 'e_raise' : 'e_bet', { who, amount: fmtChips(to) }) + (allIn ? ` ${t('e_allin')}` : '');
}

/** Whether event `name` (its fields `f`) leaves chips bet in the round, given `opened` before it:
 * a blind or a bet opens the round, the round's end closes it. */
function opensAfter(name, opened) {
  if (name === 'blind' || name === 'bet_or_raise') return true;
  if (name === 'round_ended') return false;
  return opened;
}

/** A hand's log lines, its events in order (each line, or '' for one not worth a line): a bet
 * is told as a bet or a raise by what the round held before it. */
export function describeEvents(events, who) {
  let opened = false;
  return events.map((e) => {
    const { name, f } = parseEvent(e);
    const line =
      name === 'bet_or_raise' ? betSentence(who(f.seat ?? f.player), f.to, opened, f.all_in) : describeEvent(e, who);
    opened = opensAfter(name, opened);
    return line;
  });
}

/** A log line, or '' for events not worth a line. `who(i)` names an engine seat. A bet or raise
 * out of its hand's story is told as a raise: `describeEvents` tells which it is. */
export function describeEvent(e, who) {
  const { name, f } = parseEvent(e);
  const w = who(f.seat ?? f.player);
  const amt = fmtChips(f.amount ?? f.to ?? f.chips);
  const ai = f.all_in ? ` ${t('e_allin')}` : '';
  switch (name) {
    case 'ante':
    case 'blind':
      return t('e_posts', { who: w, amount: amt });
    case 'fold':
      return t('e_fold', { who: w });
    case 'check':
      return t('e_check', { who: w });
    case 'call':
      return t('e_call', { who: w, amount: amt }) + ai;
    case 'bet_or_raise':
      return betSentence(w, f.to, true, f.all_in);
    case 'shown':
      return t('e_shows', { who: w, cards: cardsText(cardsOf(f)) }) + (f.hand ? ` — ${handName(f.hand)}` : '');
    case 'mucked':
      return t('e_mucks', { who: w });
    case 'pot_won':
      return t('e_wins', { who: w, amount: amt });
    case 'board':
      return t('e_board', { cards: cardsText(cardsOf(f)) });
    case 'uncalled_returned':
      return t('e_returned', { who: w, amount: amt });
    case 'exchanged':
      return t('e_exchange', { who: w, n: f.count });
    case 'placed':
      return t('e_place', { who: w, cards: cardsText(cardsOf(f)) });
    case 'picked':
      return t('e_pick', { who: w, cards: cardsText(cardsOf(f)) });
    case 'round_started':
      return t('e_round', { n: f.round });
    case 'scored':
      return `${w}: ${f.points ?? 0} ${t('points_short')}`;
    case 'reshuffled':
    case 'hole_dealt':
    case 'burned':
    case 'round_ended':
    case 'hand_over':
    case 'dealt':
    case 'draft_order':
    case 'discarded':
    case 'bottom_card':
    case 'carried':
    case 'carried_in':
    case 'game_over':
      return '';
    default:
      return name ? name.replace(/_/g, ' ') : '';
  }
}
