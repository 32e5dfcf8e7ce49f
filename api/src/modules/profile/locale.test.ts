import { BOOT_DATA_ELEMENT_ID, ZMailboxResponse, ZMeResponse } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createOrganization, signInUser, uniqueEmail } from '../../test/factories';
import { call } from '../../test/http';
import { renderShellPage } from '../../web/dashboard';

async function me(app: FastifyInstance, cookie: string) {
  return ZMeResponse.parse((await call(app, 'GET', '/me', { cookie })).json()).data;
}

async function latestMail(app: FastifyInstance, to: string) {
  const [mail] = ZMailboxResponse.parse((await call(app, 'GET', `/dev/mailbox?to=${to}`)).json());
  if (!mail) throw new Error(`No mail to ${to}`);
  return mail;
}

const setLocale = (app: FastifyInstance, cookie: string, locale: string | null) =>
  call(app, 'PUT', '/profile', { cookie, body: { firstName: 'Ada', lastName: 'Lovelace', locale } });

describe('the language of a user (issue 14)', () => {
  it('is saved with the profile, reported by GET me, kept when left out and reset with null', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    expect((await me(app, ada.cookie)).locale).toBeNull();

    const saved = await setLocale(app, ada.cookie, 'pt-BR');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZMeResponse.parse(saved.json()).data.locale).toBe('pt-BR');
    expect((await me(app, ada.cookie)).locale).toBe('pt-BR');

    const namesOnly = await call(app, 'PUT', '/profile', {
      cookie: ada.cookie,
      body: { firstName: 'Ada', lastName: 'King' },
    });
    expect(namesOnly.statusCode).toBe(200);
    expect((await me(app, ada.cookie)).locale).toBe('pt-BR');

    expect((await setLocale(app, ada.cookie, null)).statusCode).toBe(200);
    expect((await me(app, ada.cookie)).locale).toBeNull();
  });

  it('refuses a language the product does not speak with a field error, not a 500', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    const response = await setLocale(app, ada.cookie, 'fr-FR');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { locale: 'Choose a supported language' },
    });
  });

  it("mails the sign-in link in the user's language, else in the language of the browser asking", async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    await setLocale(app, ada.cookie, 'pt-BR');
    await call(app, 'POST', '/auth', {
      body: { email: ada.email },
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect((await latestMail(app, ada.email)).subject).toBe('Seu link de acesso');

    const newcomer = uniqueEmail('nuevo');
    await call(app, 'POST', '/auth', {
      body: { email: newcomer },
      headers: { 'accept-language': 'fr;q=0.9, es-AR;q=0.8, en;q=0.1' },
    });
    const mail = await latestMail(app, newcomer);
    expect(mail.subject).toBe('Tu enlace para iniciar sesión');
    expect(mail.text).toContain('Usa este enlace para iniciar sesión en Dash:');
    expect(mail.links.some((link) => link.includes('/auth/'))).toBe(true);

    const plain = uniqueEmail('plain');
    await call(app, 'POST', '/auth', { body: { email: plain } });
    expect((await latestMail(app, plain)).subject).toBe('Your sign-in link');
  });

  it("invites someone new in the inviter's language and a user with an account in their own", async () => {
    const testApp = await createTestApp();
    const { app } = testApp;
    const admin = await signInUser(app);
    await setLocale(app, admin.cookie, 'es-MX');
    const organization = await createOrganization(testApp, admin.cookie, { name: 'Pagos Norte' });
    const invite = (email: string) =>
      call(app, 'POST', '/organization/invitations', {
        cookie: admin.cookie,
        organization: organization.uid,
        body: { email, role: 'Editor' },
      });

    const stranger = uniqueEmail('stranger');
    expect((await invite(stranger)).statusCode).toBe(201);
    const toStranger = await latestMail(app, stranger);
    expect(toStranger.subject).toBe('Te invitaron a Pagos Norte en Dash');
    expect(toStranger.text).toContain('Ada Lovelace te invitó a unirte a Pagos Norte en Dash como Editor.');

    const joao = await signInUser(app);
    await setLocale(app, joao.cookie, 'pt-BR');
    expect((await invite(joao.email)).statusCode).toBe(201);
    expect((await latestMail(app, joao.email)).subject).toBe('Você foi convidado para Pagos Norte no Dash');
  });

  it("confirms an e-mail change and tells the old address, both in the user's language", async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    await setLocale(app, ada.cookie, 'es-MX');
    const next = uniqueEmail('next');
    const requested = await call(app, 'POST', '/profile/email-change-request', {
      cookie: ada.cookie,
      body: { email: next },
    });
    expect(requested.statusCode, requested.body).toBe(202);
    const confirmation = await latestMail(app, next);
    expect(confirmation.subject).toBe('Confirma tu nueva dirección de correo electrónico');
    const token = new URL(confirmation.links[0] ?? '').searchParams.get('token');

    const confirmed = await call(app, 'POST', '/profile/email-change', { body: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const notice = await latestMail(app, ada.email);
    expect(notice.subject).toBe('Tu dirección de correo electrónico cambió');
    expect(notice.text).toContain(`se cambió a ${next}`);
  });
});

describe('the boot page', () => {
  const template = '<!doctype html><html lang="en" data-x="1"><head></head><body></body></html>';
  const boot = { remotes: { remotes: [] }, me: null } as unknown as Parameters<typeof renderShellPage>[1];

  it("starts in the signed-in user's language, so nothing flashes in English", () => {
    const page = renderShellPage(template, {
      ...boot,
      me: { uid: 'u', email: 'a@b.c', firstName: '', lastName: '', locale: 'pt-BR', type: 'user' },
    });
    expect(page).toContain('<html lang="pt-BR" data-x="1">');
    expect(page).toContain(`id="${BOOT_DATA_ELEMENT_ID}"`);
    expect(page).toContain('"locale":"pt-BR"');
  });

  it('starts an anonymous page in the language it is given (the browser’s), else English', () => {
    expect(renderShellPage(template, boot, [], 'es-MX')).toContain('<html lang="es-MX"');
    expect(renderShellPage(template, boot)).toContain('<html lang="en"');
  });
});
