// phh.js — reads PHH hand histories (the TOML subset Tavolo writes) and replays a Hold'em hand
// step by step: stacks, bets, pot, board, hole cards, who folded, showed or mucked.
import { splitCards } from './cards.js';

/** Parses PHH text into an object of its fields. */
export function parsePhh(text) {
  const out = {};
  const lines = String(text).split(/\r?\n/);
  let key = null;
  let buf = '';
  let depth = 0;
  const finish = () => {
    if (key == null) return;
    out[key] = tomlValue(buf.trim());
    key = null;
    buf = '';
    depth = 0;
  };
  for (const raw of lines) {
    const line = stripComment(raw);
    if (key == null) {
      const m = line.match(/^\s*([A-Za-z_][\w]*)\s*=\s*(.*)$/);
      if (!m) continue;
      key = m[1];
      buf = m[2];
    } else buf += `\n${line}`;
    depth = bracketDepth(buf);
    if (depth <= 0) finish();
  }
  finish();
  return out;
}

function stripComment(line) {
  let q = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === q) q = null;
    } else if (c === "'" || c === '"') q = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

function bracketDepth(s) {
  let d = 0;
  let q = null;
  for (const c of s) {
    if (q) {
      if (c === q) q = null;
    } else if (c === "'" || c === '"') q = c;
    else if (c === '[') d++;
    else if (c === ']') d--;
  }
  return d;
}

function tomlValue(v) {
  // single-quoted strings become JSON strings; trailing commas removed
  let s = '';
  let q = null;
  for (const c of v) {
    if (q === "'") {
      if (c === "'") {
        s += '"';
        q = null;
      } else s += c === '"' ? '\\"' : c === '\\' ? '\\\\' : c;
    } else if (q === '"') {
      s += c;
      if (c === '"') q = null;
    } else if (c === "'") {
      s += '"';
      q = "'";
    } else if (c === '"') {
      s += c;
      q = '"';
    } else s += c;
  }
  s = s.replace(/,\s*]/g, ']');
  try {
    return JSON.parse(s);
  } catch {
    return v;
  }
}

/** The replay: a list of states, one before the first action and one after each. */
export function replayPhh(h) {
  const n = (h.starting_stacks || []).length;
  const players = h.players || Array.from({ length: n }, (_, i) => `p${i + 1}`);
  const st = {
    players,
    stacks: (h.starting_stacks || []).slice(),
    bets: Array(n).fill(0),
    pot: 0,
    board: [],
    hole: Array.from({ length: n }, () => []),
    folded: Array(n).fill(false),
    shown: Array(n).fill(false),
    mucked: Array(n).fill(false),
    note: '',
    actor: null,
  };
  const put = (i, x) => {
    const a = Math.max(0, Math.min(x, st.stacks[i]));
    st.stacks[i] -= a;
    st.bets[i] += a;
    return a;
  };
  // PHH reverses antes and blinds heads-up (`blinds_or_straddles = [1, 2]`: p2, the button,
  // posts 1), as the engine reads them.
  const of = (v) => (n === 2 && (v || []).length === 2 ? [v[1], v[0]] : v || []);
  of(h.antes).forEach((a, i) => {
    if (a) {
      const x = Math.min(a, st.stacks[i]);
      st.stacks[i] -= x;
      st.pot += x;
    }
  });
  of(h.blinds_or_straddles).forEach((b, i) => {
    if (b) put(i, b);
  });
  const snap = (note, actor = null) => JSON.parse(JSON.stringify({ ...st, note, actor }));
  const steps = [snap('start')];
  const collect = () => {
    st.pot += st.bets.reduce((a, b) => a + b, 0);
    st.bets.fill(0);
  };
  for (const a of h.actions || []) {
    const parts = String(a).trim().split(/\s+/);
    if (parts[0] === 'd') {
      if (parts[1] === 'dh') {
        const i = Number(parts[2].slice(1)) - 1;
        st.hole[i] = splitCards(parts[3] || '');
        steps.push(snap(a, i));
        continue;
      }
      if (parts[1] === 'db') {
        collect();
        st.board.push(...splitCards(parts[2] || ''));
        steps.push(snap(a));
        continue;
      }
      steps.push(snap(a));
      continue;
    }
    const i = Number(parts[0].slice(1)) - 1;
    const op = parts[1];
    if (op === 'f') st.folded[i] = true;
    else if (op === 'cc') {
      const max = Math.max(...st.bets);
      put(i, max - st.bets[i]);
    } else if (op === 'cbr') {
      const to = Number(parts[2]);
      put(i, to - st.bets[i]);
    }
    // `sm XxYy` shows these cards, `sm -` shows the cards held, a bare `sm` mucks them.
    else if (op === 'sm') {
      if (parts[2] && parts[2] !== '-' && !parts[2].includes('?')) st.hole[i] = splitCards(parts[2]);
      if (parts[2]) st.shown[i] = true;
      else st.mucked[i] = true;
    }
    steps.push(snap(a, i));
  }
  collect();
  if (Array.isArray(h.finishing_stacks)) {
    st.stacks = h.finishing_stacks.slice();
    st.pot = 0;
    steps.push(snap('finishing_stacks'));
  }
  return steps;
}
