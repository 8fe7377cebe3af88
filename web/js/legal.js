// legal.js — reads the `legal` list of a table_state (and the view's own legal field) into one
// shape the action bars use, tolerating several encodings of the engine's legal actions.

function tag(item) {
  if (typeof item === 'string') return item;
  if (!item || typeof item !== 'object') return '';
  const x = item.action || item.type || item.kind;
  if (x) return String(x);
  const k = Object.keys(item);
  return k.length === 1 ? k[0] : '';
}

function snake(s) { return String(s).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase(); }

function fromLegalObject(o, out) {
  if (o.fold) out.fold = true;
  if (o.check) out.check = true;
  if (o.call != null && o.call !== false) out.call = typeof o.call === 'number' ? o.call : (o.call.amount ?? 0);
  const r = o.raise || o.bet_or_raise_to || o.bet;
  if (r && typeof r === 'object') out.raise = { min: r.min_to ?? r.min, max: r.max_to ?? r.max };
}

/** {fold, check, call (chips|null), raise {min,max}|null, exchange {max,cards}|null, show, muck, place [cards]|true, showPair, pick [cards]|true, any}. */
export function normLegal(st) {
  const out = { fold: false, check: false, call: null, raise: null, exchange: null, show: false, muck: false, place: null, showPair: null, pick: null, any: false };
  const L = st.legal;
  const list = Array.isArray(L) ? L : (L && typeof L === 'object' ? [L] : []);
  for (const raw of list) {
    let item = raw;
    let name = snake(tag(item));
    if (item && typeof item === 'object' && !item.action && !item.type && Object.keys(item).length === 1 && typeof item[Object.keys(item)[0]] === 'object') item = item[Object.keys(item)[0]] || {};
    if (!name && item && typeof item === 'object' && ('fold' in item || 'raise' in item || 'check' in item)) { fromLegalObject(item, out); continue; }
    switch (name) {
      case 'bet': case 'legal': if (item && ('fold' in item || 'raise' in item)) { fromLegalObject(item, out); break; } // fall through
      // eslint-disable-next-line no-fallthrough
      case 'bet_or_raise_to': case 'raise': case 'raise_to': case 'bet_to': {
        const min = item.min_to ?? item.min ?? (item.to && item.to.min) ?? item.to ?? item.amount;
        const max = item.max_to ?? item.max ?? (item.to && item.to.max) ?? item.to ?? item.amount;
        if (min != null) out.raise = out.raise ? { min: Math.min(out.raise.min, min), max: Math.max(out.raise.max, max) } : { min, max };
        break;
      }
      case 'fold': out.fold = true; break;
      case 'check': out.check = true; break;
      case 'call': out.call = typeof item === 'object' ? (item.amount ?? item.chips ?? item.call ?? 0) : 0; break;
      case 'exchange': out.exchange = { max: item.max ?? 3, cards: item.hand || item.cards || null }; break;
      case 'showdown': out.show = true; out.muck = !!item.may_muck; break;
      case 'show':
        if (item && (item.cards || item.pairs)) out.showPair = item.pairs || true; else out.show = true;
        if (st.view && st.view.phase) out.showPair = out.showPair || true;
        break;
      case 'muck': out.muck = true; break;
      case 'place': out.place = (out.place && out.place !== true ? out.place : []); if (item.card) out.place.push(item.card); else if (item.cards) out.place.push(...item.cards); else out.place = true; break;
      case 'pick': out.pick = (out.pick && out.pick !== true ? out.pick : []); if (item.card) out.pick.push(item.card); else if (item.cards) out.pick.push(...item.cards); else out.pick = true; break;
      default: break;
    }
  }
  const v = st.view || {};
  if (!list.length && v.legal && typeof v.legal === 'object') fromLegalObject(v.legal, out);
  out.any = out.fold || out.check || out.call != null || !!out.raise || !!out.exchange || out.show || out.muck || !!out.place || !!out.showPair || !!out.pick;
  return out;
}
