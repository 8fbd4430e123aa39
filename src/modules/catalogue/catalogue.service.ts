import { AppError } from '../../platform/errors.js';
import type { ServiceContext } from '../../platform/context.js';
import * as repo from './catalogue.repository.js';
import {
  ZStyleProcessing,
  type TEngineStyle,
  type TOperatorStyle,
  type TSetEnabledInput,
  type TStyleGroup,
} from './catalogue.schemas.js';

/**
 * The style catalogue as users see it: enabled groups by order, each with its enabled styles by
 * order (spec §2, style chooser), descriptions in the caller's language.
 */
export async function listStyleGroups(ctx: Pick<ServiceContext, 'db' | 'locale'>): Promise<TStyleGroup[]> {
  const [groups, styles] = await Promise.all([
    repo.findStyleGroups(ctx.db, { enabledOnly: true }),
    repo.findStyles(ctx.db, { enabledOnly: true }),
  ]);
  const german = ctx.locale === 'de';
  return groups
    .map((group) => ({
      id: group.id,
      name: group.name,
      description: german && group.description_de ? group.description_de : group.description,
      icon: group.icon,
      order: group.sort_order,
      enabled: group.enabled,
      styles: styles
        .filter((style) => style.style_group_id === group.id)
        .map((style) => ({
          id: style.id,
          name: style.name,
          description: german && style.description_de ? style.description_de : style.description,
          styleIndex: style.style_index,
          order: style.sort_order,
          enabled: style.enabled,
          usageCount: style.usage_count,
        })),
    }))
    .filter((group) => group.styles.length > 0);
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
