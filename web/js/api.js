// api.js — the HTTP half of the protocol (docs/protocol.md): accounts, tables, history, fairness.
// The answers are typed by web/types/protocol.d.ts, made from docs/protocol.schema.json.

/** @typedef {import('../types/protocol').UserInfo} UserInfo */
/** @typedef {import('../types/protocol').TableSummary} TableSummary */
/** @typedef {import('../types/protocol').HistoryItem} HistoryItem */
/** @typedef {import('../types/protocol').VoidedReport} VoidedReport */
/** @typedef {import('../types/protocol').Fairness} Fairness */
/** @typedef {import('../types/protocol').ReplayReply} ReplayReply */

/** A refusal of the room: its `code` (`not_found`, …) and HTTP status. */
export class ApiError extends Error {
  /** @param {string} message @param {string} code @param {number} status */
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** @returns {Promise<{data: any, type: string}>} */
async function call(method, path, body = undefined) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const opt = { method, credentials: 'same-origin', headers: {} };
  // The room takes a POST only as JSON (a cross-site form cannot send that): always a body.
  if (body === undefined && method !== 'GET') body = {};
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body);
  }
  const res = await fetch(path, opt);
  const type = res.headers.get('content-type') || '';
  const data = type.includes('json') ? await res.json().catch(() => null) : await res.text();
  if (!res.ok) {
    const message = data?.error?.message || `${res.status} ${res.statusText}`;
    throw new ApiError(message, data?.error?.code || String(res.status), res.status);
  }
  return { data, type };
}

export const api = {
  /** @returns {Promise<UserInfo>} */
  async me() {
    return (await call('GET', 'api/me')).data.user;
  },
  async register(name, password) {
    return (await call('POST', 'api/register', { name, password })).data.user;
  },
  async login(name, password) {
    return (await call('POST', 'api/login', { name, password })).data.user;
  },
  async guest() {
    return (await call('POST', 'api/guest', {})).data.user;
  },
  async logout() {
    return (await call('POST', 'api/logout')).data;
  },
  /** @returns {Promise<TableSummary[]>} */
  async tables() {
    return (await call('GET', 'api/tables')).data.tables || [];
  },
  /** The rule options of RULES.md a table may set ([{name, games, values, range, default}]) and
   *  the bot levels of each game ({holdem: ['random', …], …}). */
  async rules() {
    const d = (await call('GET', 'api/rules')).data || {};
    return { options: d.options || [], botLevels: d.bot_levels || {} };
  },
  /** The tournaments, newest first (docs/protocol.md "Tournaments").
   *  @returns {Promise<import('../types/protocol').TournamentLine[]>} */
  async tournaments() {
    return (await call('GET', 'api/tournaments')).data.tournaments || [];
  },
  /** One tournament in full, with the asking player's part.
   *  @returns {Promise<import('../types/protocol').TournamentDetail>} */
  async tournament(id) {
    return (await call('GET', `api/tournaments/${encodeURIComponent(id)}`)).data;
  },
  /** A new sit-and-go: {id}.
   *  @param {import('../types/protocol').NewSitAndGo} body */
  async createSitAndGo(body) {
    return (await call('POST', 'api/tournaments', body)).data;
  },
  /** `register` or `unregister`: {result, entry, refund}.
   *  @returns {Promise<import('../types/protocol').TournamentAnswer>} */
  async tournamentIntent(id, what) {
    return (await call('POST', `api/tournaments/${encodeURIComponent(id)}/${what}`)).data;
  },
  /** A deal at the final table: `{propose: 'icm'|'chop'}` or `{accept: bool}`.
   *  @param {import('../types/protocol').DealRequest} body
   *  @returns {Promise<import('../types/protocol').TournamentAnswer>} */
  async tournamentDeal(id, body) {
    return (await call('POST', `api/tournaments/${encodeURIComponent(id)}/deal`, body)).data;
  },
  /** @returns {Promise<HistoryItem[]>} */
  async history() {
    return (await this.historyReport()).items;
  },
  /** My history and the report of its voided hands: {items, voided: {tables, players}}.
   *  @returns {Promise<{items: HistoryItem[], voided: VoidedReport}>} */
  async historyReport() {
    /** @type {Partial<import('../types/protocol').HistoryReply>} */
    const data = (await call('GET', 'api/history')).data || {};
    return { items: data.items || [], voided: data.voided || { tables: [], players: [] } };
  },
  /** The replay's steps, built by the engine (docs/protocol.md): as the asker saw the hand, or
   *  with `all` every card dealt.
   *  @returns {Promise<ReplayReply>} */
  async replay(id, all = false) {
    return (await call('GET', `api/history/${encodeURIComponent(id)}/replay${all ? '?reveal=all' : ''}`)).data;
  },
  /** @returns {Promise<Fairness>} */
  async fairness(id) {
    return (await call('GET', `api/fairness/${encodeURIComponent(id)}`)).data;
  },
};
