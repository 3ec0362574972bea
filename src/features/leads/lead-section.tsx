import type { ReactNode } from 'react';
import { Button } from 'primereact/button';

/**
 * A card of the lead's page with a list of its own (enquiries, follow-ups): the title, named for
 * assistive technology, with the button that adds one at the end of its row when the member may.
 */
export function LeadSection({ id, title, add, children }: { id: string; title: string; add?: { icon: string; label: string; onClick: () => void }; children: ReactNode }) {
  return (
    <section className="card stack" aria-labelledby={`${id}-title`} data-testid={id}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id={`${id}-title`} className="workflow-panel__title">
          {title}
        </h2>
        {add && <Button type="button" size="small" outlined icon={add.icon} label={add.label} onClick={add.onClick} />}
      </div>
      {children}
    </section>
  );
}
