import { endpoint } from '../../common/endpoint';
import * as v from 'valibot';
import { coded } from '../../common/issues';
import { calendarDate, itemAnswer, loginInput, storable, timestamp, uuid } from '../../common/schemas';
import { memberSchema, passwordSchema } from '../members/contract';
import { organizationSchema } from '../organization/contract';
import { ACTIONS, MODULE_KEYS, VISIBILITY_SCOPES } from '../../permissions';
import { PLANS, SUBSCRIPTION_STATUSES } from '../../platform/subscription';


/** The organization's subscription as its members see it (the platform operator sets it). */
export const subscriptionSchema = v.object({
  _id: uuid,
  plan: v.picklist(PLANS),
  seats: v.number(),
  /** Active members, each holding a seat. */
  seatsUsed: v.number(),
  status: v.picklist(SUBSCRIPTION_STATUSES),
  periodEnd: calendarDate,
  /** Days from the organization's today to the period's end; negative once it has passed. */
  daysLeft: v.number(),
  readOnly: v.boolean(),
});
export type Subscription = v.InferOutput<typeof subscriptionSchema>;

/** Actions per module, as roles hold them (the Owner's are all of them). */
export const permissionsAnswer = v.record(v.picklist(MODULE_KEYS), v.array(v.picklist(ACTIONS)));
export const visibilityAnswer = v.object({ leads: v.picklist(VISIBILITY_SCOPES), bookings: v.picklist(VISIBILITY_SCOPES) });

export const authStateSchema = v.object({
  member: memberSchema,
  organization: organizationSchema,
  subscription: subscriptionSchema,
  role: v.object({ _id: uuid, name: v.string(), isOwner: v.boolean(), permissions: permissionsAnswer, visibility: visibilityAnswer }),
});
export type AuthState = v.InferOutput<typeof authStateSchema>;

// ---------- invitations (the invited member's side, under /api) ----------

/** The token travels in the body, never in an address (logs, history, Referer). */
export const invitationTokenInput = v.strictObject({ token: v.pipe(storable(), v.nonEmpty(coded('required', 'is required')), v.maxLength(100, coded('tooLong', 'is too long', { max: 100 }))) });
export const acceptInvitationInput = v.strictObject({ ...invitationTokenInput.entries, password: passwordSchema });
export type AcceptInvitationInput = v.InferOutput<typeof acceptInvitationInput>;

export const invitationSchema = v.object({ name: v.string(), email: v.string(), organization: v.string(), expiresAt: timestamp });
export type Invitation = v.InferOutput<typeof invitationSchema>;

/** The area's calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const authEndpoints = {
  health: endpoint({ method: 'GET', path: '/health', answer: v.object({ status: v.literal('ok'), database: v.literal('reachable') }) }),
  login: endpoint({ method: 'POST', path: '/auth/login', body: loginInput, answer: itemAnswer(authStateSchema) }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', answer: itemAnswer(v.object({ signedOut: v.literal(true) })) }),
  me: endpoint({ method: 'GET', path: '/auth/me', answer: itemAnswer(authStateSchema) }),
  invitation: endpoint({ method: 'POST', path: '/auth/invitation', body: invitationTokenInput, answer: itemAnswer(invitationSchema) }),
  acceptInvitation: endpoint({ method: 'POST', path: '/auth/invitation/accept', body: acceptInvitationInput, answer: itemAnswer(authStateSchema) }),
};
