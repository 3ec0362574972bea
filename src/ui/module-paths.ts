import type { ModuleKey } from '../api/permissions';

/** The screen of a navigation module: `customizedTours` → `/customized-tours`; the dashboard is home. */
export function modulePath(key: ModuleKey): string {
  if (key === 'dashboard') return '/';
  return `/${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** One record of a module (`/vendors/<id>`): the module's screen followed by the record's id. */
export function moduleRecordPath(key: ModuleKey, id: string): string {
  return `${modulePath(key)}/${encodeURIComponent(id)}`;
}

/** The outbox (Configurations → Outbox): every email, and those waiting without a mail server. */
export const outboxPath = () => `${modulePath('configurations')}/outbox`;
