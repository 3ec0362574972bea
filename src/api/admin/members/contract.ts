import * as v from 'valibot';
import {
  dateRangeQuery,
  dateSchema,
  emailSchema,
  idSchema,
  listOf,
  nonEmpty,
  pageQuery,
  sortBy,
  booleanQuery,
} from '../../common/schemas';

export const DEPARTMENTS = ['sales', 'operations', 'finance', 'management'] as const;
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

export const preferencesSchema = v.strictObject({
  theme: v.picklist(THEMES, 'must be light, dark or system'),
  menu: v.picklist(MENUS, 'must be vertical or horizontal'),
  layout: v.picklist(LAYOUTS, 'must be full or boxed'),
  direction: v.picklist(DIRECTIONS, 'must be ltr or rtl'),
  navbar: v.picklist(NAVBARS, 'must be sticky, static or hidden'),
  semidark: v.boolean('must be true or false'),
  sidebarOpen: v.boolean('must be true or false'),
  animation: v.picklist(ANIMATIONS, 'must be none, fade or slide'),
  locale: v.picklist(LOCALES, 'must be a supported language'),
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

export interface Member {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  department: (typeof DEPARTMENTS)[number];
  roleId: string;
  roleName?: string;
  employmentStatus: (typeof EMPLOYMENT_STATUSES)[number];
  joiningDate: string | null;
  exitDate: string | null;
  isActive: boolean;
  preferences: Preferences;
  createdAt: string;
  updatedAt: string;
}

const password = v.pipe(
  v.string('must be text'),
  v.minLength(10, 'must be at least 10 characters'),
  v.maxLength(200, 'must be at most 200 characters'),
);

const memberFields = {
  name: nonEmpty(120),
  email: emailSchema,
  phone: v.optional(v.nullable(v.pipe(v.string('must be text'), v.trim(), v.regex(/^[+0-9 ()-]{0,30}$/, 'must be a phone number')))),
  department: v.picklist(DEPARTMENTS, `must be one of ${DEPARTMENTS.join(', ')}`),
  roleId: idSchema,
  employmentStatus: v.optional(v.picklist(EMPLOYMENT_STATUSES, `must be one of ${EMPLOYMENT_STATUSES.join(', ')}`), 'active'),
  joiningDate: v.optional(v.nullable(dateSchema)),
  exitDate: v.optional(v.nullable(dateSchema)),
};
const exitAfterJoining = (m: { joiningDate?: string | null; exitDate?: string | null }) =>
  !m.joiningDate || !m.exitDate || m.exitDate >= m.joiningDate;
const EXIT_BEFORE_JOINING = 'must not be before the joining date';

export const createMemberInput = v.pipe(
  v.strictObject({ ...memberFields, password }),
  v.forward(v.check((m) => exitAfterJoining(m), EXIT_BEFORE_JOINING), ['exitDate']),
);
export type CreateMemberInput = v.InferOutput<typeof createMemberInput>;

export const updateMemberInput = v.pipe(
  v.strictObject({
    name: v.optional(memberFields.name),
    email: v.optional(memberFields.email),
    phone: memberFields.phone,
    department: v.optional(memberFields.department),
    roleId: v.optional(memberFields.roleId),
    employmentStatus: v.optional(v.picklist(EMPLOYMENT_STATUSES, `must be one of ${EMPLOYMENT_STATUSES.join(', ')}`)),
    joiningDate: memberFields.joiningDate,
    exitDate: memberFields.exitDate,
    isActive: v.optional(v.boolean('must be true or false')),
    password: v.optional(password),
  }),
  v.forward(v.check((m) => exitAfterJoining(m), EXIT_BEFORE_JOINING), ['exitDate']),
);
export type UpdateMemberInput = v.InferOutput<typeof updateMemberInput>;

export const updateMeInput = v.pipe(
  v.strictObject({
    name: v.optional(memberFields.name),
    phone: memberFields.phone,
    currentPassword: v.optional(v.pipe(v.string('must be text'), v.maxLength(200, 'is too long'))),
    newPassword: v.optional(password),
  }),
  v.forward(
    v.check((m) => !m.newPassword || !!m.currentPassword, 'is required to set a new password'),
    ['currentPassword'],
  ),
);
export type UpdateMeInput = v.InferOutput<typeof updateMeInput>;

export const updatePreferencesInput = v.partial(preferencesSchema);

export const MEMBER_SORT_FIELDS = ['name', 'email', 'joiningDate', 'createdAt', 'department'] as const;
export const membersQuery = v.strictObject({
  ...pageQuery(),
  sortBy: sortBy(MEMBER_SORT_FIELDS, 'name'),
  employmentStatus: listOf(v.picklist(EMPLOYMENT_STATUSES, 'must be a known employment status')),
  department: listOf(v.picklist(DEPARTMENTS, 'must be a known department')),
  isActive: booleanQuery,
  joiningDate: dateRangeQuery,
  exitDate: dateRangeQuery,
});
export type MembersQuery = v.InferOutput<typeof membersQuery>;

export const memberIdParams = v.object({ id: idSchema });
