import type { z } from 'zod';

/**
 * A @mantine/form `validate` function from a shared zod schema (house rule 13): each field gets
 * the first issue's message, a translation key, turned into text by `translate`.
 */
export function zodValidate<S extends z.ZodType>(schema: S, translate: (key: string) => string) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.');
      if (field && !(field in errors)) errors[field] = translate(issue.message);
    }
    return errors;
  };
}
