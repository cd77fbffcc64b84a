import { Button, Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  INQUIRY_EMAIL_MAX,
  INQUIRY_FAILED_MESSAGE,
  INQUIRY_MESSAGE_MAX,
  INQUIRY_NAME_MAX,
  INQUIRY_PHONE_MAX,
  INQUIRY_SENT_TITLE,
  inquiryInput,
  type InquiryInput,
  type InquiryValues,
} from '../../../shared/schemas/inquiry';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';

interface Props {
  listingId: number;
  carName: string;
  user: { name: string; email: string; phone: string };
}

/**
 * The inquiry fields for a logged-in viewer. The shared schema (SPEC §5 Inquiry: name, e-mail and message required,
 * phone optional and Norwegian when given) checks the form here and the input on the server, with the same words.
 */
export default function InquiryFields({ listingId, carName, user }: Props) {
  const trpc = useTRPC();
  const form = useForm<InquiryInput, unknown, InquiryValues>({
    resolver: zodResolver(inquiryInput),
    defaultValues: { listingId, name: user.name ?? '', email: user.email ?? '', phone: user.phone ?? '', message: '' },
  });
  const { register, handleSubmit, formState, reset, getValues } = form;
  const errors = formState.errors;

  const send = useMutation(
    trpc.inquiries.create.mutationOptions({
      onSuccess: () => {
        toast(INQUIRY_SENT_TITLE);
        reset({ ...getValues(), message: '' });
      },
      onError: () => toastError('Feil', INQUIRY_FAILED_MESSAGE),
    }),
  );

  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={handleSubmit((v) => send.mutate(v))}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root required invalid={!!errors.name}>
            <Field.Label>
              Navn <Field.RequiredIndicator />
            </Field.Label>
            <Input autoComplete="name" maxLength={INQUIRY_NAME_MAX} {...register('name')} />
            <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.email}>
            <Field.Label>
              E-post <Field.RequiredIndicator />
            </Field.Label>
            <Input type="email" autoComplete="email" maxLength={INQUIRY_EMAIL_MAX} {...register('email')} />
            <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.phone}>
            <Field.Label>
              Telefon{' '}
              <Text as="span" color="fg.muted" fontWeight="normal">
                (valgfritt)
              </Text>
            </Field.Label>
            <Input type="tel" autoComplete="tel" maxLength={INQUIRY_PHONE_MAX} {...register('phone')} />
            <Field.ErrorText>{errors.phone?.message}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root required invalid={!!errors.message}>
          <Field.Label>
            Melding <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            rows={5}
            maxLength={INQUIRY_MESSAGE_MAX}
            placeholder={`Hei! Jeg er interessert i ${carName}. Er den fortsatt til salgs?`}
            {...register('message')}
          />
          <Field.ErrorText>{errors.message?.message}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf={{ base: 'stretch', md: 'flex-start' }}
          loading={send.isPending}
          loadingText="Sender…"
        >
          <Send size={16} aria-hidden /> Send henvendelse
        </Button>
      </form>
    </Stack>
  );
}
