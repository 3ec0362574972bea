import { sql } from 'drizzle-orm';
import { count, type CatalogueUses } from '../catalogue';
import { leadQueries, leads } from './schema';

/** Leads (and their queries) name regions and destinations in id arrays (GIN-indexed): such a place is not deleted. */
export const leadCatalogueUses: CatalogueUses = (kind, id) => {
  if (kind !== 'region' && kind !== 'destination') return [];
  const column = kind === 'region' ? 'regions' : 'destinations';
  return [
    { one: 'lead', many: 'leads', count: count(leads, sql`${leads[column]} @> array[${id}]::uuid[]`) },
    { one: 'lead query', many: 'lead queries', count: count(leadQueries, sql`${leadQueries[column]} @> array[${id}]::uuid[]`) },
  ];
};
