/**
 * Turns a query string into the nested shape the contract schemas read:
 * `a=1&a=2` → `{ a: ['1','2'] }`, `joiningDate[from]=…` → `{ joiningDate: { from: … } }`, `ids[]=x` → `{ ids: ['x'] }`.
 */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export function parseQuery(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of params) {
    const m = /^([^[\]]+)(?:\[([^[\]]*)\])?$/.exec(rawKey);
    if (!m || FORBIDDEN.has(m[1]) || (m[2] && FORBIDDEN.has(m[2]))) {
      out[rawKey] = value; // kept as-is so the strict schema names it as unknown
      continue;
    }
    const [, key, sub] = m;
    if (sub === undefined) add(out, key, value);
    else if (sub === '') add(out, key, value, true);
    else {
      const existing = out[key];
      const target = existing && typeof existing === 'object' && !Array.isArray(existing) ? (existing as Record<string, unknown>) : {};
      add(target, sub, value);
      out[key] = target;
    }
  }
  return out;
}

function add(target: Record<string, unknown>, key: string, value: string, forceArray = false) {
  const prev = target[key];
  if (prev === undefined) target[key] = forceArray ? [value] : value;
  else if (Array.isArray(prev)) prev.push(value);
  else target[key] = [prev, value];
}
