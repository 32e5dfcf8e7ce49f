import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLocale } from '../contracts/locale';
import { formatAmount, formatList, formatMoney, formatNumber, formatRelativeTime } from './format';
import { currentLocale, defineMessages, i18n, setLocale, Trans, useFormat, useT } from './i18n';

defineMessages('test-ns', {
  en: { greeting: 'Hello {{name}}', rows_one: '{{count}} row', rows_other: '{{count}} rows' },
  'es-MX': async () => ({
    default: { greeting: 'Hola {{name}}', rows_one: '{{count}} fila', rows_other: '{{count}} filas' },
  }),
  'pt-BR': async () => ({
    default: { greeting: 'Olá {{name}}', rows_one: '{{count}} linha', rows_other: '{{count}} linhas' },
  }),
});

function Greeting() {
  const { t } = useT('test-ns');
  const format = useFormat();
  return (
    <p>
      {`${t('greeting', { name: 'Ana' })} · ${t('rows', { count: 2 })} · ${format.money('1234.56', 'BRL')}`}
    </p>
  );
}

afterEach(async () => {
  await setLocale('en', { remember: false });
});

describe('detectLocale', () => {
  it('maps the browser languages to a supported locale, first match wins', () => {
    expect(detectLocale(['pt-PT', 'en'])).toBe('pt-BR');
    expect(detectLocale(['es-AR'])).toBe('es-MX');
    expect(detectLocale(['fr-FR', 'es'])).toBe('es-MX');
    expect(detectLocale(['de-DE'])).toBe('en');
    expect(detectLocale([])).toBe('en');
  });
});

describe('formatting', () => {
  it('joins names as each language does, not with a bare comma', () => {
    expect(formatList(['Ana', 'Bruno'], 'en')).toBe('Ana and Bruno');
    expect(formatList(['Ana', 'Bruno'], 'pt-BR')).toBe('Ana e Bruno');
    expect(formatList(['Ana', 'Bruno', 'Carla'], 'es-MX')).toBe('Ana, Bruno y Carla');
    expect(formatList(['Ana'], 'pt-BR')).toBe('Ana');
  });

  it('formats money from decimal strings per locale, exactly', () => {
    expect(formatMoney('1234.56', 'BRL', 'pt-BR')).toBe('R$\u00a01.234,56');
    expect(formatMoney('1234.56', 'MXN', 'es-MX')).toBe('$1,234.56');
    expect(formatMoney('1234.5', 'BRL', 'en')).toBe('R$1,234.50');
    // More decimals than a float holds are kept, not rounded away.
    expect(formatMoney('12345678901234567.123456789', 'USDC', 'en')).toBe(
      '12,345,678,901,234,567.123456789 USDC',
    );
    expect(formatMoney('10', 'testbrz', 'pt-BR')).toBe('10,00 testbrz');
  });

  it('makes the relative-time formatter when the browser is idle, and formatting then reuses it', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const Original = Intl.RelativeTimeFormat;
    const intl = Intl as { RelativeTimeFormat: typeof Original };
    let made = 0;
    intl.RelativeTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    };
    try {
      // A fresh copy of the module: its formatters are cached, and other tests may have made this one.
      vi.resetModules();
      const { prepareRelativeTime, formatRelativeTime } = await import('./format');
      prepareRelativeTime('pt-BR');
      expect(made).toBe(0);
      for (const callback of idle) callback();
      expect(made).toBe(1);
      const now = Date.parse('2026-11-22T12:00:00Z');
      expect(formatRelativeTime('2026-11-27T12:00:00Z', 'pt-BR', now)).toBe('em 5 dias');
      expect(made).toBe(1);
    } finally {
      intl.RelativeTimeFormat = Original;
      vi.unstubAllGlobals();
    }
  });

  it('formats numbers and relative times per locale', () => {
    expect(formatNumber('1234567.25', 'pt-BR')).toBe('1.234.567,25');
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatRelativeTime('2026-11-22T11:57:00Z', 'en', now)).toBe('3 minutes ago');
    expect(formatRelativeTime('2026-11-22T11:57:00Z', 'es-MX', now)).toBe('hace 3 minutos');
    expect(formatRelativeTime('2026-11-27T12:00:00Z', 'pt-BR', now)).toBe('em 5 dias');
  });

  it('writes an amount without a currency as money: two decimals at least, none rounded away', () => {
    expect(formatAmount('100', 'en')).toBe('100.00');
    expect(formatAmount('2500.5', 'en')).toBe('2,500.50');
    // numeric's trailing zeros are not decimals the amount carries.
    expect(formatAmount('2500.50000000', 'pt-BR')).toBe('2.500,50');
    expect(formatAmount('0.12345678', 'es-MX')).toBe('0.12345678');
    expect(formatAmount('123456789012345678.12', 'en')).toBe('123,456,789,012,345,678.12');
    expect(formatMoney('20.5', 'USDC', 'pt-BR')).toBe('20,50 USDC');
  });
});

describe('useT and setLocale', () => {
  it('renders English at once, then the whole page switches language after loading its messages', async () => {
    render(
      <Suspense fallback={<p>loading</p>}>
        <Greeting />
      </Suspense>,
    );
    expect(screen.getByText(/Hello Ana · 2 rows · R\$1,234\.56/)).toBeTruthy();

    await act(() => setLocale('pt-BR', { remember: false }));
    expect(currentLocale()).toBe('pt-BR');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(await screen.findByText(/Olá Ana · 2 linhas · R\$\s1\.234,56/)).toBeTruthy();

    await act(() => setLocale('es-MX', { remember: false }));
    expect(await screen.findByText(/Hola Ana · 2 filas/)).toBeTruthy();
  });

  it('loads a namespace registered while another language is active', async () => {
    await setLocale('es-MX', { remember: false });
    defineMessages('late-ns', {
      en: { title: 'Late' },
      'es-MX': async () => ({ default: { title: 'Tarde' } }),
      'pt-BR': async () => ({ default: { title: 'Tarde' } }),
    });
    await i18n.loadNamespaces('late-ns');
    expect(i18n.t('title', { ns: 'late-ns' })).toBe('Tarde');
  });
});

describe('messages', () => {
  defineMessages('rules-ns', {
    en: {
      files_one: '{{count}} file',
      files_other: '{{count}} files',
      only: 'English only',
      sent: 'You send: <strong>{{amount}}</strong> to {{name}}',
      nested: { deep: 'Deep {{missing}}end' },
    },
    'es-MX': async () => ({
      default: {
        files_one: '{{count}} archivo',
        files_other: '{{count}} archivos',
        sent: 'Envías <strong>{{amount}}</strong> a {{name}}',
      },
    }),
    'pt-BR': async () => ({ default: {} }),
  });

  it('picks the plural form by the language, falls back to _other, to English, then to the key', async () => {
    const en = i18n.getFixedT('en', 'rules-ns');
    expect(en('files', { count: 1 })).toBe('1 file');
    expect(en('files', { count: 0 })).toBe('0 files');
    expect(en('nested.deep')).toBe('Deep {{missing}}end');
    expect(en('nested.deep', { other: 1 })).toBe('Deep end');
    expect(en('no.such.key')).toBe('no.such.key');
    await i18n.loadNamespaces('rules-ns', 'es-MX');
    const es = i18n.getFixedT('es-MX', 'rules-ns');
    // Spanish has a "many" category (1,000,000): no such form here, so the "other" one.
    expect(new Intl.PluralRules('es-MX').select(1_000_000)).toBe('many');
    expect(es('files', { count: 1_000_000 })).toBe('1000000 archivos');
    expect(es('files', { count: 1 })).toBe('1 archivo');
    expect(es('only')).toBe('English only');
  });

  it('the same translate function until the language or its messages change', async () => {
    const first = i18n.getFixedT('en', 'rules-ns');
    expect(i18n.getFixedT('en', 'rules-ns')).toBe(first);
    await setLocale('pt-BR', { remember: false });
    expect(i18n.getFixedT('en', 'rules-ns')).not.toBe(first);
  });

  it('Trans renders the marked part with the given element, and values only as text', () => {
    const t = i18n.getFixedT('en', 'rules-ns');
    const { container } = render(
      <p>
        <Trans
          t={t}
          i18nKey="sent"
          values={{ amount: 'R$ 10,00', name: '<strong>Eve</strong>' }}
          components={{ strong: <strong /> }}
        />
      </p>,
    );
    expect(container.innerHTML).toBe(
      '<p>You send: <strong>R$ 10,00</strong> to &lt;strong&gt;Eve&lt;/strong&gt;</p>',
    );
  });
});
