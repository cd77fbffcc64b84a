import { Checkbox, Input, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_TEXTS as T } from '../../../shared/texts/saved-searches';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { DialogFrame } from '../dialog-frame';
import { FormField } from '../form/form-field';
import { savedSearchParamsOf, type ListingSearch } from './search-params';

// The 'Lagre søk' dialog of save-search.tsx, in a module of its own so that it loads when opened.

/** A name to start from: what the search is about ('Volvo V60 hengerfeste'), else 'Alle biler'. */
function suggestedName(s: ListingSearch): string {
  const words = [s.make, s.model, s.query, s.location].filter(Boolean).join(' ').trim();
  return (words || T.allCars).slice(0, SAVED_SEARCH_NAME_MAX);
}

export default function SaveSearchDialog({ search, onClose }: { search: ListingSearch; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(() => suggestedName(search));
  const [email, setEmail] = useState(false);
  const [error, setError] = useState<string>();
  const create = useMutation(
    trpc.savedSearches.create.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.savedSearches.pathKey() });
        toast(T.saved, 'Du får varsel når nye biler passer søket.');
        onClose();
      },
      onError: (err) => {
        // A refused name or the limit of saved searches: said under the field, in the server's words.
        if (err.data?.code === 'BAD_REQUEST') setError(err.message);
        else toastError('Feil', 'Kunne ikke lagre søket. Prøv igjen.');
      },
    }),
  );
  return (
    <DialogFrame
      open
      onClose={onClose}
      busy={create.isPending}
      title={T.save}
      subtitle="Vi varsler deg når en ny bil passer filtrene og teksten du har valgt."
      testId="save-search-dialog"
      form={{
        onSubmit: (e) => {
          e.preventDefault();
          if (!name.trim()) return setError(T.nameRequired);
          create.mutate({ name, params: savedSearchParamsOf(search), email });
        },
      }}
      submit={{ label: T.save, colorPalette: 'brand' }}
    >
      <Stack gap="4">
        <FormField label={T.name} required error={error} helper={<Link to="/lagrede-sok">Se alle lagrede søk</Link>}>
          <Input value={name} maxLength={SAVED_SEARCH_NAME_MAX} onChange={(e) => (setName(e.currentTarget.value), setError(undefined))} />
        </FormField>
        <Checkbox.Root colorPalette="brand" checked={email} onCheckedChange={(e) => setEmail(e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{T.email}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </DialogFrame>
  );
}
