export * from './format';
export * from './i18n';
export * from './messages';
export * from './transfer-note';
