/**
 * The permission model shared by server and client: a role grants actions per module.
 * Module keys are also the navigation sections (see the modules resource).
 */
export const MODULE_KEYS = [
  'dashboard',
  'leads',
  'contacts',
  'customizedTours',
  'personalizedTours',
  'groupTours',
  'bookings',
  'operations',
  'invoices',
  'paymentReceipts',
  'expenses',
  'salaries',
  'account',
  'cancellations',
  'hotels',
  'activities',
  'regions',
  'destinations',
  'reviews',
  'vendors',
  'members',
  'roles',
  'modules',
  'organization',
  'configurations',
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

export const ACTIONS = ['view', 'create', 'update', 'delete', 'approve', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export type Permissions = Partial<Record<ModuleKey, Action[]>>;

/** Who a member sees in leads and bookings: only their own, or everyone's. */
export const VISIBILITY_SCOPES = ['own', 'all'] as const;
export type Visibility = { leads: (typeof VISIBILITY_SCOPES)[number]; bookings: (typeof VISIBILITY_SCOPES)[number] };

export const ALL_PERMISSIONS: Permissions = Object.fromEntries(MODULE_KEYS.map((m) => [m, [...ACTIONS]]));

/** What a role may do and see: the built-in Owner role has everything, whatever is stored. */
export function effectiveAccess(role: { isOwner: boolean; permissions: Permissions; visibility: Visibility }): { permissions: Permissions; visibility: Visibility } {
  return role.isOwner ? { permissions: ALL_PERMISSIONS, visibility: { leads: 'all', bookings: 'all' } } : { permissions: role.permissions, visibility: role.visibility };
}

export function can(permissions: Permissions, module: ModuleKey, action: Action): boolean {
  return permissions[module]?.includes(action) ?? false;
}

/** One permission: an action on a module. */
export interface Grant {
  module: ModuleKey;
  action: Action;
}

/** Whether any of the grants is the role's (a route open to several kinds of work, `allowAny`). */
export function canAny(permissions: Permissions, grants: readonly Grant[]): boolean {
  return grants.some((g) => can(permissions, g.module, g.action));
}

/**
 * Who may edit a tour's priced lines: whoever may create or change a customized or a personalized
 * tour. They may read the vendors' names a line may name (`GET /vendors/options`), not the vendors
 * themselves (`vendors.view`: contacts, bank details, transactions). docs/tours.md, "A line's vendor".
 */
export const TOUR_EDITORS: readonly Grant[] = [
  { module: 'customizedTours', action: 'create' },
  { module: 'customizedTours', action: 'update' },
  { module: 'personalizedTours', action: 'create' },
  { module: 'personalizedTours', action: 'update' },
];
