import { defineMessages } from '@dash/shared';
import en from './locales/en.json';

/** remote-settings' messages (namespace `settings`): English bundled, the others loaded when active. */
defineMessages('settings', {
  en,
  'es-MX': () => import('./locales/es-MX.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
});
