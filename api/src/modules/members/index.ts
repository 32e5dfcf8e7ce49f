export { findOrganizationUser, listMemberEmails } from './repo';
export { registerMemberRoutes } from './routes';
export { createMemberService } from './service';
