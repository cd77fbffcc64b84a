import { Button, Stack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Heart, MessageCircle, Pencil } from 'lucide-react';
import { formatPrice } from '../../../shared/format';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { meQueryOptions, useCurrentUser } from '../../hooks/use-current-user';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { useLoginDialog } from '../auth/login-dialog-context';
import { takeAction } from '../auth/pending-action';
import { StaticBox } from '../../lib/static-styles';
import { buttonLook, StaticButton } from '../static-button';
import { shownPrice } from './price';

/** listings.byId: the listing, its `place`, the seller (phone/address only where shown), isSaved, isOwner. */
export type ListingDetail = inferRouterOutputs<AppRouter>['listings']['byId'];


// The box is a plain element with constant styles (lib/static-styles.ts); its texts, its price rows and the actions'
// column are plain elements styled by them, as the page's other rows are (listing-specs.tsx).
const priceBoxCss: SystemStyleObject = {
  bg: 'bg',
  rounded: 'xl',
  borderWidth: '1px',
  borderColor: 'border.muted',
  shadow: 'sm',
  p: { base: '4', md: '6' },
  '& [data-part=label]': { fontSize: 'sm', color: 'fg.muted' },
  '& [data-part=total]': { fontSize: { base: '3xl', md: '4xl' }, fontWeight: '800', letterSpacing: '-0.02em', lineHeight: '1.15' },
  '& dl': { display: 'flex', flexDirection: 'column', gap: '1.5', mt: '4', fontSize: 'sm' },
  '& dl > div': { display: 'flex', justifyContent: 'space-between', gap: '4' },
  '& dt': { color: 'fg.muted' },
  // The rule above the total is the row's border: a <dl> holds only its dt/dd groups (no separator element).
  '& dl > [data-strong]': { fontWeight: 'semibold', borderTopWidth: '1px', borderColor: 'border', pt: '2.5', mt: '1' },
  '& [data-strong] > dt': { color: 'fg' },
  '& [data-part=actions]': { display: 'flex', flexDirection: 'column', gap: '2.5', mt: '5' },
};

/** Price with its breakdown and the buyer's two actions. */
export function PriceBox({ listing: l }: { listing: ListingDetail }) {
  return (
    <StaticBox as="div" styles={priceBoxCss}>
      <p data-part="label">Totalpris</p>
      <p data-part="total" data-testid="total-price">
        {formatPrice(shownPrice(l))}
      </p>
      <dl>
        <Row label="Pris" value={formatPrice(l.price || 0)} />
        <Row label="Omregistreringsavgift" value={formatPrice(l.registrationFee || 0)} />
        <Row label="Totalpris" value={formatPrice(shownPrice(l))} strong />
      </dl>
      <div data-part="actions">
        {l.isOwner ? <OwnerNote id={l.id} /> : l.sold ? <SoldNote /> : <StartChatButton listing={l} />}
        {/* A sold car cannot be saved anew; one saved already can still be removed here. */}
        {(!l.sold || l.isSaved) && <SaveButton listing={l} />}
      </div>
    </StaticBox>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div data-strong={strong || undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** In place of 'Start chat' on a sold car (docs/product/states.md#sold). */
function SoldNote() {
  return (
    <Text fontSize="sm" color="fg.muted" bg="bg.muted" rounded="md" px="3" py="2" data-testid="sold-note">
      Bilen er solgt.
    </Text>
  );
}

function OwnerNote({ id }: { id: number }) {
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted" bg="bg.muted" rounded="md" px="3" py="2">
        Dette er din annonse.
      </Text>
      <Button asChild variant="outline" colorPalette="brand">
        <Link to="/rediger-annonse/$id" params={{ id: String(id) }}>
          <Pencil size={16} aria-hidden /> Rediger annonse
        </Link>
      </Button>
    </Stack>
  );
}

/**
 * The logged-in user at the moment of a click: a click before the session check has answered waits for it instead
 * of taking a logged-in user for a visitor (and opening the login dialog).
 */
function useCurrentUserNow() {
  const { user } = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => user ?? (await queryClient.ensureQueryData(meQueryOptions(trpc)).catch(() => null));
}

const chatLooks = {
  solid: buttonLook({ variant: 'solid', size: 'lg' }, { colorPalette: 'brand' }),
  outline: buttonLook({ variant: 'outline', size: 'lg' }, { colorPalette: 'brand' }),
};

/** Visitors get the login dialog; users go to the chat page's new-chat mode (docs/product/screens.md#chats). */
export function StartChatButton({ listing: l, variant = 'solid' }: { listing: ListingDetail; variant?: 'solid' | 'outline' }) {
  const { user } = useCurrentUser();
  const currentUser = useCurrentUserNow();
  const { openLogin } = useLoginDialog();
  const navigate = useNavigate();
  const toChat = () => navigate({ to: '/chats', search: { startChat: true, listingId: l.id, sellerId: l.userId } });
  // Back from logging in through this button (the dialog reloads the page): the chat opens as if clicked again.
  useEffect(() => {
    if (user && !l.isOwner && !l.sold && takeAction('chat', l.id)) void toChat();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the user is known; toChat is remade every render
  }, [user, l.id, l.isOwner, l.sold]);
  // No chat with the owner, nor a new one about a sold car (docs/product/states.md#sold; the server refuses it too).
  if (l.isOwner || l.sold) return null;
  const start = async () => {
    if (!(await currentUser())) return openLogin('login', { kind: 'chat', listingId: l.id });
    await toChat();
  };
  return (
    <StaticButton look={chatLooks[variant]} onClick={() => void start()}>
      <MessageCircle size={18} aria-hidden /> Start chat
    </StaticButton>
  );
}

/** 'Lagre annonse' toggles the saved state (docs/product/states.md), with the toasts of docs/product/errors.md. */
function SaveButton({ listing: l }: { listing: ListingDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const { openLogin } = useLoginDialog();
  const byIdKey = trpc.listings.byId.queryKey({ id: l.id });

  const settle = (saved: boolean) => {
    queryClient.setQueryData(byIdKey, (old) => (old ? { ...old, isSaved: saved } : old));
    void queryClient.invalidateQueries({ queryKey: trpc.savedListings.pathKey() });
  };
  const onError = () => toastError('Feil', 'Kunne ikke lagre annonse. Prøv igjen senere.');
  const outcome = (saved: boolean, done: string) => ({ onSuccess: () => { settle(saved); toast(done); }, onError });
  const add = useMutation(trpc.savedListings.add.mutationOptions(outcome(true, 'Annonse lagret')));
  const remove = useMutation(trpc.savedListings.remove.mutationOptions(outcome(false, 'Lagring fjernet')));
  const pending = add.isPending || remove.isPending;

  // Back from logging in through this button (the dialog reloads the page): the listing is saved, unless it already
  // was (saved from another tab) or is the user's own.
  const { mutate: save } = add;
  useEffect(() => {
    if (user && takeAction('save', l.id) && !l.isSaved && !l.isOwner) save({ listingId: l.id });
  }, [user, l.id, l.isSaved, l.isOwner, save]);

  const currentUser = useCurrentUserNow();
  const toggle = async () => {
    if (!(await currentUser())) return openLogin('login', { kind: 'save', listingId: l.id });
    if (l.isSaved) remove.mutate({ listingId: l.id });
    else add.mutate({ listingId: l.id });
  };

  return (
    <Button
      variant="outline"
      size="lg"
      colorPalette={l.isSaved ? 'red' : 'gray'}
      onClick={() => void toggle()}
      loading={pending}
      aria-pressed={l.isSaved}
      data-testid="save-listing"
    >
      <Heart size={18} aria-hidden fill={l.isSaved ? 'currentColor' : 'none'} />
      {l.isSaved ? 'Lagret' : 'Lagre annonse'}
    </Button>
  );
}
