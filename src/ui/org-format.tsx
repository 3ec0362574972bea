import { useAuth } from './auth';
import { useZonedFormatters } from './format';

/**
 * The organization's formatters: money in its currency (or `currency`: a tour's, a record's),
 * calendar dates, and instants in its time zone, in the member's language. Every moment a member
 * reads is written in the organization's zone, never the browser's (docs/decisions.md, issue 27).
 */
export function useOrgFormatters(options: { currency?: string } = {}) {
  const { organization } = useAuth();
  return useZonedFormatters({ currency: options.currency ?? organization.currency, timeZone: organization.timeZone });
}

/** An amount in a table, a card, a tile or a summary: its digits left to right in either direction, a negative one marked. */
export function Money({ minor, currency }: { minor: number; currency?: string }) {
  const fmt = useOrgFormatters();
  return (
    <span className="money" data-negative={minor < 0 || undefined}>
      {fmt.money(minor, currency)}
    </span>
  );
}
