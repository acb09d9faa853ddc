import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A form validated by a shared contract; a field's error clears as soon as the field is edited. */
export function useAuthForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues: DefaultValues<T>) {
  const form = useForm<T>({
    resolver: zodResolver(schema as never) as unknown as Resolver<T>,
    defaultValues,
    reValidateMode: 'onSubmit',
  });
  const field = (name: Path<T>) => ({
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    error: form.formState.errors[name]?.message as string | undefined,
    disabled: form.formState.isSubmitting,
  });
  return { ...form, field };
}
