// legal.js — reads the `legal` list of a table_state into the one shape the action bars use.
// The list is the room's typed choices (docs/protocol.md): betting games send
// {"action":"check"|"fold"|"show"|"muck"}, {"action":"call","amount"}, {"action":"bet_or_raise_to",
// "min","max","presets":{"half_pot","three_quarter_pot","pot"}} and {"action":"exchange","max"};
// Saint Poker sends one entry per legal choice,
// {"action":"place"|"pick","player","card"} and {"action":"show","player","cards","hand"?}.

/** {fold, check, call (chips|null), raise {min,max,presets}|null, exchange {max}|null, show, muck,
 * place [cards]|null, showPair (bool), pick [cards]|null, any}. The entries are typed by the
 * protocol's schema (the engine's choices), so a renamed field fails the type check.
 * @param {{view?: any, legal?: import('../types/protocol').TableState['legal']}} st */
export function normLegal(st) {
  const out = {
    fold: false,
    check: false,
    call: null,
    raise: null,
    exchange: null,
    show: false,
    muck: false,
    place: null,
    showPair: false,
    pick: null,
    any: false,
  };
  const saint = !!st.view?.phase;
  for (const item of Array.isArray(st.legal) ? st.legal : []) {
    switch (item?.action) {
      case 'fold':
        out.fold = true;
        break;
      case 'check':
        out.check = true;
        break;
      case 'call':
        out.call = item.amount;
        break;
      case 'bet_or_raise_to':
        out.raise = { min: item.min, max: item.max, presets: item.presets || null };
        break;
      case 'exchange':
        out.exchange = { max: item.max };
        break;
      case 'show':
        if (saint) out.showPair = true;
        else out.show = true;
        break;
      case 'muck':
        out.muck = true;
        break;
      case 'place':
        out.place = out.place || [];
        out.place.push(item.card);
        break;
      case 'pick':
        out.pick = out.pick || [];
        out.pick.push(item.card);
        break;
      default:
        break;
    }
  }
  out.any =
    out.fold ||
    out.check ||
    out.call != null ||
    !!out.raise ||
    !!out.exchange ||
    out.show ||
    out.muck ||
    !!out.place ||
    out.showPair ||
    !!out.pick;
  return out;
}
