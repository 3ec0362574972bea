import type { TFunction } from 'i18next';
import type { ListColumn } from '../../ui/list-page';
import type { ZonedFormatters } from '../../ui/format';

type Base = { _id: string; name: string; slug: string; description: string | null; createdAt: string; updatedAt: string };

/**
 * The columns every catalogue list has, around the resource's own: `_id`, name, slug, …, description,
 * created and updated. `_id`, slug, description and the dates are hidden until the person shows them
 * (the seed: "_id, slug and description are hidden by default").
 */
export function catalogueColumns<T extends Base>(t: TFunction, fmt: ZonedFormatters, own: ListColumn<T>[]): ListColumn<T>[] {
  return [
    { field: '_id', header: t('catalogue.id'), hiddenByDefault: true },
    { field: 'name', header: t('catalogue.name'), sortable: true },
    { field: 'slug', header: t('catalogue.slug'), hiddenByDefault: true },
    ...own,
    { field: 'description', header: t('catalogue.description'), hiddenByDefault: true, body: (r) => <span className="clamp-2">{r.description}</span> },
    { field: 'createdAt', header: t('catalogue.createdAt'), sortable: true, hiddenByDefault: true, body: (r) => fmt.dateTime(r.createdAt) },
    { field: 'updatedAt', header: t('catalogue.updatedAt'), sortable: true, hiddenByDefault: true, body: (r) => fmt.dateTime(r.updatedAt) },
  ];
}

/** The sort keys of the card layout: name and dates, with the resource's own. */
export const catalogueSortOptions = (t: TFunction, own: { field: string; label: string }[] = []) => [
  { field: 'name', label: t('catalogue.name') },
  ...own,
  { field: 'createdAt', label: t('catalogue.createdAt') },
  { field: 'updatedAt', label: t('catalogue.updatedAt') },
];
