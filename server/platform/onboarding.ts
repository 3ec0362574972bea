import { and, eq, sql } from 'drizzle-orm';
import { isLocale } from '../../src/api/admin/members/contract';
import type { CreateOrganizationInput, InvitationLink, Onboarded } from '../../src/api/platform/contract';
import { invitationUrl, issueInvitation, setUpOrganization } from '../admin';
import { hashPassword } from '../auth/password';
import { invitations, members, roles } from '../auth/schema';
import { newToken } from '../auth/tokens';
import { asTenant, type Tx } from '../db/client';
import type { EmailSettings } from '../documents';
import { conflict, notFound } from '../http/errors';
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
    // The owner's language: their first preference, and the invitation's.
    await tx.update(members).set({ preferences: { locale: input.owner.language } }).where(eq(members.id, memberIds[0]));
    const { token, expiresAt } = await issueInvitation(tx, memberIds[0]);
    const url = invitationUrl(origin, token);
    const emailed = await queueInvitationEmail(tx, smtp, {
      to: input.owner.email,
      name: input.owner.name,
      organization: input.name,
      url,
      expiresAt,
      locale: input.owner.language,
      timeZone: input.timeZone,
    });
    return { url, expiresAt, to: input.owner.email, emailed };
  });
  return { organization: await organizationById(tx, organizationId), invitation };
}

/**
 * `POST /platform/organizations/{id}/members/{memberId}/invitation`: a new link for an owner the
 * platform invited who has not used an invitation yet (the first was lost, or expired); the earlier
 * link stops working. Only then: an owner who set a password, or one who was never invited (a
 * password of their own from the start), is not the platform's to let in — that would hand an
 * operator any organization's owner account.
 */
export async function renewOwnerInvitation(tx: Tx, organizationId: string, memberId: string, origin: string, smtp: EmailSettings | null): Promise<InvitationLink> {
  const organization = await organizationById(tx, organizationId);
  return asTenant(tx, organizationId, async () => {
    const [owner] = await tx
      .select({
        id: members.id,
        name: members.name,
        email: members.email,
        locale: sql<string | null>`${members.preferences}->>'locale'`,
        isActive: members.isActive,
        isOwner: roles.isOwner,
        issued: sql<number>`(select count(*)::int from ${invitations} where ${invitations.memberId} = ${members.id})`,
        used: sql<number>`(select count(*)::int from ${invitations} where ${invitations.memberId} = ${members.id} and ${invitations.usedAt} is not null)`,
      })
      .from(members)
      .innerJoin(roles, eq(roles.id, members.roleId))
      .where(and(eq(members.id, memberId), eq(members.organizationId, organizationId)))
      .for('update', { of: members });
    if (!owner) throw notFound('Member');
    if (!owner.isOwner || !owner.isActive) throw conflict('Only an active owner gets a new invitation from the platform: the owner invites the other members', 'INVITATION_NOT_RENEWABLE');
    if (owner.used > 0) throw conflict('This owner has set a password through an invitation already: they can reset it themselves', 'INVITATION_NOT_RENEWABLE');
    if (owner.issued === 0) throw conflict('This owner was not invited through the platform: their password is their own', 'INVITATION_NOT_RENEWABLE');
    const { token, expiresAt } = await issueInvitation(tx, owner.id);
    const url = invitationUrl(origin, token);
    const emailed = await queueInvitationEmail(tx, smtp, {
      to: owner.email,
      name: owner.name,
      organization: organization.name,
      url,
      expiresAt,
      locale: isLocale(owner.locale) ? owner.locale : 'en',
      timeZone: organization.timeZone,
    });
    return { url, expiresAt, to: owner.email, emailed };
  });
}
