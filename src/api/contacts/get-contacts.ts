import { listResource, type ListParams } from '../common/resource';
import type { Contact, ContactGroup, CreateContactGroupInput, UpdateContactGroupInput } from './contract';
import { contactEndpoints } from './contract';

/** `GET /contacts`: the people behind leads (and later bookings), once per phone or email. */
export interface ContactsParams extends ListParams {
  regions?: string[];
  destinations?: string[];
  /** Contacts with a lead whose enquiry day is in the range. */
  query?: { from?: string; to?: string };
  /** Members of this group. */
  group?: string;
}

/** `GET /contacts` (read-only: contacts are made and changed through their leads). */
export const contactsResource = listResource<Contact, ContactsParams>({
  name: 'contacts',
  endpoints: { list: contactEndpoints.list },
  fallbacks: { fetchList: ['contacts.errors.fetchList', 'Failed to fetch contacts'] },
});

export const contactsKeys = contactsResource.keys;
export const useContacts = contactsResource.useList;

/**
 * Contact groups: `GET/POST /contacts/groups`, `GET/PUT/DELETE /contacts/groups/{id}`. A change
 * to a group refetches the contacts lists too (they filter by group).
 */
export const contactGroupsResource = listResource<ContactGroup, ListParams, CreateContactGroupInput, UpdateContactGroupInput>({
  name: 'contacts/groups',
  endpoints: { list: contactEndpoints.groups, one: contactEndpoints.group, create: contactEndpoints.createGroup, update: contactEndpoints.updateGroup, remove: contactEndpoints.removeGroup },
  shownIn: ['contacts'],
  fallbacks: {
    fetchList: ['contacts.errors.fetchGroups', 'Failed to fetch contact groups'],
    fetchOne: ['contacts.errors.fetchGroup', 'Failed to fetch contact group'],
    create: ['contacts.errors.createGroup', 'Failed to create contact group'],
    update: ['contacts.errors.updateGroup', 'Failed to update contact group'],
    delete: ['contacts.errors.deleteGroup', 'Failed to delete contact group'],
  },
});

export const useContactGroups = contactGroupsResource.useList;
