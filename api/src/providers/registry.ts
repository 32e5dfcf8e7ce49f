// TEMPORARY (issue 49): the provider adapters moved to api/src/modules/providers/adapters.
// transfers/service.ts and transfers.test.ts still import this old path while transfers is being
// split into use-case files; once they import '../providers/index', delete this file.
export type { ProviderAdapters } from '../modules/providers/index';
