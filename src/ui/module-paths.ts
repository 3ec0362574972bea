import type { ModuleKey } from '../api/permissions';

/** The screen of a navigation module: `customizedTours` → `/customized-tours`; the dashboard is home. */
export function modulePath(key: ModuleKey): string {
  if (key === 'dashboard') return '/';
  return `/${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
