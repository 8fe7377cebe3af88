// store.js — what the client knows: the user, the lobby, the latest table_state of each table,
// each table's hand log and Saint Poker scoreboard, and the transcripts of the hands this
// browser saw end; pages subscribe to changes.

/** @typedef {import('../types/protocol').TableState} TableState */
/** @typedef {import('../types/protocol').TableSummary} TableSummary */

const subs = new Set();
export const store = {
  /** @type {import('../types/protocol').UserInfo | null} */
  user: null,
  /** @type {Map<string, TableSummary>} */
  lobby: new Map(),
  /** @type {Map<string, TableState>} the latest table_state of each table */
  tables: new Map(),
  logs: new Map(), // id -> [{hand, event}]
  saintRounds: new Map(), // id -> {round: {points: [..], hands: [...]}}
  results: new Map(), // id -> last non-null result with the state it came with
  lastPlayed: new Map(), // id -> the last table_state that had a view
  chat: new Map(), // id -> [ChatLine], oldest first
  /** The table this page showed when it closed under it (the page went on to the lobby, or to
   * its tournament's page): a tournament's next table still follows it (tournaments.js). */
  closedUnder: null,
};

/** Lines of a table's chat (`chat` message): merged by id, the last 100 kept. */
export function chatLines(msg) {
  const id = msg.table;
  const have = store.chat.get(id) || [];
  const seen = new Set(have.map((l) => l.id));
  const all = have.concat((msg.lines || []).filter((l) => !seen.has(l.id))).sort((a, b) => a.id - b.id);
  store.chat.set(id, all.slice(-100));
  notify('chat', id);
}

export function subscribe(fn) {
  subs.add(fn);
  return () => subs.delete(fn);
}
export function notify(what, id) {
  subs.forEach((f) => {
    try {
      f(what, id);
    } catch (e) {
      console.error(e);
    }
  });
}

/** @param {TableSummary[]} tables */
export function setLobby(tables) {
  store.lobby = new Map((tables || []).map((t) => [t.id, t]));
  notify('lobby');
}
/** @param {TableSummary} summary */
export function updateLobby(summary) {
  if (summary?.id) store.lobby.set(summary.id, summary);
  notify('lobby');
}
export function removeTable(id) {
  store.lobby.delete(id);
  store.tables.delete(id);
  notify('lobby');
  notify('closed', id);
}

/** Another node plays table `id` now: its states start a new count there. */
export function tableMoved(id) {
  const st = store.tables.get(id);
  if (st) st.version = -1;
  notify('moved', id);
}

function saintKey(id) {
  return `tavolo.saint.${id}`;
}

/** Where the transcripts of the hands this browser saw end are kept, and how many. */
const TRANSCRIPTS = 'tavolo.transcripts';
const TRANSCRIPTS_KEPT = 500;
let transcripts = null; // Map hand -> transcript, oldest first

function loadTranscripts() {
  if (transcripts) return transcripts;
  let kept = [];
  try {
    kept = JSON.parse(localStorage.getItem(TRANSCRIPTS) || '[]');
  } catch {
    kept = [];
  }
  transcripts = new Map(Array.isArray(kept) ? kept.filter((e) => Array.isArray(e) && e.length === 2) : []);
  return transcripts;
}

/** Keeps the transcript a table sent when hand `hand` ended (`previous.transcript`,
 * `tavolo-fair/3`): the first one seen for a hand stays, the last 500 hands are kept
 * (localStorage), and the history page compares the hand's fairness bundle with it. */
export function keepTranscript(hand, transcript) {
  if (typeof hand !== 'string' || typeof transcript !== 'string' || !/^[0-9a-f]{64}$/i.test(transcript)) return;
  const kept = loadTranscripts();
  if (kept.has(hand)) return;
  kept.set(hand, transcript.toLowerCase());
  while (kept.size > TRANSCRIPTS_KEPT) kept.delete(kept.keys().next().value);
  try {
    localStorage.setItem(TRANSCRIPTS, JSON.stringify([...kept]));
  } catch {
    /* storage full or off: kept for this visit */
  }
}

/** The transcript this browser was sent when hand `hand` ended, if it saw it end. */
export function keptTranscript(hand) {
  return loadTranscripts().get(hand) ?? null;
}

/** @param {TableState} msg */
export function tableState(msg) {
  const id = msg.table;
  const prev = store.tables.get(id);
  if (prev && msg.version != null && prev.version != null && msg.version < prev.version && prev.hand === msg.hand)
    return; // out of order
  store.tables.set(id, msg);
  // The waiting list gave this player a seat: the room tells them wherever they are.
  if (prev && prev.you && prev.you.waiting != null && msg.you && msg.you.seat != null) notify('seated', id);
  const log = store.logs.get(id) || [];
  // A new hand clears the log; a finished one stays (with its shown hands) until the next deal.
  if (prev && msg.hand && prev.hand !== msg.hand) log.length = 0;
  for (const e of msg.events || []) log.push({ hand: msg.hand, event: e });
  if (log.length > 300) log.splice(0, log.length - 300);
  store.logs.set(id, log);
  if (msg.view) store.lastPlayed.set(id, msg);
  if (msg.previous?.transcript) keepTranscript(msg.previous.hand, msg.previous.transcript);
  if (msg.result && (msg.hand_seats || []).length)
    store.results.set(id, { hand: msg.hand, result: msg.result, state: msg });
  else if (msg.result && !store.results.has(id))
    store.results.set(id, { hand: msg.hand, result: msg.result, state: msg });
  recordSaint(id, msg);
  notify('table', id);
}

// Saint Poker scoreboard by round: points of each seat, from the revealed hands.
function recordSaint(id, msg) {
  const v = msg.view;
  if (!v?.round || !Array.isArray(v.scores)) return;
  let sb = store.saintRounds.get(id);
  if (!sb) {
    try {
      sb = JSON.parse(sessionStorage.getItem(saintKey(id)) || 'null');
    } catch {
      sb = null;
    }
    sb = sb || {};
  }
  // a new game (another id) starts a new scoreboard
  if (msg.hand && sb._game !== msg.hand) {
    for (const k of Object.keys(sb)) delete sb[k];
    sb._game = msg.hand;
  }
  if (Array.isArray(v.shown) && v.shown.every((h) => h && h.points != null)) {
    sb[v.round] = {
      points: v.shown.map((h) => h.points),
      categories: v.shown.map((h) => h.category),
      totals: v.scores.slice(),
    };
  }
  // The game's result has every round's points: the scoreboard is complete whenever one arrives.
  const rounds = msg.result?.rounds;
  if (Array.isArray(rounds))
    rounds.forEach((pts, r) => {
      sb[r + 1] = { ...(sb[r + 1] || {}), points: pts };
    });
  store.saintRounds.set(id, sb);
  try {
    sessionStorage.setItem(saintKey(id), JSON.stringify(sb));
  } catch {
    /* ignore */
  }
}
