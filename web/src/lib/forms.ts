import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, type FieldValues, get, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { translateKnown } from './i18n';

/**
 * A react-hook-form resolver from a contract schema: the same rules and texts as the server,
 * `{product}` shown as the label. The form keeps its raw values (what a person typed); the
 * server parses them again.
 */
export function contractResolver<T extends FieldValues>(
  schema: z.ZodType,
  label: (text: string) => string,
): Resolver<T> {
  const resolve = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const error of Object.values(result.errors ?? {})) {
      if (error && typeof error.message === 'string') error.message = label(translateKnown(error.message));
    }
    return result;
  };
}

/** A text field's registration and the message its value earns (shown beside it). */
export function fieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const error: FieldError | undefined = get(form.formState.errors, name);
  return { ...form.register(name), error: error?.message };
}
