import { describe, expect, it } from 'vitest';
import { isPlaceholderName } from '../../src/api/bookings/contract';

describe('a traveller name that stands in for one', () => {
  it.each(['Traveller 1', 'traveler 2', 'GUEST 3', 'Pax #4', 'Adult 1', 'TBA', 'tbd', 'N/A', 'xxx', '1', '---', 'Name'])('refuses %j', (name) => {
    expect(isPlaceholderName(name)).toBe(true);
  });
  it.each(['Amira Haddad', 'Ben', 'José María García', 'محمد العلي', '佐藤 花子', 'Guest Smith', 'Anna Traveller', 'Louis XIV'])('takes %j', (name) => {
    expect(isPlaceholderName(name)).toBe(false);
  });
});
