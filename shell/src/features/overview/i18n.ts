import { defineMessages } from '@dash/shared';
import en from './locales/en.json';

/** The overview's messages: English always here, the others loaded only when their locale is active. */
defineMessages('overview', {
  en,
  'es-MX': () => import('./locales/es-MX.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
});
