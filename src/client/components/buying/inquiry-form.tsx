import { Skeleton, type SystemStyleObject } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../hooks/use-current-user';
import { ClientOnly } from '../../lib/in-browser';
import { useLoginDialog } from '../auth/login-dialog-context';
import { Section } from './listing-specs';
import { sharedLooks, StaticButton } from '../static-button';

// The fields (react-hook-form and the shared zod schema) load only for logged-in viewers, after the listing itself.
const InquiryFields = lazy(() => import('./inquiry-fields'));

// A visitor's login prompt: a Stack (gap 3, to the start) and a muted text, as plain elements (listing-specs.tsx).
const inquiryCss: SystemStyleObject = {
  '& [data-part=login]': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' },
  '& [data-part=login] > p': { color: 'fg.muted' },
};

/** docs/product/screens.md: the inquiry form, prefilled from the logged-in user; visitors see a login prompt instead. */
export function InquiryForm({ listingId, carName }: { listingId: number; carName: string }) {
  const { user, isLoading } = useCurrentUser();
  const { openLogin } = useLoginDialog();
  return (
    <Section title="Send henvendelse" id="henvendelse" css={inquiryCss}>
      {isLoading ? (
        <Skeleton h="40" />
      ) : user ? (
        // Not in a server-rendered page (its code is not loaded there): the skeleton until the page has hydrated.
        <ClientOnly fallback={<Skeleton h="72" />}>
          <Suspense fallback={<Skeleton h="72" />}>
            <InquiryFields listingId={listingId} carName={carName} user={user} />
          </Suspense>
        </ClientOnly>
      ) : (
        <div data-part="login" data-testid="inquiry-login">
          <p>Logg inn for å sende en henvendelse til selgeren.</p>
          <StaticButton look={sharedLooks.brand} onClick={() => openLogin()}>
            Logg inn
          </StaticButton>
        </div>
      )}
    </Section>
  );
}
