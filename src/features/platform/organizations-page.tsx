import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ORGANIZATIONS_PAGE_SIZE, type PlatformOrganization } from '../../api/platform/contract';
import { useOrganizations, type OrganizationsParams } from '../../api/platform/get-organizations';
import { PLANS, SUBSCRIPTION_STATUSES } from '../../api/platform/subscription';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { emptyState, ListPage, toQuery, useListState, type ListColumn, listProps } from '../../ui/list-page';
import { StatusTag } from '../../ui/status-tag';
import { organizationPath } from './console';
import { OnboardDialog } from './onboard-dialog';
import { SeatsUsed, useConsoleFormatters } from './parts';

/** The console's home: every organization with its subscription, 10 a page (the seed's size). */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const fmt = useConsoleFormatters();
  const [state, setState, setFilter] = useListState({ limit: ORGANIZATIONS_PAGE_SIZE, sortBy: 'name', filterParams: { plan: 'list', status: 'list' } });
  const query = useOrganizations(toQuery(state) as OrganizationsParams);
  const [onboarding, setOnboarding] = useState(false);

  const columns = useMemo<ListColumn<PlatformOrganization>[]>(
    () => [
      { field: 'name', header: t('platform.name'), sortable: true, body: (o) => <Link to={organizationPath(o._id)}>{o.name}</Link> },
      { field: 'plan', header: t('subscription.plan'), body: (o) => t(`subscription.plans.${o.plan}`) },
      { field: 'seats', header: t('platform.activeMembers'), body: (o) => <SeatsUsed used={o.activeMembers} seats={o.seats} /> },
      { field: 'status', header: t('subscription.status'), body: (o) => <StatusTag status={o.status} tone={o.readOnly ? 'danger' : undefined} /> },
      { field: 'periodEnd', header: t('subscription.periodEnd'), sortable: true, body: (o) => fmt.date(o.periodEnd) },
      { field: 'currency', header: t('platform.currency'), hiddenByDefault: true },
      { field: 'timeZone', header: t('platform.timeZone'), hiddenByDefault: true },
      { field: 'createdAt', header: t('platform.createdAt'), sortable: true, body: (o) => fmt.dateTime(o.createdAt) },
    ],
    [t, fmt],
  );

  const createButton = <Button type="button" icon="pi pi-plus" label={t('platform.newOrganization')} onClick={() => setOnboarding(true)} />;

  return (
    <>
      <ListPage<PlatformOrganization>
        id="platform-organizations"
        title={t('platform.organizations')}
        actions={createButton}
        empty={emptyState(t, 'platform.empty', { buttons: createButton, label: t('platform.newOrganization') })}
        columns={columns}
        {...listProps(state, setState, query)}
        pageSizes={[10, 20, 50]}
        filterPanel={
          <>
            <MultiSelectFilter id="f-plan" label={t('subscription.plan')} value={state.filters.plan} options={PLANS.map((p) => ({ value: p, label: t(`subscription.plans.${p}`) }))} onChange={(v) => setFilter('plan', v)} />
            <MultiSelectFilter id="f-status" label={t('subscription.status')} value={state.filters.status} options={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} onChange={(v) => setFilter('status', v)} />
          </>
        }
      />
      {onboarding && <OnboardDialog onClose={() => setOnboarding(false)} />}
    </>
  );
}
