import type { CreateOrganizationInput, Onboarded } from '../../src/api/platform/contract';
import { invitationUrl, issueInvitation } from '../admin/invitations';
import { setUpOrganization } from '../admin/setup';
import { hashPassword } from '../auth/password';
import { newToken } from '../auth/tokens';
import { asTenant, type Tx } from '../db/client';
import type { EmailSettings } from '../documents/mailer';
import { queueInvitationEmail } from './invitation-mail';
import { organizationById } from './store';

/**
 * `POST /platform/organizations`: the organization with everything every organization starts with
 * (the seed's own setUpOrganization), its owner with a password nobody knows, and the owner's
 * invitation to set one, e-mailed when the platform has a mail server (`smtp`). One transaction:
 * all of it, or nothing (the mail included: it is queued, not sent, here).
 */
export async function onboardOrganization(tx: Tx, input: CreateOrganizationInput, origin: string, smtp: EmailSettings | null): Promise<Onboarded> {
  const passwordHash = await hashPassword(newToken());
  const { organizationId, memberIds } = await setUpOrganization(tx, {
    name: input.name,
    currency: input.currency,
    timeZone: input.timeZone,
    subscription: input.subscription,
    people: [{ name: input.owner.name, email: input.owner.email, department: 'management', role: 'Owner', passwordHash }],
  });
  const invitation = await asTenant(tx, organizationId, async () => {
    const { token, expiresAt } = await issueInvitation(tx, memberIds[0]);
    const url = invitationUrl(origin, token);
    const emailed = await queueInvitationEmail(tx, smtp, { to: input.owner.email, name: input.owner.name, organization: input.name, url, expiresAt });
    return { url, expiresAt, to: input.owner.email, emailed };
  });
  return { organization: await organizationById(tx, organizationId), invitation };
}
