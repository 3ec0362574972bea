/** Lead sources (SPEC workflow 1). */
export const LEAD_SOURCES = ['website', 'phone', 'email', 'walk-in', 'referral', 'social', 'partner', 'import'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
