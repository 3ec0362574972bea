import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A record in a list's card layout: its name (a link to its page when it has one) with a badge
 * beside it (a status, stars), then what the list shows of it and its actions. `data` names the
 * card for tests and tools (`{ 'data-vendor': name }`).
 */
export function RecordCard({ name, to, badge, data, children }: { name: string; to?: string; badge?: ReactNode; data: Record<`data-${string}`, string>; children: ReactNode }) {
  const titleId = useId();
  return (
    <article className="card record-card" style={{ cursor: 'default' }} aria-labelledby={titleId} {...data}>
      <div className="row" style={{ justifyContent: 'space-between', flexWrap: 'nowrap', alignItems: 'flex-start' }}>
        <h2 className="record-card__title" id={titleId}>
          {to ? <Link to={to}>{name}</Link> : name}
        </h2>
        {badge}
      </div>
      {children}
    </article>
  );
}

/** A phone number and an email address on one line; each reads left to right in every language. */
export function ReachLine({ phone, email }: { phone?: string | null; email?: string | null }) {
  const parts = [phone, email].filter((x): x is string => !!x);
  if (parts.length === 0) return null;
  return (
    <div className="muted">
      {parts.map((x, i) => (
        <span key={x}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          <span dir="ltr">{x}</span>
        </span>
      ))}
    </div>
  );
}
