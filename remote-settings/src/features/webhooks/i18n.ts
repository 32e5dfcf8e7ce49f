import { defineMessages } from '@dash/shared';
import en from './locales/en.json';

defineMessages('webhooks', {
  en,
  'es-MX': () => import('./locales/es-MX.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
});
