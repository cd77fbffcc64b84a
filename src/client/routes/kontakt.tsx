import {
  Box,
  Button,
  Flex,
  Grid,
  Heading,
  HStack,
  Icon,
  Input,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Lightbulb, Mail, MessageCircle, Send, ShieldAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useWatch, type FieldValues } from 'react-hook-form';
import { contactInput, feedbackInput, MESSAGE_MAX } from '../../shared/schemas/inbox';
import { PHONE_PLACEHOLDER } from '../../shared/validation/phone';
import { FormField } from '../components/form/form-field';
import { useZodForm, type ZodForm } from '../components/form/use-zod-form';
import { StaticPage } from '../components/static-page';
import { errorMessage, formFailure, isRateLimited, RATE_LIMITED_MESSAGE } from '../lib/server-errors';
import { toast } from '../lib/toaster';
import { useTRPC } from '../trpc';
import { staticPageHead } from '../../shared/page-head';

export const Route = createFileRoute('/kontakt')({ head: ({ match }) => staticPageHead('/kontakt', match.context.origin), component: ContactPage });

const CONTACT_EMAIL = 'kontakt@bilpartner.no';
// What the two forms say when sent, and when sending failed (docs/product/errors.md).
const CONTACT_TEXTS = {
  sent: 'Melding sendt',
  sentText: 'Takk for at du tok kontakt. Vi svarer vanligvis innen 24 timer.',
  failed: 'Kunne ikke sende meldingen. Prøv igjen senere.',
};
const FEEDBACK_TEXTS = {
  sent: 'Takk for tilbakemeldingen',
  sentText: 'Vi leser alt vi får, og bruker det til å gjøre Bilpartner.no bedre.',
  failed: 'Kunne ikke sende tilbakemelding. Prøv igjen senere.',
};

function ContactPage() {
  return (
    <StaticPage
      title="Kontakt oss"
      eyebrow="Kundeservice"
      lead="Har du spørsmål om en annonse, kontoen din eller noe annet? Send oss en melding, så hjelper vi deg. Vi setter også stor pris på tilbakemeldinger."
      width="wide"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb={{ base: 8, md: 10 }}>
        <InfoCard icon={Mail} title="E-post" highlight>
          <ChakraLink href={`mailto:${CONTACT_EMAIL}`} color="brand.600" fontWeight="semibold" fontSize="md" data-testid="contact-email">
            {CONTACT_EMAIL}
          </ChakraLink>
          <Text>Vi svarer vanligvis innen 24 timer.</Text>
        </InfoCard>
        <InfoCard icon={MessageCircle} title="Spørsmål om en bil?">
          <Text>Ta kontakt med selgeren direkte fra annonsen. Da får du raskest svar om bilen.</Text>
        </InfoCard>
        <InfoCard icon={ShieldAlert} title="Mistenkelig annonse?">
          <Text>Skriv til oss og oppgi annonsekoden, så undersøker vi saken med en gang.</Text>
        </InfoCard>
      </SimpleGrid>

      <Grid templateColumns={{ base: '1fr', lg: '7fr 5fr' }} gap={{ base: 6, md: 8 }} alignItems="start">
        <ContactForm />
        <FeedbackForm />
      </Grid>
    </StaticPage>
  );
}

function InfoCard({ icon, title, highlight, children }: { icon: LucideIcon; title: string; highlight?: boolean; children: ReactNode }) {
  return (
    <HStack
      align="flex-start"
      gap="4"
      p="5"
      rounded="xl"
      borderWidth="1px"
      bg={highlight ? 'brand.50' : 'bg'}
      borderColor={highlight ? 'brand.200' : 'border'}
    >
      <Flex
        flexShrink={0}
        w="10"
        h="10"
        rounded="lg"
        bg={highlight ? 'brand.600' : 'brand.50'}
        color={highlight ? 'white' : 'brand.600'}
        align="center"
        justify="center"
      >
        <Icon as={icon} boxSize="5" aria-hidden />
      </Flex>
      <Stack gap="1" fontSize="sm" color="fg.muted" minW="0">
        <Text fontWeight="semibold" color="fg" fontSize="md">
          {title}
        </Text>
        {children}
      </Stack>
    </HStack>
  );
}

function FormCard({
  icon,
  title,
  description,
  accent,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  accent?: boolean;
  children: ReactNode;
}) {
  const palette = accent ? 'accent' : 'brand';
  return (
    <Box as="section" aria-label={title} bg="bg" borderWidth="1px" rounded="2xl" shadow="sm" overflow="hidden">
      <Box h="1" bg={`${palette}.500`} />
      <Stack gap="6" p={{ base: 5, md: 8 }}>
        <HStack gap="3" align="flex-start">
          <Flex flexShrink={0} w="10" h="10" rounded="lg" bg={`${palette}.50`} color={`${palette}.600`} align="center" justify="center">
            <Icon as={icon} boxSize="5" aria-hidden />
          </Flex>
          <Stack gap="1">
            <Heading as="h2" size="xl" color="brand.900">
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm" lineHeight="tall">
              {description}
            </Text>
          </Stack>
        </HStack>
        {children}
      </Stack>
    </Box>
  );
}

const optional = (
  <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs" ms="1">
    (valgfritt)
  </Text>
);

/**
 * Both forms answer alike: thanks in a toast and an empty form again, or the failure; its toast (docs/product/errors.md)
 * gives a reason only when it was too many attempts.
 */
function sentOrFailed<In extends FieldValues, Out>(form: ZodForm<In, Out>, texts: typeof CONTACT_TEXTS) {
  return {
    onSuccess: () => {
      toast(texts.sent, texts.sentText);
      form.reset();
    },
    onError: formFailure(form, texts.failed, (err) => (isRateLimited(err) ? errorMessage(err, RATE_LIMITED_MESSAGE) : undefined)),
  };
}

function ContactForm() {
  const trpc = useTRPC();
  const form = useZodForm(contactInput, { defaultValues: { name: '', email: '', phone: '', subject: '', message: '' } });
  const send = useMutation(trpc.inbox.contact.mutationOptions(sentOrFailed(form, CONTACT_TEXTS)));
  const messageLength = (useWatch({ control: form.control, name: 'message' }) ?? '').length;

  return (
    <FormCard
      icon={Mail}
      title="Send oss en melding"
      description="Fyll ut skjemaet, så kommer vi tilbake til deg på e-post. Felt merket med * må fylles ut."
    >
      <Stack asChild gap="5">
        <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} data-testid="contact-form">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <FormField label="Navn" required error={form.errorOf('name')}>
              <Input {...form.register('name')} autoComplete="name" placeholder="Ola Nordmann" />
            </FormField>
            <FormField label="E-post" required error={form.errorOf('email')}>
              <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" placeholder="ola@eksempel.no" />
            </FormField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <FormField label="Telefonnummer" optional={optional} error={form.errorOf('phone')}>
              <Input {...form.register('phone')} type="tel" autoComplete="tel" inputMode="tel" placeholder={PHONE_PLACEHOLDER} />
            </FormField>
            <FormField label="Emne" required error={form.errorOf('subject')}>
              <Input {...form.register('subject')} placeholder="Hva gjelder det?" />
            </FormField>
          </SimpleGrid>
          <FormField
            label="Melding"
            required
            error={form.errorOf('message')}
            aside={
              <Text fontSize="xs" color={messageLength > MESSAGE_MAX ? 'fg.error' : 'fg.muted'} ms="auto" flexShrink={0} mt="1">
                {messageLength} / {MESSAGE_MAX}
              </Text>
            }
          >
            <Textarea
              {...form.register('message')}
              rows={7}
              resize="vertical"
              placeholder="Skriv meldingen din her. Gjelder det en annonse, oppgi gjerne annonsekoden."
            />
          </FormField>
          <Stack
            direction={{ base: 'column-reverse', sm: 'row' }}
            justify="space-between"
            align={{ base: 'stretch', sm: 'center' }}
            gap="4"
          >
            <Text fontSize="xs" color="fg.muted" maxW="sm">
              Vi bruker opplysningene bare til å svare på henvendelsen din. Les mer i{' '}
              <ChakraLink asChild color="brand.600" textDecoration="underline" textUnderlineOffset="0.15em">
                <Link to="/personvern">personvernerklæringen</Link>
              </ChakraLink>
              .
            </Text>
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              loading={send.isPending}
              loadingText="Sender..."
              disabled={send.isPending}
              flexShrink={0}
            >
              <Send size={18} aria-hidden /> Send melding
            </Button>
          </Stack>
        </form>
      </Stack>
    </FormCard>
  );
}

function FeedbackForm() {
  const trpc = useTRPC();
  const form = useZodForm(feedbackInput, { defaultValues: { feedback: '', name: '', email: '' } });
  const send = useMutation(trpc.inbox.feedback.mutationOptions(sentOrFailed(form, FEEDBACK_TEXTS)));

  return (
    <FormCard
      icon={Lightbulb}
      accent
      title="Gi oss tilbakemelding"
      description="Har du en idé til forbedring, eller fant du noe som ikke virket? Du kan være anonym."
    >
      <Stack asChild gap="5">
        <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} data-testid="feedback-form">
          <FormField label="Tilbakemelding" required error={form.errorOf('feedback')}>
            <Textarea {...form.register('feedback')} rows={7} resize="vertical" placeholder="Hva liker du, og hva kan vi gjøre bedre?" />
          </FormField>
          <FormField label="Navn" optional={optional} error={form.errorOf('name')}>
            <Input {...form.register('name')} autoComplete="name" />
          </FormField>
          <FormField label="E-post" optional={optional} error={form.errorOf('email')} helper="Fyll inn hvis du vil at vi skal kunne svare deg.">
            <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" />
          </FormField>
          <Button type="submit" colorPalette="accent" size="lg" loading={send.isPending} loadingText="Sender..." disabled={send.isPending}>
            <Send size={18} aria-hidden /> Send tilbakemelding
          </Button>
        </form>
      </Stack>
    </FormCard>
  );
}
