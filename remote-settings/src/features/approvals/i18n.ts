import { defineMessages } from '@dash/shared';
import en from './locales/en.json';

/** The `approvals` namespace: the organization's two-person approval setting. */
defineMessages('approvals', {
  en,
  'es-MX': () => import('./locales/es-MX.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
});
