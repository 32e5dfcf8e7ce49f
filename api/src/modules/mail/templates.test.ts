// Database-independent: templates only.
import { EMAIL_CHANGE_TTL_MINUTES, INVITATION_TTL_DAYS, type TLocale } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import {
  emailChangedMail,
  emailChangeMail,
  invitationMail,
  kybDecisionMail,
  type RenderedMail,
  SIGN_IN_TTL_MINUTES,
  signInMail,
} from './templates';

const LINK = 'https://dash.example.com/auth/abc?x=1&y=2';

/** Every placeholder was filled, the link is in the text and (escaped) in the HTML. */
function expectWellFormed(mail: RenderedMail, link = LINK) {
  for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\{|\}\}/);
  expect(mail.text.split('\n')).toContain(link);
  expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
}

const cases: Record<TLocale, Record<string, [subject: string, phrase: string]>> = {
  en: {
    signIn: ['Your sign-in link', `expires in ${SIGN_IN_TTL_MINUTES} minutes`],
    emailChange: ['Confirm your new e-mail address', `expires in ${EMAIL_CHANGE_TTL_MINUTES} minutes`],
    emailChanged: ['Your e-mail address was changed', 'was changed to new@example.com'],
    invitation: [
      "You're invited to Acme <Pagos> on Dash",
      'invited you to join Acme <Pagos> on Dash as Viewer',
    ],
    approved: ['KYB application approved: Acme', 'has been approved'],
    rejected: ['KYB application rejected: Acme', 'Reason: Blurry scan'],
    changes: ['KYB application needs changes: Acme', 'What to change: Blurry scan'],
  },
  'es-MX': {
    signIn: ['Tu enlace para iniciar sesión', `vence en ${SIGN_IN_TTL_MINUTES} minutos`],
    emailChange: [
      'Confirma tu nueva dirección de correo electrónico',
      `vence en ${EMAIL_CHANGE_TTL_MINUTES} minutos`,
    ],
    emailChanged: ['Tu dirección de correo electrónico cambió', 'se cambió a new@example.com'],
    invitation: [
      'Te invitaron a Acme <Pagos> en Dash',
      'te invitó a unirte a Acme <Pagos> en Dash como Lector',
    ],
    approved: ['Solicitud KYB aprobada: Acme', 'fue aprobada'],
    rejected: ['Solicitud KYB rechazada: Acme', 'Motivo: Blurry scan'],
    changes: ['La solicitud KYB requiere cambios: Acme', 'Qué cambiar: Blurry scan'],
  },
  'pt-BR': {
    signIn: ['Seu link de acesso', `expira em ${SIGN_IN_TTL_MINUTES} minutos`],
    emailChange: ['Confirme seu novo endereço de e-mail', `expira em ${EMAIL_CHANGE_TTL_MINUTES} minutos`],
    emailChanged: ['Seu endereço de e-mail foi alterado', 'foi alterado para new@example.com'],
    invitation: [
      'Você foi convidado para Acme <Pagos> no Dash',
      'convidou você para participar de Acme <Pagos> no Dash como Leitor',
    ],
    approved: ['Solicitação de KYB aprovada: Acme', 'foi aprovada'],
    rejected: ['Solicitação de KYB recusada: Acme', 'Motivo: Blurry scan'],
    changes: ['Solicitação de KYB precisa de ajustes: Acme', 'O que ajustar: Blurry scan'],
  },
};

describe.each(Object.keys(cases) as TLocale[])('mail templates in %s', (locale) => {
  const expected = cases[locale];
  const check = (mail: RenderedMail, [subject, phrase]: [string, string], link?: string) => {
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(phrase);
    expectWellFormed(mail, link);
  };

  it('writes the sign-in link mail', () => {
    check(signInMail(locale, LINK), expected.signIn ?? ['', '']);
  });

  it('writes the e-mail change confirmation', () => {
    check(emailChangeMail(locale, LINK), expected.emailChange ?? ['', '']);
  });

  it('writes the e-mail changed notice, with the new address escaped in HTML', () => {
    const mail = emailChangedMail(locale, 'new@example.com');
    const [subject, phrase] = expected.emailChanged ?? ['', ''];
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(phrase);
    expect(mail.text + mail.html).not.toMatch(/\{\{/);
  });

  it('writes the invitation with the role in the language and the organization name escaped in HTML', () => {
    const mail = invitationMail(locale, {
      organizationName: 'Acme <Pagos>',
      inviter: 'Ada Lovelace',
      role: 'Viewer',
      link: LINK,
    });
    check(mail, expected.invitation ?? ['', '']);
    expect(mail.text).toContain(String(INVITATION_TTL_DAYS));
    expect(mail.html).toContain('Acme &lt;Pagos&gt;');
    expect(mail.html).not.toContain('<Pagos>');
  });

  it('writes each KYB decision, with the note only where the decision has one', () => {
    const link = 'https://dash.example.com/org/acme/kyb';
    const approved = kybDecisionMail(locale, {
      organizationName: 'Acme',
      decision: 'Approved',
      note: null,
      link,
    });
    check(approved, expected.approved ?? ['', ''], link);
    const rejected = kybDecisionMail(locale, {
      organizationName: 'Acme',
      decision: 'Rejected',
      note: 'Blurry scan',
      link,
    });
    check(rejected, expected.rejected ?? ['', ''], link);
    const changes = kybDecisionMail(locale, {
      organizationName: 'Acme',
      decision: 'ChangesRequested',
      note: 'Blurry scan',
      link,
    });
    check(changes, expected.changes ?? ['', ''], link);
  });
});

it('keeps the English sign-in mail word for word', () => {
  expect(signInMail('en', 'https://x.test/auth/t').text).toBe(
    [
      'Hello,',
      '',
      'Use this link to sign in to Dash:',
      '',
      'https://x.test/auth/t',
      '',
      'It works once and expires in 15 minutes. If you did not ask for it, you can ignore this e-mail.',
      '',
    ].join('\n'),
  );
});
