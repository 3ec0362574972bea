/**
 * English, complete, one file per area. The `menu`, `shell` and `status` sections must exist in every
 * locale (tests/ui/locales.test.ts fails otherwise); other sections fall back to English.
 * Split in two for the first page's weight: core.ts (signed-out screens) and areas.ts (the rest).
 */
import core from './core';
import areas from './areas';

const en = { ...core, ...areas };

export default en;
