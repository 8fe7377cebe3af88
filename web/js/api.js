// api.js — the HTTP half of the protocol (docs/protocol.md): accounts, tables, history, fairness.

async function call(method, path, body) {
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
    const err = new Error(data?.error?.message || `${res.status} ${res.statusText}`);
    err.code = data?.error?.code || String(res.status);
    err.status = res.status;
    throw err;
  }
  return { data, type };
}

export const api = {
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
  async tables() {
    return (await call('GET', 'api/tables')).data.tables || [];
  },
  /** The rule options of RULES.md a table may set ([{name, games, values, range, default}]) and
   *  the bot levels of each game ({holdem: ['random', …], …}). */
  async rules() {
    const d = (await call('GET', 'api/rules')).data || {};
    return { options: d.options || [], botLevels: d.bot_levels || {} };
  },
  async history() {
    return (await this.historyReport()).items;
  },
  /** My history and the report of its voided hands: {items, voided: {tables, players}}. */
  async historyReport() {
    const data = (await call('GET', 'api/history')).data || {};
    return { items: data.items || [], voided: data.voided || { tables: [], players: [] } };
  },
  /** The record: {kind: 'phh'|'json', text?, json?}. */
  async record(id) {
    const { data, type } = await call('GET', `api/history/${encodeURIComponent(id)}`);
    if (typeof data === 'string') {
      const s = data.trim();
      if (s.startsWith('{')) {
        try {
          return { kind: 'json', json: JSON.parse(s) };
        } catch {
          /* fall through */
        }
      }
      return { kind: 'phh', text: data, type };
    }
    return { kind: 'json', json: data };
  },
  async fairness(id) {
    return (await call('GET', `api/fairness/${encodeURIComponent(id)}`)).data;
  },
};
