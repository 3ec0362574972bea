import { listResource, type ListParams } from '../../common/resource';
import type { Activity, ActivityCategory, ActivityDifficulty, ActivityStats, CreateActivityInput, UpdateActivityInput } from './contract';
import { activityEndpoints } from './contract';

export interface ActivitiesParams extends ListParams {
  regions?: string[];
  destinations?: string[];
  categories?: ActivityCategory[];
  difficulty?: ActivityDifficulty[];
}

/** Activities: the seed's `/activities`, `/activities/activityId/{id}`, `PUT/DELETE /activities/{id}`, `POST /activities/import`. */
export const activitiesResource = listResource<Activity, ActivitiesParams, CreateActivityInput, UpdateActivityInput, ActivityStats>({
  name: 'activities',
  endpoints: { list: activityEndpoints.list, one: activityEndpoints.byId, create: activityEndpoints.create, update: activityEndpoints.update, remove: activityEndpoints.remove },
  fallbacks: {
    fetchList: ['activities.errors.fetchList', 'Failed to fetch activities'],
    fetchOne: ['activities.errors.fetchOne', 'Failed to fetch activity'],
    create: ['activities.errors.create', 'Failed to add activity'],
    update: ['activities.errors.update', 'Failed to update activity'],
    delete: ['activities.errors.delete', 'Failed to delete activity'],
    import: ['activities.errors.import', 'Failed to import activities'],
  },
});

/** The list, and one activity by the seed's `GET /activities/activityId/{id}` (for the itinerary planner). */
