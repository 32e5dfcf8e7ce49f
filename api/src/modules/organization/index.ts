export {
  findOrganizationName,
  listAdminEmails,
  organizationColumns,
  organizationWithRole,
  toOrganization,
} from './repo';
export { registerOrganizationAvatarRoutes, registerOrganizationRoutes } from './routes';
export { createOrganizationService, type OrganizationService } from './service';
