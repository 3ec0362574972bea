import * as v from 'valibot';
import { emailSchema } from '../../common/schemas';
import type { Member } from '../members/contract';
import type { Organization } from '../organization/contract';
import type { Permissions, Visibility } from '../../permissions';

export const loginInput = v.strictObject({
  email: emailSchema,
  password: v.pipe(v.string('must be text'), v.nonEmpty('is required'), v.maxLength(200, 'is too long')),
});
export type LoginInput = v.InferOutput<typeof loginInput>;

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'expired', 'canceled'] as const;
export interface Subscription {
  _id: string;
  plan: string;
  seats: number;
  status: (typeof SUBSCRIPTION_STATUSES)[number];
  periodEnd: string;
  readOnly: boolean;
}

export interface AuthState {
  member: Member;
  organization: Organization;
  subscription: Subscription;
  role: { _id: string; name: string; isOwner: boolean; permissions: Permissions; visibility: Visibility };
}
