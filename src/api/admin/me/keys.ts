/**
 * The signed-in member's auth state is read by `meQueryOptions` (auth/get-me.ts) and refreshed by
 * saves in other folders (the organization's colours and currency drive the whole app): its key is
 * defined here, below both, so neither folder imports the other.
 */
export const meKeys = { all: ['auth', 'me'] as const };
