import { defineMessages } from '@dash/shared';
import en from './locales/en.json';

/**
 * The `safeTransactions` namespace: the words of a Safe transaction's page and of "Send from the
 * Safe", registered by those lazily loaded pages, so the wallet page does not carry them (the queue's
 * words are the `wallet` namespace's).
 */
defineMessages('safeTransactions', {
  en,
  'es-MX': () => import('./locales/es-MX.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
});
