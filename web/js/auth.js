// auth.js — the sign-in page: sign in, register, or play as a guest.
import { api } from './api.js';
import { t } from './i18n.js';
import { esc } from './ui.js';

export function renderAuth(root, onUser) {
  root.innerHTML = `
    <section class="panel narrow auth" aria-labelledby="auth-h">
      <div class="brand-big" aria-hidden="true">♠ ♥ ♦ ♣</div>
      <h1 id="auth-h">Tavolo</h1>
      <p class="muted">${t('welcome')}</p>
      <form class="form" id="auth-form" novalidate>
        <label>${t('name')} <input name="name" id="auth-name" autocomplete="username" required minlength="2"
          maxlength="24" pattern="[A-Za-z0-9_\\-]{2,24}" aria-describedby="name-rules"></label>
        <small id="name-rules" class="muted">${t('name_rules')}</small>
        <label>${t('password')} <input name="password" id="auth-password" type="password"
          autocomplete="current-password" required minlength="8" aria-describedby="pw-rules"></label>
        <small id="pw-rules" class="muted">${t('password_rules')}</small>
        <p class="form-error" id="auth-error" role="alert"></p>
        <div class="row">
          <button class="btn primary" type="submit" name="login" id="btn-login">${t('sign_in')}</button>
          <button class="btn" type="button" id="btn-register">${t('register')}</button>
        </div>
        <div class="row"><button class="btn ghost wide" type="button" id="btn-guest">${t('guest')}</button></div>
      </form>
    </section>`;
  const form = root.querySelector('#auth-form');
  const err = root.querySelector('#auth-error');
  const go = async (fn) => {
    err.textContent = '';
    const name = form.name.value.trim();
    const password = form.password.value;
    try {
      const user = await fn(name, password);
      onUser(user);
    } catch (e) {
      err.textContent = e.message || t('err_generic');
    }
  };
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    go(api.login);
  });
  root.querySelector('#btn-register').addEventListener('click', () => go(api.register));
  root.querySelector('#btn-guest').addEventListener('click', () => go(() => api.guest()));
  root.querySelector('#auth-name').focus();
  return () => {};
}

export function userBadge(user) {
  if (!user) return '';
  return `<span class="user"
    id="user-badge"><span class="user-name">${esc(user.name)}</span>${
      user.balance != null
        ? ` <span class="balance"
    title="${t('balance')}">${Number(user.balance).toLocaleString()}</span>`
        : ''
    }</span>`;
}
