import * as v from 'valibot';
import { coded } from '../../common/issues';
import {
  booleanQuery,
  calendarDate,
  clearablePhone,
  dateRangeQuery,
  dateSchema,
  emailSchema,
  flag,
  idSchema,
  itemAnswer,
  listAnswerOf,
  listOf,
  oneOf,
  pageQuery,
  requiredText,
  sortBy,
  storable,
  timestamp,
  uuid,
} from '../../common/schemas';
import { endpoint } from '../../common/endpoint';

export const DEPARTMENTS = ['sales', 'operations', 'finance', 'management'] as const;
export type Department = (typeof DEPARTMENTS)[number];
export const EMPLOYMENT_STATUSES = ['active', 'on-leave', 'exited'] as const;

/** The seed's UI preferences with their defaults (seed section 1). */
export const THEMES = ['light', 'dark', 'system'] as const;
export const MENUS = ['vertical', 'horizontal'] as const;
export const LAYOUTS = ['full', 'boxed'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export const NAVBARS = ['sticky', 'static', 'hidden'] as const;
export const ANIMATIONS = ['none', 'fade', 'slide'] as const;
export const LOCALES = ['en', 'ae', 'da', 'de', 'el', 'es', 'fr', 'hu', 'it', 'ja', 'pl', 'pt', 'ru', 'sv', 'tr', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
/** One of the sixteen languages (a stored preference, a cookie, a query's `lang`). */
export const isLocale = (x: unknown): x is Locale => typeof x === 'string' && (LOCALES as readonly string[]).includes(x);

export const preferencesSchema = v.strictObject({
  theme: oneOf(THEMES, 'must be light, dark or system'),
  menu: oneOf(MENUS, 'must be vertical or horizontal'),
  layout: oneOf(LAYOUTS, 'must be full or boxed'),
  direction: oneOf(DIRECTIONS, 'must be ltr or rtl'),
  navbar: oneOf(NAVBARS, 'must be sticky, static or hidden'),
  semidark: flag,
  sidebarOpen: flag,
  animation: oneOf(ANIMATIONS, 'must be none, fade or slide'),
  locale: oneOf(LOCALES, 'must be a supported language'),
});
export type Preferences = v.InferOutput<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'light',
  menu: 'vertical',
  layout: 'full',
  direction: 'ltr',
  navbar: 'sticky',
  semidark: false,
  sidebarOpen: true,
  animation: 'fade',
  locale: 'en',
};

export const memberSchema = v.object({
  _id: uuid,
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  department: v.picklist(DEPARTMENTS),
  roleId: uuid,
  roleName: v.optional(v.string()),
  employmentStatus: v.picklist(EMPLOYMENT_STATUSES),
  joiningDate: v.nullable(calendarDate),
  exitDate: v.nullable(calendarDate),
  isActive: v.boolean(),
  preferences: preferencesSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Member = v.InferOutput<typeof memberSchema>;

/** Passwords are taken as typed (spaces count), but never with control characters. */
export const passwordSchema = v.pipe(
  storable(),
  v.minLength(10, coded('tooShort', 'must be at least 10 characters', { min: 10 })),
  v.maxLength(200, coded('tooLong', 'must be at most 200 characters', { max: 200 })),
);

const memberFields = {
  name: requiredText(120),
  email: emailSchema,
  phone: clearablePhone,
  department: oneOf(DEPARTMENTS),
  roleId: idSchema,
  employmentStatus: v.optional(oneOf(EMPLOYMENT_STATUSES), 'active'),
  joiningDate: v.optional(v.nullable(dateSchema)),
  exitDate: v.optional(v.nullable(dateSchema)),
};
const exitAfterJoining = (m: { joiningDate?: string | null; exitDate?: string | null }) =>
  !m.joiningDate || !m.exitDate || m.exitDate >= m.joiningDate;
export const EXIT_BEFORE_JOINING = 'must not be before the joining date';
type Dates = { joiningDate?: string | null; exitDate?: string | null };
const exitRule = <T extends Dates>() =>
  v.forward<T, v.CheckIssue<T>, [never]>(v.check((m) => exitAfterJoining(m), coded('dateOrder', EXIT_BEFORE_JOINING, { after: 'joiningDate' })), ['exitDate'] as never);

export const createMemberInput = v.pipe(v.strictObject({ ...memberFields, password: passwordSchema }), exitRule());
export type CreateMemberInput = v.InferOutput<typeof createMemberInput>;

export const updateMemberInput = v.pipe(
  v.strictObject({
    name: v.optional(memberFields.name),
    email: v.optional(memberFields.email),
    phone: memberFields.phone,
    department: v.optional(memberFields.department),
    roleId: v.optional(memberFields.roleId),
    employmentStatus: v.optional(oneOf(EMPLOYMENT_STATUSES)),
    joiningDate: memberFields.joiningDate,
    exitDate: memberFields.exitDate,
    isActive: v.optional(flag),
    password: v.optional(passwordSchema),
  }),
  exitRule(),
);
export type UpdateMemberInput = v.InferOutput<typeof updateMemberInput>;

export const updateMeInput = v.pipe(
  v.strictObject({
    name: v.optional(memberFields.name),
    phone: memberFields.phone,
    currentPassword: v.optional(v.pipe(storable(), v.maxLength(200, coded('tooLong', 'is too long', { max: 200 })))),
    newPassword: v.optional(passwordSchema),
  }),
  v.forward(
    v.check((m) => !m.newPassword || !!m.currentPassword, coded('required', 'is required to set a new password', { rule: 'newPassword' })),
    ['currentPassword'],
  ),
);
export type UpdateMeInput = v.InferOutput<typeof updateMeInput>;

export const updatePreferencesInput = v.partial(preferencesSchema);

export const MEMBER_SORT_FIELDS = ['name', 'email', 'joiningDate', 'createdAt', 'department'] as const;
export const membersQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(MEMBER_SORT_FIELDS, 'name'),
  employmentStatus: listOf(oneOf(EMPLOYMENT_STATUSES, 'must be a known employment status')),
  department: listOf(oneOf(DEPARTMENTS, 'must be a known department')),
  isActive: booleanQuery,
  joiningDate: dateRangeQuery,
  exitDate: dateRangeQuery,
});
export type MembersQuery = v.InferOutput<typeof membersQuery>;

export const memberIdParams = v.object({ id: idSchema });

/** The members' calls, declared once (src/api/common/endpoint.ts): the server's routes, the web app's calls and the API reference read them. */
export const memberEndpoints = {
  list: endpoint({ method: 'GET', path: '/members', query: membersQuery, answer: listAnswerOf(memberSchema) }),
  create: endpoint({ method: 'POST', path: '/members', body: createMemberInput, answer: itemAnswer(memberSchema), status: 201 }),
  /** The seed's path of one member (`GET`, `PUT`). */
  byId: endpoint({ method: 'GET', path: '/members/memberId/:id', params: memberIdParams, answer: itemAnswer(memberSchema) }),
  update: endpoint({ method: 'PUT', path: '/members/memberId/:id', params: memberIdParams, body: updateMemberInput, answer: itemAnswer(memberSchema) }),
  /** The signed-in member's own name, phone and password. */
  me: endpoint({ method: 'PUT', path: '/members/me', body: updateMeInput, answer: itemAnswer(memberSchema) }),
  preferences: endpoint({ method: 'PUT', path: '/members/me/preferences', body: updatePreferencesInput, answer: itemAnswer(memberSchema) }),
};
