import type { z } from 'zod';
import { AppError } from './errors.js';

const TRANSLATION_KEY = /^[a-z]+(\.[a-zA-Z0-9]+)+$/;

interface InputIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

/**
 * The one rule for invalid input, whatever the adapter: the first issue's message becomes the
 * error's key when the schema gave one; otherwise the generic `global.error.invalidInput`, with
 * the path as detail.
 */
export function invalidInputError(issues: readonly InputIssue[]): AppError {
  const issue = issues[0];
  const message = issue && TRANSLATION_KEY.test(issue.message) ? issue.message : 'global.error.invalidInput';
  const path = issue?.path?.map((part) => String(typeof part === 'object' ? part.key : part)).join('.');
  return new AppError('BAD_REQUEST', message, { detail: path || undefined });
}

/** The issues of a schema validation failure (zod, or tRPC's Standard Schema error), or null. */
export function inputIssuesOf(error: unknown): readonly InputIssue[] | null {
  const issues = error !== null && typeof error === 'object' ? (error as { issues?: unknown }).issues : undefined;
  return Array.isArray(issues) && issues.every((i) => typeof (i as InputIssue)?.message === 'string') ? (issues as InputIssue[]) : null;
}

/**
 * Validation at an adapter's edge for adapters that get untyped input (REST bodies,
 * GraphQL arguments).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidInputError(result.error.issues);
}

/** GraphQL sends null for omitted optional arguments; zod's optional() means "absent". */
export function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined));
}
