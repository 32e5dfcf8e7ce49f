import { defineMessages } from '@dash/shared';
import en from './locales/en.json';

/** The shell's messages (namespace `shell`): English bundled, the others loaded when active. */
defineMessages('shell', {
  en,
  'es-MX': () => import('./locales/es-MX.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
});
