import { Box, Input, Spinner, Text, type InputProps } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTRPC } from '../trpc';

// docs/product/validation.md, docs/product/limits.md: lookups from 3 characters, 300 ms after the last keystroke, 10 hits, a list about 15rem high.
const MIN_CHARS = 3;
const DEBOUNCE_MS = 300;

export interface AddressSuggestion {
  adressetekst: string;
  postnummer: string;
  poststed: string;
}

/** The text a chosen suggestion fills in (docs/product/screens.md): "Arendalsgata 12B, 0463 OSLO". */
export function formatAddressSuggestion(s: AddressSuggestion): string {
  const place = [s.postnummer, s.poststed].filter(Boolean).join(' ');
  return place ? `${s.adressetekst}, ${place}` : s.adressetekst;
}

export interface AddressAutocompleteProps extends Omit<InputProps, 'value' | 'onChange' | 'onBlur' | 'defaultValue'> {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** For react-hook-form's Controller (field.ref), so a failed submit can focus the field. */
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
}

/**
 * For a dialog or drawer around the autocomplete: `onEscapeKeyDown={keepOpenOnComboboxEscape}`. Chakra's layers
 * listen for Escape on the document before the field sees it; this leaves that Escape to an open suggestion list.
 */
export function keepOpenOnComboboxEscape(event: { target: EventTarget | null; preventDefault(): void }) {
  const el = event.target as HTMLElement | null;
  if (el?.getAttribute?.('role') === 'combobox' && el.getAttribute('aria-expanded') === 'true') event.preventDefault();
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * A free-text address input with suggestions from the server's address search (never Geonorge directly).
 * ARIA 1.2 combobox pattern: the input owns a listbox; arrows move the highlighted option, Enter picks it,
 * Escape closes the list. The list opens only on typing, and closes on a pick, Escape, Tab or an outside click.
 * Meant to sit inside a Chakra Field.Root, which supplies the id, label and invalid state to the input.
 */
export function AddressAutocomplete({ value, onChange, onBlur, inputRef, invalid, ...inputProps }: AddressAutocompleteProps) {
  const trpc = useTRPC();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const text = value.trim();
  const debounced = useDebounced(text, DEBOUNCE_MS);
  const long = text.length >= MIN_CHARS;
  const search = useQuery(
    trpc.address.search.queryOptions(
      { q: debounced },
      // Addresses barely change: a query typed again (or after a backspace) is answered from memory.
      { enabled: open && debounced.length >= MIN_CHARS, staleTime: 10 * 60_000, retry: false },
    ),
  );
  // docs/product/errors.md: a failed lookup is logged and the list is cleared.
  useEffect(() => {
    if (search.error) console.warn('Adressesøk feilet', search.error);
  }, [search.error]);

  const settled = debounced === text && !search.isFetching;
  const hits = settled && !search.error ? (search.data ?? []) : [];
  const loading = long && !settled;
  const showList = open && long && !search.error;


  // Clicks outside the field and its list close the list (focus may stay elsewhere in the form).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function pick(s: AddressSuggestion) {
    onChange(formatAddressSuggestion(s));
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!showList) {
        if (long) setOpen(true);
        return;
      }
      e.preventDefault();
      if (hits.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => {
        const next = i + step;
        if (next >= hits.length) return 0;
        if (next < 0) return hits.length - 1;
        return next;
      });
    } else if (e.key === 'Enter') {
      // Inside a form, Enter on a highlighted suggestion picks it instead of submitting.
      if (showList && active >= 0 && hits[active]) {
        e.preventDefault();
        pick(hits[active]);
      }
    } else if (e.key === 'Escape') {
      // An enclosing dialog stays open when it uses keepOpenOnComboboxEscape.
      if (showList) setOpen(false);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  }

  const activeId = showList && active >= 0 && hits[active] ? `${listId}-opt-${active}` : undefined;

  return (
    <Box ref={rootRef} position="relative" width="full">
      <Input
        {...inputProps}
        ref={inputRef}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          // New text, new list: nothing highlighted until the arrows say so.
          setActive(-1);
        }}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        aria-invalid={invalid || undefined}
        data-invalid={invalid ? '' : undefined}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={activeId}
        // The browser's own autofill list would cover ours.
        autoComplete="off"
        spellCheck={false}
      />
      {showList && (
        <Box
          id={listId}
          role="listbox"
          aria-label="Forslag"
          aria-busy={loading || undefined}
          position="absolute"
          top="calc(100% + 4px)"
          insetInline="0"
          zIndex="popover"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="l2"
          shadow="lg"
          maxH="15rem"
          overflowY="auto"
          py="1"
          data-testid="address-suggestions"
        >
          {loading ? (
            <Text px="3" py="2" color="fg.muted" textStyle="sm" display="flex" alignItems="center" gap="2" role="status">
              <Spinner size="xs" /> Søker etter adresser...
            </Text>
          ) : hits.length === 0 ? (
            <Text px="3" py="2" color="fg.muted" textStyle="sm" role="status">
              Ingen adresser funnet
            </Text>
          ) : (
            hits.map((s, i) => (
              <Box
                key={`${s.adressetekst}|${s.postnummer}|${s.poststed}`}
                id={`${listId}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                px="3"
                py="2"
                cursor="pointer"
                textStyle="sm"
                bg={i === active ? 'brand.subtle' : undefined}
                _hover={{ bg: 'bg.muted' }}
                // mousedown would blur the input before the click lands; keep focus in the field.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(s)}
              >
                <Text as="span" fontWeight="medium">
                  {s.adressetekst}
                </Text>
                {(s.postnummer || s.poststed) && (
                  <Text as="span" color="fg.muted">
                    {', '}
                    {[s.postnummer, s.poststed].filter(Boolean).join(' ')}
                  </Text>
                )}
              </Box>
            ))
          )}
        </Box>
      )}
    </Box>
  );
}
