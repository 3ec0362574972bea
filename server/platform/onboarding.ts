import type { CreateOrganizationInput, InvitationLink, Onboarded } from '../../src/api/platform/contract';
import { invitationUrl, issueInvitation } from '../admin/invitations';
import { setUpOrganization } from '../admin/setup';
import { hashPassword } from '../auth/password';
import { newToken } from '../auth/tokens';
import { asTenant, type Tx } from '../db/client';
import { organizationById } from './store';

/**
 * THE MAIL HOOK for the owner's invitation. The mailer (server/documents/mailer.ts) sends through
 * an organization's own SMTP settings, which a new organization does not have yet; the platform has
 * no SMTP settings of its own, so the link is shown to the operator only and this answers false.
 * When it has: enqueue the message here, in the onboarding's transaction (`enqueueBossJob`,
 * server/jobs/boss.ts), so it is sent after the organization is committed and never for one that
 * rolled back, and answer true.
 */
async function queueInvitationEmail(_tx: Tx, _to: { name: string; email: string; organization: string }, _link: InvitationLink): Promise<boolean> {
  return false;
}

/**
 * `POST /platform/organizations`: the organization with everything every organization starts with
 * (the seed's own setUpOrganization), its owner with a password nobody knows, and the owner's
 * invitation to set one. One transaction: all of it, or nothing.
 */
export async function onboardOrganization(tx: Tx, input: CreateOrganizationInput, origin: string): Promise<Onboarded> {
  const passwordHash = await hashPassword(newToken());
  const { organizationId, memberIds } = await setUpOrganization(tx, {
    name: input.name,
    currency: input.currency,
    timeZone: input.timeZone,
    subscription: input.subscription,
    people: [{ name: input.owner.name, email: input.owner.email, department: 'management', role: 'Owner', passwordHash }],
  });
  const { token, expiresAt } = await asTenant(tx, organizationId, () => issueInvitation(tx, memberIds[0]));
  const link = { url: invitationUrl(origin, token), expiresAt, emailed: false };
  link.emailed = await queueInvitationEmail(tx, { ...input.owner, organization: input.name }, link);
  return { organization: await organizationById(tx, organizationId), invitation: link };
}
