import { defineMessages } from '@dash/shared';
import en from './locales/en.json';

// English ships with the remote (the source of truth); the other languages load when chosen.
defineMessages('rails', {
  en,
  'es-MX': () => import('./locales/es-MX.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
});
