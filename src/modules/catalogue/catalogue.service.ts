import { AppError } from '../../platform/errors.js';
import type { ServiceContext } from '../../platform/context.js';
import * as repo from './catalogue.repository.js';
import {
  ZStyleProcessing,
  type TStyleProcessing,
  type TStyleTrait,
  type TEngineStyle,
  type TOperatorStyle,
  type TSetEnabledInput,
  type TStyleGroup,
} from './catalogue.schemas.js';

interface CatalogueEntry {
  id: number;
  name: string;
  name_de: string | null;
  description: string;
  description_de: string | null;
  sort_order: number;
  enabled: boolean;
}

/**
 * What a group and a style both show: the id, the name and description in German where the
 * catalogue has them (else in English), the place in the list and the switch.
 */
const entryIn = (german: boolean, row: CatalogueEntry) => ({
  id: row.id,
  name: german && row.name_de ? row.name_de : row.name,
  description: german && row.description_de ? row.description_de : row.description,
  order: row.sort_order,
  enabled: row.enabled,
});

/**
 * The style catalogue as users see it: enabled groups by order, each with its enabled styles by
 * order (style chooser), names and descriptions in the caller's language.
 */
export async function listStyleGroups(ctx: Pick<ServiceContext, 'db' | 'locale'>): Promise<TStyleGroup[]> {
  const [groups, styles] = await Promise.all([
    repo.findStyleGroups(ctx.db, { enabledOnly: true }),
    repo.findStyles(ctx.db, { enabledOnly: true }),
  ]);
  const german = ctx.locale === 'de';
  return groups
    .map((group) => ({
      ...entryIn(german, group),
      icon: group.icon,
      styles: styles
        .filter((style) => style.style_group_id === group.id)
        .map((style) => ({
          ...entryIn(german, style),
          styleIndex: style.style_index,
          usageCount: style.usage_count,
          ...publicProfileOf(style.processing),
        })),
    }))
    .filter((group) => group.styles.length > 0);
}

/**
 * The character of a style as trait codes, read off its engine parameters: the tonal
 * move per band (dB), the compressor's ratio, the side gain, the saturation, the M/S equalisation
 * and the three-band compressor. A style gets a trait
 * only for a clear move, so each shows at most a few.
 */
export function styleTraits(processing: TStyleProcessing): TStyleTrait[] {
  const { tone, compression, width, saturation, midSide, multiband } = processing;
  const traits: TStyleTrait[] = [];
  if (tone.low >= 2) traits.push('fullLowEnd');
  if (tone.lowMid >= 1) traits.push('warmBody');
  else if (tone.lowMid <= -1) traits.push('cleanLowMids');
  if (Math.max(tone.highMid, tone.high) >= 1.5) traits.push('brightTop');
  else if (tone.high <= -1) traits.push('softTop');
  if (compression.ratio >= 2.5) traits.push('punchy');
  else if (compression.ratio <= 1.5) traits.push('dynamic');
  if (width >= 1.1) traits.push('wide');
  else if (width < 1) traits.push('focused');
  if (saturation >= 0.2) traits.push('analogColour');
  if (midSide && midSide.sideAirDb >= 1.5) traits.push('airySides');
  if (midSide && midSide.sideBassDb <= -3) traits.push('centredBass');
  if (multiband) traits.push('bandwiseLowEnd');
  return traits;
}

/** What the public catalogue tells of a style's engine parameters: loudness, ceiling and traits. */
function publicProfileOf(processing: unknown): { targetLufs: number; ceilingDbtp: number; traits: TStyleTrait[] } {
  const parsed = ZStyleProcessing.parse(processing);
  return { targetLufs: parsed.targetLufs, ceilingDbtp: parsed.ceilingDbtp, traits: styleTraits(parsed) };
}

/** Every style the engine may render, with its validated parameters. */
export async function listEngineStyles(ctx: Pick<ServiceContext, 'db'>, options = { enabledOnly: true }): Promise<TEngineStyle[]> {
  const styles = await repo.findStyles(ctx.db, options);
  return styles.map((style) => ({
    id: style.id,
    styleIndex: style.style_index,
    groupName: style.group_name,
    name: style.name,
    processing: ZStyleProcessing.parse(style.processing),
  }));
}

/** Operator switch for a style ("Group/Style") or a whole group ("Group"). */
export async function setEnabled(ctx: Pick<ServiceContext, 'db'>, input: TSetEnabledInput): Promise<{ name: string; enabled: boolean }> {
  if (input.target === 'group') {
    const row = await repo.setGroupEnabled(ctx.db, input.name, input.enabled);
    if (!row) throw new AppError('NOT_FOUND', 'error.styleGroupNotFound', { detail: input.name });
    return { name: row.name, enabled: row.enabled };
  }
  const slash = input.name.indexOf('/');
  if (slash <= 0) throw new AppError('BAD_REQUEST', 'error.styleNameFormat', { detail: 'expected "Group/Style"' });
  const group = input.name.slice(0, slash);
  const style = input.name.slice(slash + 1);
  const row = await repo.setStyleEnabled(ctx.db, group, style, input.enabled);
  if (!row) throw new AppError('NOT_FOUND', 'error.styleNotFound', { detail: input.name });
  return { name: `${group}/${row.name}`, enabled: row.enabled };
}

/** Every style with both switches, for the operator commands (style:list). */
export async function listStylesForOperators(ctx: Pick<ServiceContext, 'db'>): Promise<TOperatorStyle[]> {
  const styles = await repo.findStyles(ctx.db, { enabledOnly: false });
  return styles.map((style) => ({
    group: style.group_name,
    groupEnabled: style.group_enabled,
    style: style.name,
    styleEnabled: style.enabled,
    styleIndex: style.style_index,
  }));
}
