import {
  Box,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useBlocker } from '@tanstack/react-router';
import { isTRPCClientError } from '@trpc/client';
import { BadgeCheck } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, TRANSMISSIONS, type Code } from '../../../shared/codes';
import { EQUIPMENT_GROUPS, SERVICE_BOOK_LABEL } from '../../../shared/equipment';
import { formatPrice } from '../../../shared/format';
import {
  LISTING_PRICE_MESSAGE,
  LISTING_PRICE_TITLE,
  LISTING_REQUIRED_MESSAGE,
  LISTING_REQUIRED_TITLE,
  listingFormInput,
  type ListingFormData,
} from '../../../shared/schemas/listing';
import type { ListingShape } from '../../../shared/types/listing';
import { PHONE_PLACEHOLDER } from '../../../shared/validation/phone';
import type { VehicleFormData } from '../../../shared/vehicle-mapping';
import { toastError } from '../../lib/toaster';
import { PhotoUploader } from './photo-uploader';
import { usePhotoUploads, type ExistingPhoto } from './photo-uploads';
import { VehicleLookup } from './vehicle-lookup';
import { AddressField } from './address-field';

// The create and edit form of a listing (SPEC §2 /ny-annonse and /rediger-annonse, §3 fields, §5 rules, §8 toasts).
// Values are validated by the shared listingFormInput schema, the same one the server parses with. Photos are not
// form values: they upload on their own (photo-uploads.ts) and their URLs join the data on submit.

type Num = number | string;

/** What the inputs hold. Numbers may be text while typed ("250 000"); dates are yyyy-mm-dd for <input type=date>. */
export interface ListingFormValues {
  registrationNumber: string;
  make: string;
  model: string;
  year: Num;
  vinNumber: string;
  bodyType: string;
  doors: Num;
  seats: Num;
  color: string;
  engineSize: Num;
  power: Num;
  fuelType: string;
  transmission: string;
  drivetrain: string;
  weight: Num;
  mileage: Num;
  previousOwners: Num;
  nextInspection: string;
  lastInspection: string;
  description: string;
  price: Num;
  registrationFee: Num;
  equipment: string[];
  serviceHistory: boolean;
  address: string;
  hideAddress: boolean;
  hideContactInfo: boolean;
  contactPhone: string;
}

/** The submitted data: the schema's output plus the photo URLs in display order (cover first). */
export type ListingSubmitData = ListingFormData;

// Empty text instead of 0 for the optional numbers, so the seller sees placeholders rather than zeros;
// the schema turns '' into the SPEC §5 defaults (doors 4, seats 5, previous owners 1, others 0).
export const EMPTY_FORM_VALUES: ListingFormValues = {
  registrationNumber: '',
  make: '',
  model: '',
  year: '',
  vinNumber: '',
  bodyType: '',
  doors: 4,
  seats: 5,
  color: '',
  engineSize: '',
  power: '',
  fuelType: '',
  transmission: '',
  drivetrain: '',
  weight: '',
  mileage: '',
  previousOwners: 1,
  nextInspection: '',
  lastInspection: '',
  description: '',
  price: '',
  registrationFee: '',
  equipment: [],
  serviceHistory: false,
  address: '',
  hideAddress: false,
  hideContactInfo: false,
  contactPhone: '',
};

/** 'dd.mm.yyyy' → 'yyyy-mm-dd' for a date input; anything else unchanged. */
export function toDateInput(v: string | null | undefined): string {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : (v ?? '');
}

const zeroAsEmpty = (n: number | null | undefined): Num => (n ? n : '');

/** A stored listing → form values (edit). */
export function listingToFormValues(l: ListingShape): ListingFormValues {
  return {
    registrationNumber: l.registrationNumber,
    make: l.make,
    model: l.model,
    year: l.year,
    vinNumber: l.vinNumber,
    bodyType: l.bodyType,
    doors: l.doors,
    seats: l.seats,
    color: l.color,
    engineSize: zeroAsEmpty(l.engineSize),
    power: zeroAsEmpty(l.power),
    fuelType: l.fuelType,
    transmission: l.transmission,
    drivetrain: l.drivetrain,
    weight: zeroAsEmpty(l.weight),
    mileage: l.mileage,
    previousOwners: l.previousOwners,
    nextInspection: toDateInput(l.nextInspection),
    lastInspection: toDateInput(l.lastInspection),
    description: l.description,
    price: l.price,
    registrationFee: l.registrationFee,
    equipment: l.equipment,
    serviceHistory: l.serviceHistory,
    address: l.address,
    hideAddress: l.hideAddress,
    hideContactInfo: l.hideContactInfo,
    contactPhone: l.contactPhone,
  };
}

/** Registry data → the form fields it fills (only what the registry knew). */
export function vehicleToFormValues(v: Partial<VehicleFormData>): Partial<ListingFormValues> {
  const out: Partial<ListingFormValues> = {};
  for (const [k, raw] of Object.entries(v) as [keyof VehicleFormData, string | number | undefined][]) {
    if (raw === undefined || raw === '' || raw === null) continue;
    if (k === 'nextInspection' || k === 'lastInspection') out[k] = toDateInput(String(raw));
    else if ((k === 'engineSize' || k === 'power' || k === 'weight') && raw === 0) continue;
    else (out as Record<string, unknown>)[k] = raw;
  }
  return out;
}

/** Same reading of typed numbers as the schema: spaces ignored, comma as decimal mark, '' → 0. */
function typedNumber(v: Num | undefined): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  const n = Number(String(v ?? '').replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
}

/** The fields in the order the page shows them, to focus the first invalid one. */
const FIELD_ORDER: (keyof ListingFormValues)[] = [
  'registrationNumber',
  'make',
  'model',
  'year',
  'bodyType',
  'color',
  'mileage',
  'doors',
  'seats',
  'previousOwners',
  'vinNumber',
  'fuelType',
  'transmission',
  'drivetrain',
  'power',
  'engineSize',
  'weight',
  'lastInspection',
  'nextInspection',
  'price',
  'registrationFee',
  'serviceHistory',
  'equipment',
  'description',
  'address',
  'contactPhone',
  'hideAddress',
  'hideContactInfo',
];

/** The SPEC §5/§8 toast for a failed client check: missing required first, then price, then the first message. */
function toastFor(errors: FieldErrors<ListingFormValues>) {
  const missing = (Object.values(errors) as { message?: string }[]).some((e) => e?.message === LISTING_REQUIRED_MESSAGE);
  if (missing) return toastError(LISTING_REQUIRED_TITLE, LISTING_REQUIRED_MESSAGE);
  if (errors.price) return toastError(LISTING_PRICE_TITLE, LISTING_PRICE_MESSAGE);
  const first = (Object.values(errors) as { message?: string }[]).find((e) => e?.message);
  toastError('Ugyldig informasjon', first?.message ?? 'Sjekk feltene som er markert.');
}

/** Field → message from a server error (tRPC `data.details`), for inline errors. Keys of update input start 'data.'. */
function serverFieldErrors(err: unknown): Record<string, string> {
  if (!isTRPCClientError(err)) return {};
  const details = (err.data as { details?: unknown } | undefined)?.details;
  if (!details || typeof details !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(details as Record<string, unknown>)) {
    if (typeof v === 'string') out[k.replace(/^data\./, '')] = v;
  }
  return out;
}

export interface ListingFormProps {
  mode: 'create' | 'edit';
  defaultValues: ListingFormValues;
  initialPhotos?: ExistingPhoto[];
  submitLabel: string;
  /** Saves; rejects with the server error. */
  onSubmit: (data: ListingSubmitData) => Promise<unknown>;
  /** After a successful save (navigation happens here, with the unsaved-changes guard already off). */
  onSaved: () => void;
  /** Server failure: the route shows its toast. */
  onError: (err: unknown) => void;
}

export function ListingForm({ mode, defaultValues, initialPhotos, submitLabel, onSubmit, onSaved, onError }: ListingFormProps) {
  const form = useForm<ListingFormValues, unknown, ListingFormData>({
    defaultValues,
    // The schema's input type is loose (every field is preprocessed); the form's own type is the precise one.
    resolver: zodResolver(listingFormInput) as unknown as Resolver<ListingFormValues, unknown, ListingFormData>,
    mode: 'onTouched',
    // RHF focuses in registration order, and Controller fields register after register() calls: focus the
    // first invalid field in page order instead (FIELD_ORDER, onInvalid below).
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, formState, setValue, setError, getValues, setFocus } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const uploads = usePhotoUploads(initialPhotos);
  const [saved, setSaved] = useState(false);
  const photosChanged = uploads.items.map((it) => it.url ?? it.key).join('|') !== (initialPhotos ?? []).map((p) => p.url).join('|');

  // Leaving a half-filled form by accident loses a lot of typing: ask first (in-app navigation and tab close).
  const unsaved = !saved && (isDirty || photosChanged);
  useBlocker({
    shouldBlockFn: () => unsaved && !window.confirm('Du har endringer som ikke er lagret. Vil du forlate siden?'),
    enableBeforeUnload: unsaved,
    disabled: !unsaved,
  });
  // Navigate away only after the guard above has been switched off by the `saved` render.
  const afterSave = useEffectEvent(onSaved);
  useEffect(() => {
    if (saved) afterSave();
  }, [saved]);

  const [price, fee] = useWatch({ control, name: ['price', 'registrationFee'] });
  const total = typedNumber(price) + typedNumber(fee);

  const applyVehicle = (v: VehicleFormData) => {
    for (const [k, val] of Object.entries(vehicleToFormValues(v))) {
      setValue(k as Path<ListingFormValues>, val as never, { shouldDirty: true, shouldValidate: !!errors[k as keyof ListingFormValues] });
    }
  };

  const submit = handleSubmit(
    async (data) => {
      // The submit button is disabled meanwhile, but Enter in a text field still submits.
      if (uploads.pending > 0) return toastError('Bildene lastes fortsatt opp', 'Vent til alle bildene er lastet opp, og prøv igjen.');
      if (uploads.failed > 0) return toastError('Bilder feilet', 'Prøv igjen eller fjern bildene som ikke ble lastet opp.');
      try {
        await onSubmit({ ...data, images: uploads.urls });
        setSaved(true);
      } catch (err) {
        for (const [field, message] of Object.entries(serverFieldErrors(err))) {
          if (field in getValues()) setError(field as Path<ListingFormValues>, { type: 'server', message }, { shouldFocus: false });
        }
        onError(err);
      }
    },
    (errs) => {
      toastFor(errs);
      const first = FIELD_ORDER.find((name) => errs[name]);
      if (first) setFocus(first);
    },
  );

  const blocked = uploads.pending > 0 || uploads.failed > 0;
  const blockReason =
    uploads.pending > 0
      ? `Venter på at ${uploads.pending === 1 ? 'ett bilde' : `${uploads.pending} bilder`} lastes opp …`
      : uploads.failed > 0
        ? 'Noen bilder kunne ikke lastes opp. Prøv igjen eller fjern dem.'
        : '';

  const err = (name: keyof ListingFormValues) => {
    const m = errors[name]?.message;
    return m === LISTING_REQUIRED_MESSAGE ? 'Feltet er påkrevd.' : m;
  };

  return (
    <form onSubmit={submit} noValidate data-testid="listing-form">
      <Stack gap={{ base: 4, md: 6 }}>
        <Section title="Registreringsnummer" description="Skriv inn registreringsnummeret og trykk «Hent bildata», så fyller vi ut resten fra kjøretøyregisteret.">
          <Controller
            control={control}
            name="registrationNumber"
            render={({ field }) => (
              <VehicleLookup
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                required
                size="lg"
                errorText={err('registrationNumber')}
                onData={applyVehicle}
              />
            )}
          />
        </Section>

        <Section title="Bilinformasjon">
          <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
            <TextField label="Merke" required error={err('make')} placeholder="f.eks. Volkswagen" {...register('make')} autoComplete="off" />
            <TextField label="Modell" required error={err('model')} placeholder="f.eks. Golf" {...register('model')} autoComplete="off" />
            <TextField label="Årsmodell" required error={err('year')} inputMode="numeric" maxLength={4} placeholder="f.eks. 2018" {...register('year')} />
            <SelectField label="Karosseri" options={BODY_TYPES} error={err('bodyType')} {...register('bodyType')} />
            <TextField label="Farge" error={err('color')} placeholder="f.eks. Grå" {...register('color')} />
            <TextField label="Kilometerstand" error={err('mileage')} inputMode="numeric" unit="km" placeholder="0" {...register('mileage')} />
            <TextField label="Antall dører" error={err('doors')} inputMode="numeric" maxLength={1} {...register('doors')} />
            <TextField label="Antall seter" error={err('seats')} inputMode="numeric" maxLength={1} {...register('seats')} />
            <TextField label="Antall tidligere eiere" error={err('previousOwners')} inputMode="numeric" maxLength={2} {...register('previousOwners')} />
            <Box gridColumn={{ sm: 'span 2', md: 'span 3' }}>
              <TextField label="Understellsnummer (VIN)" error={err('vinNumber')} maxLength={30} fontFamily="mono" {...register('vinNumber')} />
            </Box>
          </SimpleGrid>
        </Section>

        <Section title="Teknisk">
          <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
            <SelectField label="Drivstoff" options={FUEL_TYPES} error={err('fuelType')} {...register('fuelType')} />
            <SelectField label="Girkasse" options={TRANSMISSIONS} error={err('transmission')} {...register('transmission')} />
            <SelectField label="Hjuldrift" options={DRIVETRAINS} error={err('drivetrain')} {...register('drivetrain')} />
            <TextField label="Effekt" error={err('power')} inputMode="numeric" unit="hk" {...register('power')} />
            <TextField label="Motorvolum" error={err('engineSize')} inputMode="numeric" unit="cm³" {...register('engineSize')} />
            <TextField label="Egenvekt" error={err('weight')} inputMode="numeric" unit="kg" {...register('weight')} />
          </SimpleGrid>
        </Section>

        <Section title="Kontroll" description="Datoer for EU-kontroll (periodisk kjøretøykontroll).">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label="Sist EU-godkjent" type="date" error={err('lastInspection')} {...register('lastInspection')} />
            <TextField label="Neste EU-kontroll" type="date" error={err('nextInspection')} {...register('nextInspection')} />
          </SimpleGrid>
        </Section>

        <Section title="Pris">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="start">
            <TextField label="Pris" required error={err('price')} inputMode="numeric" unit="kr" placeholder="f.eks. 215 000" {...register('price')} />
            <TextField
              label="Omregistreringsavgift"
              error={err('registrationFee')}
              inputMode="numeric"
              unit="kr"
              placeholder="0"
              helper="Avgiften kjøperen betaler ved omregistrering."
              {...register('registrationFee')}
            />
            <Field.Root readOnly>
              <Field.Label>Totalpris</Field.Label>
              <Input
                readOnly
                tabIndex={-1}
                value={formatPrice(total)}
                bg="brand.subtle"
                borderColor="brand.muted"
                fontWeight="bold"
                color="brand.fg"
                aria-live="polite"
                data-testid="total-price"
              />
              <Field.HelperText>Pris + omregistreringsavgift.</Field.HelperText>
            </Field.Root>
          </SimpleGrid>
        </Section>

        <Section title="Utstyr">
          <Stack gap="5">
            <Controller
              control={control}
              name="serviceHistory"
              render={({ field }) => (
                <Box bg="accent.subtle" borderWidth="1px" borderColor="accent.emphasized" rounded="l2" p="4">
                  <Checkbox.Root
                    checked={field.value}
                    onCheckedChange={(e) => field.onChange(e.checked === true)}
                    colorPalette="accent"
                    alignItems="flex-start"
                  >
                    <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
                    <Checkbox.Control mt="0.5" />
                    <Stack gap="0.5">
                      <Checkbox.Label fontWeight="semibold">
                        <HStack gap="1.5" as="span">
                          <BadgeCheck size={18} aria-hidden /> {SERVICE_BOOK_LABEL}
                        </HStack>
                      </Checkbox.Label>
                      <Text textStyle="sm" color="fg.muted">
                        Bilen har fulgt produsentens serviceprogram. Kjøpere ser dette tydelig i annonsen.
                      </Text>
                    </Stack>
                  </Checkbox.Root>
                </Box>
              )}
            />
            <Controller
              control={control}
              name="equipment"
              render={({ field }) => (
                <CheckboxGroup value={field.value} onValueChange={field.onChange} name={field.name}>
                  <Stack gap="5">
                    {EQUIPMENT_GROUPS.map((g) => (
                      <Fieldset.Root key={g.name}>
                        <Fieldset.Legend textStyle="sm" fontWeight="semibold" color="fg.muted" mb="2">
                          {g.name}
                        </Fieldset.Legend>
                        <SimpleGrid columns={{ base: 2, md: 3 }} columnGap="3" rowGap="2.5">
                          {g.items.map((label) => (
                            <Checkbox.Root key={label} value={label} size="sm" colorPalette="brand">
                              <Checkbox.HiddenInput />
                              <Checkbox.Control />
                              <Checkbox.Label fontWeight="normal" minW="0" hyphens="auto" overflowWrap="anywhere">
                                {label}
                              </Checkbox.Label>
                            </Checkbox.Root>
                          ))}
                        </SimpleGrid>
                      </Fieldset.Root>
                    ))}
                  </Stack>
                </CheckboxGroup>
              )}
            />
          </Stack>
        </Section>

        <Section title="Beskrivelse">
          <Field.Root invalid={!!errors.description}>
            <Field.Label>Beskrivelse</Field.Label>
            <Textarea
              {...register('description')}
              rows={7}
              autoresize
              maxH="30rem"
              bg="bg"
              placeholder="Fortell om bilens historikk, tilstand, service, dekk og hva som er gjort av vedlikehold."
            />
            <Field.ErrorText>{err('description')}</Field.ErrorText>
          </Field.Root>
        </Section>

        <Section title="Bilder" description="Gode bilder selger bilen. Dra for å endre rekkefølgen, eller bruk pilene.">
          <PhotoUploader uploads={uploads} />
        </Section>

        <Section title="Kontakt og sted">
          <Stack gap="4">
            <Controller
              control={control}
              name="address"
              render={({ field }) => (
                <AddressField
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  name={field.name}
                  error={err('address')}
                />
              )}
            />
            <TextField
              label="Telefonnummer"
              type="tel"
              autoComplete="tel"
              placeholder={PHONE_PLACEHOLDER}
              error={err('contactPhone')}
              helper="Vises i annonsen dersom du ikke skjuler kontaktinformasjonen."
              {...register('contactPhone')}
            />
            <Stack gap="3">
              <CheckField control={control} name="hideAddress" label="Skjul adresse" help="Adressen din vises ikke i annonsen." />
              <CheckField control={control} name="hideContactInfo" label="Skjul kontaktinformasjon" help="Navn og telefonnummer vises ikke; kjøpere kontakter deg via meldinger." />
            </Stack>
          </Stack>
        </Section>

        <Box
          position="sticky"
          bottom="0"
          zIndex="docked"
          bg="bg"
          borderWidth="1px"
          rounded={{ base: 'none', md: 'l3' }}
          mx={{ base: '-4', md: '0' }}
          px={{ base: 4, md: 6 }}
          py="3"
          shadow="lg"
        >
          <Flex gap="3" align="center" justify="space-between" wrap="wrap">
            <Box minW="0">
              <Text textStyle="xs" color="fg.muted">
                Totalpris
              </Text>
              <Text fontWeight="bold" textStyle="lg" color="brand.fg" whiteSpace="nowrap">
                {formatPrice(total)}
              </Text>
            </Box>
            <Stack align={{ base: 'stretch', sm: 'flex-end' }} gap="1" flex={{ base: '1', sm: 'initial' }}>
              <Button
                type="submit"
                colorPalette="accent"
                size="lg"
                loading={isSubmitting}
                loadingText={mode === 'create' ? 'Oppretter …' : 'Lagrer …'}
                disabled={blocked}
                data-testid="listing-submit"
              >
                {submitLabel}
              </Button>
              {blockReason && (
                <Text textStyle="xs" color={uploads.failed > 0 ? 'fg.error' : 'fg.muted'} aria-live="polite" data-testid="submit-block-reason">
                  {blockReason}
                </Text>
              )}
            </Stack>
          </Flex>
        </Box>
      </Stack>
    </form>
  );
}

// --- small building blocks ------------------------------------------------------------------------------------

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card.Root as="section" size={{ base: 'sm', md: 'md' }}>
      <Card.Header pb="0">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" textStyle="sm">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

type InputProps = React.ComponentProps<typeof Input>;

function TextField({ label, required, error, helper, unit, ...inputProps }: InputProps & { label: string; error?: string; helper?: string; unit?: string }) {
  const input = <Input bg="bg" {...inputProps} />;
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {unit ? (
        <InputGroup endElement={<Text color="fg.muted" textStyle="sm">{unit}</Text>}>
          {input}
        </InputGroup>
      ) : (
        input
      )}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

function SelectField({
  label,
  options,
  error,
  ...selectProps
}: React.ComponentProps<typeof NativeSelect.Field> & { label: string; options: readonly Code[]; error?: string }) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field bg="bg" {...selectProps}>
          <option value="">Velg …</option>
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function CheckField({
  control,
  name,
  label,
  help,
}: {
  control: ReturnType<typeof useForm<ListingFormValues, unknown, ListingFormData>>['control'];
  name: 'hideAddress' | 'hideContactInfo';
  label: string;
  help: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} alignItems="flex-start" colorPalette="brand">
          <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
          <Checkbox.Control mt="0.5" />
          <Stack gap="0">
            <Checkbox.Label>{label}</Checkbox.Label>
            <Text textStyle="xs" color="fg.muted">
              {help}
            </Text>
          </Stack>
        </Checkbox.Root>
      )}
    />
  );
}
