/** Named things drawn from the vocabulary: people, projects, dates, versions, as text and key slugs. */
import type { Rng } from './prng.js';
import { FIRST_NAMES, LAST_NAMES, ORGS, PROJECTS } from './vocabulary.js';

const COMPONENTS = ['API', 'Web', 'Mobile', 'Gateway', 'Worker', 'Dashboard', 'Search', 'Billing', 'Auth', 'Ingest', 'Reports', 'Scheduler'];
const INITIALS = 'ABCDEFGHJKLMNPRSTW';

export interface Entity {
  name: string;
  slug: string;
}

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** Hyphenated vocabulary entries ("GitHub-Actions", "a-full-disk") read as words. */
export function spaced(text: string): string {
  return text.replace(/-/g, ' ');
}

export function person(rng: Rng): Entity {
  const name = `${rng.pick(FIRST_NAMES)} ${INITIALS[rng.int(INITIALS.length)]}. ${rng.pick(LAST_NAMES)}`;
  return { name, slug: slug(name) };
}

export function project(rng: Rng): Entity {
  const name = `${rng.pick(ORGS)} ${rng.pick(PROJECTS)} ${rng.pick(COMPONENTS)}`;
  return { name, slug: slug(name) };
}

export function version(rng: Rng): string {
  return `${1 + rng.int(9)}.${rng.int(20)}.${rng.int(10)}`;
}

/** ISO date (YYYY-MM-DD) `days` after 2023-01-01. */
export function dayOf(days: number): string {
  return new Date(Date.UTC(2023, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2023-03-05" → "March 5, 2023" (no Intl: it is slow in a hot loop). */
export function prettyDate(iso: string): string {
  return `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}`;
}

/** 34000 → "34,000". */
export function money(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
