import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from '../../../shared/zod';

export type ZodForm<In extends FieldValues, Out> = UseFormReturn<In, unknown, Out> & {
  /** The message to show under a field, or undefined while it is valid. */
  errorOf: (name: Path<In>) => string | undefined;
};

/**
 * react-hook-form checked by one of the shared schemas (docs/conventions.md: one schema serves the form and the
 * procedure alike). The inputs hold the schema's input type (z.input) and handleSubmit hands over its output
 * (z.output), so no form restates its value types and the resolver needs no cast.
 */
export function useZodForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  props: Omit<UseFormProps<In, unknown, Out>, 'resolver'> = {},
): ZodForm<In, Out> {
  const form = useForm<In, unknown, Out>({ ...props, resolver: zodResolver(schema) });
  // getFieldState with the formState proxy subscribes this component to the errors it reads.
  const errorOf = (name: Path<In>) => form.getFieldState(name, form.formState).error?.message;
  return { ...form, errorOf };
}
