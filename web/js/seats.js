// seats.js — where things sit: table seats vs the engine's hand indices, seat names, and the
// positions of seats, bets and the button around the oval felt (the viewer at the bottom).

/** Number of seats at the table. */
export function seatCount(st) {
  return Number(st.options?.seats || st.seats?.length || 0);
}

/**
 * The table seat of each engine index. The view's per-seat arrays are indexed by the engine's
 * seat numbers; when they are as long as the table they are the table seats, otherwise the
 * engine numbered the players dealt in, in table-seat order (or the server says so in
 * `hand_seats` / `view.seat_map`).
 */
export function handSeats(st) {
  const map = st.hand_seats || st.seat_map || (st.view && (st.view.seat_map || st.view.hand_seats));
  if (Array.isArray(map)) return map;
  const v = st.view || {};
  const len = (v.stacks || v.scores || v.hand_sizes || v.live || []).length;
  const n = seatCount(st);
  if (!len || len === n) return Array.from({ length: len || n }, (_, i) => i);
  const inHand = (st.seats || [])
    .filter((s) => s?.name && !['empty', 'sitting_out', 'waiting', 'left', 'buying_in'].includes(s.status))
    .map((s) => s.seat);
  if (inHand.length === len) return inHand;
  const occupied = (st.seats || []).filter((s) => s?.name).map((s) => s.seat);
  if (occupied.length === len) return occupied;
  return Array.from({ length: len }, (_, i) => i);
}

/** Engine index of a table seat, or -1. */
export function handIndex(st, seat) {
  return handSeats(st).indexOf(seat);
}

/** The seat record (from `seats`) of a table seat. */
export function seatInfo(st, seat) {
  return (st.seats || []).find((s) => s && s.seat === seat) || null;
}

/** How a name fits a seat: a room bot's "bot-<table id>-<n>" as "bot-<n>" (its table's id is
 * the same for every bot there, so cutting the name would make them look alike); a bot's
 * "Sara (rules)" as "Sara" (issue 49: a phone cut it to "Sara (…"; the seat's bot mark and the
 * full name in its title say the rest — people's names have no spaces or brackets); others as is. */
export function compactName(name) {
  const s = String(name || '');
  const m = /^bot-[0-9a-f]{4,}-(\d+)$/.exec(s);
  if (m) return `bot-${m[1]}`;
  const lv = /^(\S+) \([a-z_]+\)$/.exec(s);
  return lv ? lv[1] : s;
}

export function seatName(st, seat) {
  const s = seatInfo(st, seat);
  if (s?.name) return s.name;
  if (st.view && Array.isArray(st.view.players) && st.view.players[seat]) return st.view.players[seat];
  return `#${seat + 1}`;
}

/** The viewer's table seat, or null for a spectator. */
export function mySeat(st) {
  return st.you && st.you.seat != null ? st.you.seat : null;
}

/**
 * Positions (percent of the felt) of n seats, seat `bottom` at the bottom centre. `btop` is the
 * CSS `top` of a seat's bet: `by` percent, or for a side seat of an upright felt at least a
 * seat's half height plus a bet's below the seat, however short the felt.
 */
export function seatPositions(n, bottom, portrait) {
  const out = [];
  const rx = portrait ? 38 : 41;
  const ry = portrait ? 40 : 37;
  for (let s = 0; s < n; s++) {
    const k = (((s - (bottom ?? 0)) % n) + n) % n;
    const a = Math.PI / 2 + (2 * Math.PI * k) / n;
    const c = Math.cos(a);
    const sn = Math.sin(a);
    const p = {
      seat: s,
      x: 50 + rx * c,
      y: 50 + ry * sn,
      bx: 50 + rx * 0.58 * c,
      by: 50 + ry * 0.56 * sn,
      dx: 50 + rx * 0.72 * c + (portrait ? 16 : 11) * Math.cos(a + Math.PI / 2),
      dy: 50 + ry * 0.72 * sn + 8 * Math.sin(a + Math.PI / 2),
    };
    if (portrait && Math.abs(c) > 0.9) {
      // an upright felt leaves no room between a side seat and the board: the bet goes below
      // the seat and the button above it, both off the board's row
      // (12 % of a short felt, on a phone beside the Draw hand, was less than the seat's own
      // half height: the bet went under the seat)
      p.bx = 50 + rx * 0.8 * c;
      p.by = p.y + 12;
      p.btop = `max(${p.by}%, calc(${p.y}% + 58px))`;
      p.dx = 50 + rx * 0.62 * c;
      p.dy = p.y - 12;
    } else if (portrait && Math.abs(c) > 0.3) {
      // a corner seat's bet goes level with it, clear of its cards, above or below the pot
      p.bx = p.x - Math.sign(c) * 21;
      p.by = p.y;
    } else if (portrait) {
      // the top and bottom seats' bets, clear of the corner seats' bets
      p.by = sn < 0 ? 35 : 66;
    }
    if (!p.btop) p.btop = `${p.by}%`;
    out.push(p);
  }
  return out;
}
