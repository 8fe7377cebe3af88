// settings.js — the player's preferences (language, four-colour deck, sounds), kept in
// localStorage, and the settings page.
import { t, setLang, LANGS } from './i18n.js';
import { cardsHtml } from './cards.js';

const KEY = 'tavolo.settings';
const DEFAULTS = { lang: guessLang(), fourColour: false, sounds: true };
let current = load();
const listeners = [];

function guessLang() {
  const l = (navigator.language || 'en').slice(0, 2).toLowerCase();
  return ['en', 'it', 'pt', 'de'].includes(l) ? l : 'en';
}

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || '{}') };
  } catch {
    return { ...DEFAULTS };
  }
}

export function settings() {
  return current;
}

export function applySettings() {
  setLang(current.lang);
  document.body.classList.toggle('four-colour', !!current.fourColour);
}

export function updateSettings(patch) {
  current = { ...current, ...patch };
  localStorage.setItem(KEY, JSON.stringify(current));
  applySettings();
  for (const f of listeners) f(current);
}

export function onSettingsChange(f) {
  listeners.push(f);
}

/** Renders the settings page into `root`. */
export function renderSettings(root) {
  root.innerHTML = `
    <section class="panel narrow" aria-labelledby="settings-h">
      <h1 id="settings-h">${t('settings')}</h1>
      <form class="form" id="settings-form">
        <label>${t('language')}
          <select name="lang" id="set-lang">
            ${Object.entries(LANGS)
              .map(([k, v]) => `<option value="${k}" ${k === current.lang ? 'selected' : ''}>${v}</option>`)
              .join('')}
          </select>
        </label>
        <label class="check"><input type="checkbox" name="fourColour"
          id="set-four" ${current.fourColour ? 'checked' : ''}> ${t('four_colour')}</label>
        <label class="check"><input type="checkbox" name="sounds"
          id="set-sounds" ${current.sounds ? 'checked' : ''}> ${t('sounds')}</label>
        <p class="muted">${t('settings_hint')}</p>
        <p class="muted kbd-hint" id="shortcuts-hint">${t('shortcuts')}</p>
        <div class="sample-cards" id="sample-cards">${cardsHtml(['As', 'Kh', 'Qd', 'Jc', 'Ts'], { size: 'lg' })}</div>
      </form>
    </section>`;
  const form = root.querySelector('#settings-form');
  form.addEventListener('change', () => {
    updateSettings({
      lang: form.lang.value,
      fourColour: form.fourColour.checked,
      sounds: form.sounds.checked,
    });
  });
}
