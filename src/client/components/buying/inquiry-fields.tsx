import { Button, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import {
  INQUIRY_EMAIL_MAX,
  INQUIRY_FAILED_MESSAGE,
  INQUIRY_MESSAGE_MAX,
  INQUIRY_NAME_MAX,
  INQUIRY_PHONE_MAX,
  INQUIRY_SENT_TITLE,
  inquiryInput,
} from '../../../shared/schemas/inquiry';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { FormField } from '../form/form-field';
import { useZodForm } from '../form/use-zod-form';

interface Props {
  listingId: number;
  carName: string;
  user: { name: string; email: string; phone: string };
}

const optional = (
  <Text as="span" color="fg.muted" fontWeight="normal">
    (valgfritt)
  </Text>
);

/**
 * The inquiry fields for a logged-in viewer. The shared schema (docs/product/validation.md#inquiry: name, e-mail and message required,
 * phone optional and Norwegian when given) checks the form here and the input on the server, with the same words.
 */
export default function InquiryFields({ listingId, carName, user }: Props) {
  const trpc = useTRPC();
  const form = useZodForm(inquiryInput, {
    defaultValues: { listingId, name: user.name ?? '', email: user.email ?? '', phone: user.phone ?? '', message: '' },
  });

  const send = useMutation(
    trpc.inquiries.create.mutationOptions({
      onSuccess: () => {
        toast(INQUIRY_SENT_TITLE);
        form.reset({ ...form.getValues(), message: '' });
      },
      onError: () => toastError('Feil', INQUIRY_FAILED_MESSAGE),
    }),
  );

  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Navn" required error={form.errorOf('name')}>
            <Input autoComplete="name" maxLength={INQUIRY_NAME_MAX} {...form.register('name')} />
          </FormField>
          <FormField label="E-post" required error={form.errorOf('email')}>
            <Input type="email" autoComplete="email" maxLength={INQUIRY_EMAIL_MAX} {...form.register('email')} />
          </FormField>
          <FormField label="Telefon" optional={optional} error={form.errorOf('phone')}>
            <Input type="tel" autoComplete="tel" maxLength={INQUIRY_PHONE_MAX} {...form.register('phone')} />
          </FormField>
        </SimpleGrid>
        <FormField label="Melding" required error={form.errorOf('message')}>
          <Textarea
            rows={5}
            maxLength={INQUIRY_MESSAGE_MAX}
            placeholder={`Hei! Jeg er interessert i ${carName}. Er den fortsatt til salgs?`}
            {...form.register('message')}
          />
        </FormField>
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
