import { type Command, InvalidArgumentError } from 'commander';
import type { LifecycleSettingsInput } from '../../lifecycle/settings.js';
import { parseDuration } from '../../lifecycle/tier-options.js';
import { MEMORY_TYPES, type MemoryType } from '../../types.js';
import { withProfile } from '../context.js';
import { emit } from '../output.js';

interface Opts {
  coldAfter?: string;
  coldBelow?: number;
  halfLife?: Partial<Record<MemoryType, number | null>>;
  settingsOnly?: boolean;
}

/** `event=30d,fact=1y,task=never` → half-lives in days (null: never decays). */
function halfLifeOption(value: string): Partial<Record<MemoryType, number | null>> {
  const out: Partial<Record<MemoryType, number | null>> = {};
  for (const part of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [type, dur] = part.split('=').map((s) => s.trim());
    if (!(MEMORY_TYPES as readonly string[]).includes(type) || !dur) throw new InvalidArgumentError(`use type=duration pairs such as event=30d,fact=1y,task=never (types: ${MEMORY_TYPES.join(', ')}).`);
    const days = dur === 'never' ? null : dur.startsWith('-') ? -1 : parseDuration(dur);
    if (days !== null && !(days > 0)) throw new InvalidArgumentError(`half-life of ${type} must be a positive duration (e.g. 30d) or "never"; got ${dur}.`);
    out[type as MemoryType] = days;
  }
  return out;
}

function unitNumber(value: string): number {
  const n = Number(value);
  if (!(n >= 0 && n <= 1)) throw new InvalidArgumentError('must be a number from 0 to 1.');
  return n;
}

export function registerTier(program: Command): void {
  program
    .command('tier')
    .description('move memories whose salience fell under the threshold (or untouched for --cold-after) to the cold tier and rebuild the archive index')
    .option('--cold-after <duration>', 'also cool memories neither written nor read for this long (90d, 12w, 6m, 1y)')
    .option('--cold-below <salience>', 'salience threshold for this run (default: the profile setting)', unitNumber)
    .option('--half-life <pairs>', 'store per-type half-lives first, e.g. event=30d,fact=1y,task=never', halfLifeOption)
    .option('--settings-only', 'only show (or, with --half-life, store) the lifecycle settings')
    .addHelpText('after', '\nExamples:\n  mnemo tier --cold-after 90d\n  mnemo tier --half-life event=14d --settings-only')
    .action(async (opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const change: LifecycleSettingsInput | undefined = opts.halfLife ? { halfLifeDays: opts.halfLife } : undefined;
        const settings = await profile.lifecycleSettings(change);
        if (opts.settingsOnly) {
          emit(g.json, settings, () => [
            `half-lives (days): ${MEMORY_TYPES.map((t) => `${t}=${settings.halfLifeDays[t] ?? 'never'}`).join(' ')}`,
            `access half-life: ${settings.accessHalfLifeDays} days; cold below salience ${settings.coldBelow}`,
          ]);
          return;
        }
        const res = await profile.tier({ coldAfter: opts.coldAfter, coldBelow: opts.coldBelow });
        emit(g.json, res, () => [
          `scanned ${res.scanned} active memories; ${res.cooled} moved to cold; ${res.cold} cold in all`,
          `archive index: ${res.archiveEntries} entries (topic keys, entities, sessions)`,
          `salience aged to ${res.agedTo} (the newest memory's time, or now)`,
        ]);
      });
    });
}
