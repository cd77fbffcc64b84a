import { Button, Field, Flex, Input, Link as ChakraLink } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { isTRPCClientError } from '@trpc/client';
import { Search } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import {
  mapVehicleData,
  normalisePlate,
  PLATE_FORMAT_MESSAGE,
  PLATE_FORMAT_TITLE,
  PLATE_INPUT_MAX_LENGTH,
  PLATE_MISSING_MESSAGE,
  PLATE_MISSING_TITLE,
  PLATE_RE,
  VEHICLE_LOOKUP_ERROR_TITLE,
  VEHICLE_LOOKUP_FAILED_MESSAGE,
  VEHICLE_LOOKUP_SUCCESS_TITLE,
  VEHICLE_NOT_FOUND_MESSAGE,
  type VehicleFormData,
} from '../../../shared/vehicle-data';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';

// The registration-number lookup (docs/product/validation.md rules, docs/product/errors.md#vehicle-lookup toasts). Two uses:
// - inside the listing form, where it *is* the registrationNumber field (controlled through value/onValueChange)
//   and fills the form through onData;
// - on the home page (mode="navigate"), where success opens /ny-annonse?vehicle=<data> and the form prefills.

// A failed lookup is not a dead end: the form takes every field by hand (docs/product/screens.md, /ny-annonse).
const BY_HAND_HINT = 'Du kan også fylle ut skjemaet selv.';

export interface VehicleLookupProps {
  /** Called with the mapped data after a successful lookup. */
  onData?: (data: VehicleFormData) => void;
  /** 'navigate': after success go to /ny-annonse with the data in the `vehicle` search parameter. */
  mode?: 'fill' | 'navigate';
  /** Controlled value (the form's registrationNumber); uncontrolled when omitted. */
  value?: string;
  onValueChange?: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  label?: string;
  helperText?: string;
  /** Inline error of the surrounding form. */
  errorText?: string;
  required?: boolean;
  size?: 'md' | 'lg';
}

export function VehicleLookup({
  onData,
  mode = 'fill',
  value,
  onValueChange,
  onBlur,
  inputRef,
  name = 'registrationNumber',
  label = 'Registreringsnummer',
  helperText,
  errorText,
  required,
  size = 'md',
}: VehicleLookupProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [own, setOwn] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  // The registry's answer when it did not fill the form (unknown plate, registry down), shown at the input.
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const id = useId();
  const current = value ?? own;

  const setValue = (v: string) => {
    // docs/product/validation.md: uppercased as typed; trimmed (and inner spaces dropped) when looked up.
    const up = v.toUpperCase();
    if (value === undefined) setOwn(up);
    onValueChange?.(up);
    setFormatError(null);
    setLookupError(null);
  };

  const lookup = async () => {
    const plate = normalisePlate(current);
    if (!plate) {
      toastError(PLATE_MISSING_TITLE, PLATE_MISSING_MESSAGE);
      setFormatError(PLATE_MISSING_MESSAGE);
      return;
    }
    if (!PLATE_RE.test(plate)) {
      toastError(PLATE_FORMAT_TITLE, PLATE_FORMAT_MESSAGE);
      setFormatError(PLATE_FORMAT_MESSAGE);
      return;
    }
    if (plate !== current) setValue(plate);
    setLookupError(null);
    setLoading(true);
    try {
      // Through the query cache: looking the same plate up twice within the stale time asks the server once.
      const json = await queryClient.fetchQuery({
        ...trpc.vehicle.lookup.queryOptions({ registrationNumber: plate }),
        retry: false,
        staleTime: 10 * 60_000,
      });
      const data = mapVehicleData(json);
      if (!data) {
        toastError(VEHICLE_LOOKUP_ERROR_TITLE, VEHICLE_NOT_FOUND_MESSAGE);
        setLookupError(VEHICLE_NOT_FOUND_MESSAGE);
        return;
      }
      // The registry may answer with the plate spelt its own way; keep the one the user asked for.
      const filled = { ...data, registrationNumber: data.registrationNumber || plate };
      toast(VEHICLE_LOOKUP_SUCCESS_TITLE, [filled.make, filled.model, filled.year ? `(${filled.year})` : ''].filter(Boolean).join(' '));
      onData?.(filled);
      if (mode === 'navigate') await navigate({ to: '/ny-annonse', search: { vehicle: filled } });
    } catch (err) {
      const message = isTRPCClientError(err) && err.data ? err.message : '';
      toastError(VEHICLE_LOOKUP_ERROR_TITLE, message || VEHICLE_LOOKUP_FAILED_MESSAGE);
      setLookupError(message || VEHICLE_LOOKUP_FAILED_MESSAGE);
    } finally {
      setLoading(false);
    }
  };

  const shownError = errorText ?? formatError ?? lookupError ?? undefined;

  return (
    <Field.Root invalid={!!shownError} required={required}>
      <Field.Label htmlFor={id}>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Flex w="full" gap={{ base: 2, sm: 0 }} direction={{ base: 'column', sm: 'row' }}>
        <Input
          id={id}
          ref={inputRef}
          name={name}
          value={current}
          onChange={(e) => setValue(e.target.value)}
          onBlur={onBlur}
          onKeyDown={(e) => {
            // Enter looks up instead of submitting the surrounding form.
            if (e.key === 'Enter') {
              e.preventDefault();
              void lookup();
            }
          }}
          maxLength={PLATE_INPUT_MAX_LENGTH}
          placeholder="AB12345"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          size={size}
          fontFamily="mono"
          letterSpacing="wider"
          bg="bg"
          flex={{ sm: '1' }}
          roundedEnd={{ sm: 'none' }}
          data-testid="plate-input"
        />
        <Button
          type="button"
          colorPalette="brand"
          size={size}
          roundedStart={{ sm: 'none' }}
          loading={loading}
          loadingText="Henter…"
          onClick={() => void lookup()}
          data-testid="plate-lookup"
        >
          <Search size={16} /> Hent bildata
        </Button>
      </Flex>
      {shownError ? (
        <Field.ErrorText data-testid="plate-error" display="block">
          {shownError}
          {shownError === lookupError && (
            <>
              {' '}
              {mode === 'navigate' ? (
                // On the home page the form is a page away.
                <ChakraLink asChild color="inherit" textDecoration="underline">
                  <Link to="/ny-annonse">{BY_HAND_HINT}</Link>
                </ChakraLink>
              ) : (
                BY_HAND_HINT
              )}
            </>
          )}
        </Field.ErrorText>
      ) : (
        helperText && (
          <Field.HelperText>{helperText}</Field.HelperText>
        )
      )}
    </Field.Root>
  );
}
