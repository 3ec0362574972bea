import { useAuth } from './auth';
import { useFormatters } from './format';

/** The organization's formatters: money in its currency, dates as calendar dates and instants in its time zone, in the member's language. */
export function useOrgFormatters() {
  const { organization } = useAuth();
  return useFormatters({ currency: organization.currency, timeZone: organization.timeZone });
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
