import * as v from 'valibot';
import { coded } from '../../common/issues';
import { calendarDate, storable, timestamp, uuid } from '../../common/schemas';
import { memberSchema, passwordSchema } from '../members/contract';
import { organizationSchema } from '../organization/contract';
import { ACTIONS, MODULE_KEYS, VISIBILITY_SCOPES } from '../../permissions';
import { PLANS, SUBSCRIPTION_STATUSES } from '../../platform/subscription';
import { routePath } from '../../common/paths';


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

/** Signing in and the session's paths, declared once: the server's routes register `.pattern`, the web app calls them. */
export const authPaths = {
  health: routePath('/health'),
  login: routePath('/auth/login'),
  logout: routePath('/auth/logout'),
  me: routePath('/auth/me'),
  invitation: routePath('/auth/invitation'),
  acceptInvitation: routePath('/auth/invitation/accept'),
};
