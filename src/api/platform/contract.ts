import { endpoint } from '../common/endpoint';
import { itemAnswer, listAnswerOf } from '../common/schemas';
import * as v from 'valibot';
import {
  booleanQuery,
  calendarDate,
  dateSchema,
  emailSchema,
  idSchema,
  intBetween,
  listOf,
  loginInput,
  type LoginInput,
  oneOf,
  pageQuery,
  requiredText,
  sortBy,
  timestamp,
  updateOf,
  uuid,
} from '../common/schemas';

import { DEPARTMENTS, EMPLOYMENT_STATUSES, LOCALES } from '../admin/members/contract';
import { currencySchema, organizationNameSchema, timeZoneSchema } from '../admin/organization/contract';
import { MAX_SEATS, PLANS, SUBSCRIPTION_STATUSES } from './subscription';

/**
 * The parent service (seed "Parent service"; SPEC "People and platform"), run by platform operators
 * under `/platform`: organizations, their subscriptions and members, and onboarding.
 */

/** The seed's organizations page size (section 9). */
export const ORGANIZATIONS_PAGE_SIZE = 10;

// ---------- operators ----------

/** Operators sign in with the members' form: email and password. */
export const operatorLoginInput = loginInput;
export type OperatorLoginInput = LoginInput;

export const operatorSchema = v.object({ _id: uuid, name: v.string(), email: v.string() });
export type Operator = v.InferOutput<typeof operatorSchema>;

// ---------- subscriptions ----------

const plan = oneOf(PLANS, 'must be starter, business or enterprise');
const status = oneOf(SUBSCRIPTION_STATUSES, 'must be trial, active, pastDue, expired or cancelled');
const seats = intBetween(1, MAX_SEATS);

export const subscriptionFields = v.strictObject({ plan, seats, status, periodEnd: dateSchema });

/** `PUT /organizations/{id}/subscription`: what is given changes, at once. */
export const updateSubscriptionInput = updateOf({ plan: v.optional(plan), seats: v.optional(seats), status: v.optional(status), periodEnd: v.optional(dateSchema) });
export type UpdateSubscriptionInput = v.InferOutput<typeof updateSubscriptionInput>;

export const platformSubscriptionSchema = v.object({
  _id: uuid,
  organizationId: uuid,
  plan: v.picklist(PLANS),
  seats: v.number(),
  /** Active members, each holding a seat. */
  seatsUsed: v.number(),
  status: v.picklist(SUBSCRIPTION_STATUSES),
  periodEnd: calendarDate,
  /** Whether the organization may only read now, on its own date. */
  readOnly: v.boolean(),
  updatedAt: timestamp,
});
export type PlatformSubscription = v.InferOutput<typeof platformSubscriptionSchema>;

// ---------- organizations ----------

export const ORGANIZATION_SORT_FIELDS = ['name', 'createdAt', 'periodEnd'] as const;

export const organizationsQuery = v.strictObject({
  ...pageQuery(ORGANIZATIONS_PAGE_SIZE),
  sortBy: sortBy(ORGANIZATION_SORT_FIELDS, 'name'),
  plan: listOf(plan),
  status: listOf(status),
});
export type OrganizationsQuery = v.InferOutput<typeof organizationsQuery>;

export const organizationIdParams = v.object({ id: idSchema });
/** An owner's new invitation: `POST /platform/organizations/{id}/members/{memberId}/invitation`. */
export const memberInvitationParams = v.object({ id: idSchema, memberId: idSchema });

/** One row of the organizations list: the organization and its subscription. */
export const platformOrganizationSchema = v.object({
  _id: uuid,
  name: v.string(),
  currency: v.string(),
  timeZone: v.string(),
  plan: v.picklist(PLANS),
  seats: v.number(),
  activeMembers: v.number(),
  status: v.picklist(SUBSCRIPTION_STATUSES),
  periodEnd: calendarDate,
  readOnly: v.boolean(),
  createdAt: timestamp,
});
export type PlatformOrganization = v.InferOutput<typeof platformOrganizationSchema>;

/** `POST /organizations`: the organization, its owner (invited to set a password) and what it is sold. */
export const createOrganizationInput = v.strictObject({
  name: organizationNameSchema,
  currency: currencySchema,
  timeZone: timeZoneSchema,
  /** `language`: the owner's language, for the invitation e-mail and as their first preference (English when not given). */
  owner: v.strictObject({ name: requiredText(120), email: emailSchema, language: v.optional(oneOf(LOCALES, 'must be a supported language'), 'en') }),
  subscription: subscriptionFields,
});
export type CreateOrganizationInput = v.InferOutput<typeof createOrganizationInput>;

/** The owner's way in: a one-time link to set a password, shown to the operator (and e-mailed when the platform has a mail server). */
export const invitationLinkSchema = v.object({
  url: v.string(),
  expiresAt: timestamp,
  /** The owner's address. */
  to: v.string(),
  /** Whether it was also queued to be e-mailed to `to` (the platform's mail server is set); otherwise the operator hands it over. */
  emailed: v.boolean(),
});
export type InvitationLink = v.InferOutput<typeof invitationLinkSchema>;

export const onboardedSchema = v.object({ organization: platformOrganizationSchema, invitation: invitationLinkSchema });
export type Onboarded = v.InferOutput<typeof onboardedSchema>;

// ---------- an organization's members ----------

export const platformMembersQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(['name', 'email', 'createdAt'] as const, 'name'),
  isActive: booleanQuery,
});
export type PlatformMembersQuery = v.InferOutput<typeof platformMembersQuery>;

/** A member as the platform sees them: who holds a seat, nothing of their work or preferences. */
export const platformMemberSchema = v.object({
  _id: uuid,
  name: v.string(),
  email: v.string(),
  department: v.picklist(DEPARTMENTS),
  roleName: v.string(),
  isOwner: v.boolean(),
  employmentStatus: v.picklist(EMPLOYMENT_STATUSES),
  isActive: v.boolean(),
  createdAt: timestamp,
});
export type PlatformMember = v.InferOutput<typeof platformMemberSchema>;

/** The parent service's calls (under `/platform`), declared once (src/api/common/endpoint.ts): the server's routes, the console's calls (`platformApi.call`) and the API reference read them. */
export const platformEndpoints = {
  login: endpoint({ method: 'POST', path: '/auth/login', body: operatorLoginInput, answer: itemAnswer(operatorSchema) }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', answer: itemAnswer(v.object({ signedOut: v.literal(true) })) }),
  me: endpoint({ method: 'GET', path: '/auth/me', answer: itemAnswer(operatorSchema) }),
  organizations: endpoint({ method: 'GET', path: '/organizations', query: organizationsQuery, answer: listAnswerOf(platformOrganizationSchema) }),
  createOrganization: endpoint({ method: 'POST', path: '/organizations', body: createOrganizationInput, answer: itemAnswer(onboardedSchema), status: 201 }),
  organization: endpoint({ method: 'GET', path: '/organizations/:id', params: organizationIdParams, answer: itemAnswer(platformOrganizationSchema) }),
  subscription: endpoint({ method: 'GET', path: '/organizations/:id/subscription', params: organizationIdParams, answer: itemAnswer(platformSubscriptionSchema) }),
  updateSubscription: endpoint({ method: 'PUT', path: '/organizations/:id/subscription', params: organizationIdParams, body: updateSubscriptionInput, answer: itemAnswer(platformSubscriptionSchema) }),
  members: endpoint({ method: 'GET', path: '/organizations/:id/members', params: organizationIdParams, query: platformMembersQuery, answer: listAnswerOf(platformMemberSchema) }),
  invitation: endpoint({ method: 'POST', path: '/organizations/:id/members/:memberId/invitation', params: memberInvitationParams, answer: itemAnswer(invitationLinkSchema), status: 201 }),
};
