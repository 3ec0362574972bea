import { listResource, type ListParams } from '../../common/resource';
import type { CreateMemberInput, Member, UpdateMemberInput } from './contract';
import { memberEndpoints } from './contract';

export interface MembersParams extends ListParams {
  employmentStatus?: string[];
  department?: string[];
  isActive?: boolean;
  joiningDate?: { from?: string; to?: string };
  exitDate?: { from?: string; to?: string };
}

/** `GET /members`, `GET|PUT /members/memberId/{id}`, `POST /members`. */
export const membersResource = listResource<Member, MembersParams, CreateMemberInput, UpdateMemberInput>({
  name: 'members',
  endpoints: { list: memberEndpoints.list, one: memberEndpoints.byId, create: memberEndpoints.create, update: memberEndpoints.update },
  fallbacks: {
    fetchList: ['members.errors.fetchList', 'Failed to fetch members'],
    fetchOne: ['members.errors.fetchOne', 'Failed to fetch member'],
    create: ['members.errors.create', 'Failed to create member'],
    update: ['members.errors.update', 'Failed to update member'],
  },
});

export const membersKeys = membersResource.keys;
export const useMembers = membersResource.useList;
