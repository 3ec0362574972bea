/**
 * The admin area's face (docs/architecture.md, "Faces"): members, roles, modules, the organization
 * and its configurations. Other areas import only what is exported here.
 */
export { adminRoutes } from './routes';
export { findInvitation, invitationUrl, issueInvitation } from './invitations';
export { configurations } from './schema';
export { setUpOrganization, type NewMember } from './setup';
export { currentOrganization, knownSettings, moduleSettings, type ModuleSettings } from './store';
