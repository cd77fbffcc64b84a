import { Box, Button, Flex, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import { Controller, useWatch, type Control, type Path } from 'react-hook-form';
import { ShieldCheck } from 'lucide-react';
import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, TRANSMISSIONS } from '../../../shared/codes';
import { formatPrice } from '../../../shared/format';
import { LISTING_FIELD_LABELS as FIELD, LISTING_REQUIRED_MESSAGE, type ListingFormData } from '../../../shared/schemas/listing';
import { PHONE_PLACEHOLDER } from '../../../shared/validation/phone';
import type { VehicleFormData } from '../../../shared/vehicle-mapping';
import { applyFieldErrors } from '../../lib/server-errors';
import { toastError } from '../../lib/toaster';
import { FormField } from '../form/form-field';
import { useZodForm } from '../form/use-zod-form';
import { AddressField, CheckField, EquipmentField, SelectField, Section, ServiceHistoryField, TextField } from './listing-fields';
import { listingFormSchema, typedNumber, vehicleToFormValues, type ListingFormValues } from './listing-values';
import { PhotoUploader } from './photo-uploader';
import { PriceGuideNote } from './price-guide';
import { usePhotoUploads, type ExistingPhoto, type PhotoItem } from './photo-uploads';
import { changesNeedingReview, type ReviewBaseline } from './review-changes';
import { toastInvalidForm } from './save-errors';
import { VehicleLookup } from './vehicle-lookup';

// The create and edit form of a listing (docs/product/screens.md#ny-annonse and /rediger-annonse, docs/product/data.md fields, docs/product/validation.md rules, docs/product/errors.md toasts).
// Values are validated by the shared listingFormInput schema, the same one the server parses with (listing-values.ts
// maps values in and out, listing-fields.tsx holds the fields, save-errors.ts the toasts). Photos are not form
// values: they upload on their own (photo-uploads.ts) and their URLs join the data on submit.

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

export interface ListingFormProps {
  mode: 'create' | 'edit';
  defaultValues: ListingFormValues;
  initialPhotos?: ExistingPhoto[];
  submitLabel: string;
  /** Saves the schema's output plus the photo URLs in display order (cover first); rejects with the server error. */
  onSubmit: (data: ListingFormData) => Promise<unknown>;
  /** After a successful save (navigation happens here, with the unsaved-changes guard already off). */
  onSaved: () => void;
  /** Server failure: the route shows its toast. */
  onError: (err: unknown) => void;
  /**
   * The owner's edit of a reviewed listing: what buyers see now, so the form can say before saving which changes
   * need review (docs/decisions/007-pending-revisions.md).
   */
  reviewBaseline?: ReviewBaseline | null;
}

/** Before saving: which of the owner's changes need review, with the server's own list of reviewed fields. */
function ReviewNotice({ control, baseline, photos }: { control: Control<ListingFormValues, unknown, ListingFormData>; baseline: ReviewBaseline; photos: PhotoItem[] }) {
  // Watching every field re-renders only this line, not the form.
  const values = useWatch({ control });
  const labels = changesNeedingReview(baseline, values, photos);
  if (labels.length === 0) return null;
  const approved = baseline.listingStatus === 'approved';
  return (
    <Flex gap="2" align="start" textStyle="sm" pb="2.5" mb="2.5" borderBottomWidth="1px" borderColor="border.muted" aria-live="polite" data-testid="review-notice">
      <Box color="blue.600" mt="0.5" flexShrink={0}>
        <ShieldCheck size={16} aria-hidden />
      </Box>
      <Box minW="0">
        <Text>
          <Text as="span" fontWeight="semibold">
            {approved ? 'Må godkjennes før kjøpere ser det:' : 'Sendes til ny kontroll:'}
          </Text>{' '}
          <span data-testid="review-fields">{labels.join(', ')}</span>
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {approved
            ? 'Til da ser kjøpere den godkjente versjonen. Pris, avgift og kontaktvalg oppdateres med en gang.'
            : 'Annonsen vises for kjøpere når en administrator har godkjent den.'}
        </Text>
      </Box>
    </Flex>
  );
}

export function ListingForm({ mode, defaultValues, initialPhotos, submitLabel, onSubmit, onSaved, onError, reviewBaseline }: ListingFormProps) {
  const form = useZodForm(listingFormSchema, {
    defaultValues,
    mode: 'onTouched',
    // RHF focuses in registration order, and Controller fields register after register() calls: focus the
    // first invalid field in page order instead (FIELD_ORDER, onInvalid below).
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, formState, setValue, setFocus } = form;
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
        applyFieldErrors(err, form);
        onError(err);
      }
    },
    (errs) => {
      toastInvalidForm(errs);
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

  // Next to the field the short text; the toast says the documented longer one.
  const err = (name: keyof ListingFormValues) => {
    const m = form.errorOf(name);
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
            <TextField label={FIELD.make} required error={err('make')} placeholder="f.eks. Volkswagen" {...register('make')} autoComplete="off" />
            <TextField label={FIELD.model} required error={err('model')} placeholder="f.eks. Golf" {...register('model')} autoComplete="off" />
            <TextField label={FIELD.year} required error={err('year')} inputMode="numeric" maxLength={4} placeholder="f.eks. 2018" {...register('year')} />
            <SelectField label={FIELD.bodyType} options={BODY_TYPES} error={err('bodyType')} {...register('bodyType')} />
            <TextField label={FIELD.color} error={err('color')} placeholder="f.eks. Grå" {...register('color')} />
            <TextField label={FIELD.mileage} error={err('mileage')} inputMode="numeric" unit="km" placeholder="0" {...register('mileage')} />
            <TextField label={FIELD.doors} error={err('doors')} inputMode="numeric" maxLength={1} {...register('doors')} />
            <TextField label={FIELD.seats} error={err('seats')} inputMode="numeric" maxLength={1} {...register('seats')} />
            <TextField label={FIELD.previousOwners} error={err('previousOwners')} inputMode="numeric" maxLength={2} {...register('previousOwners')} />
            <Box gridColumn={{ sm: 'span 2', md: 'span 3' }}>
              <TextField label={FIELD.vinNumber} error={err('vinNumber')} maxLength={30} fontFamily="mono" {...register('vinNumber')} />
            </Box>
          </SimpleGrid>
        </Section>

        <Section title="Teknisk">
          <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
            <SelectField label={FIELD.fuelType} options={FUEL_TYPES} error={err('fuelType')} {...register('fuelType')} />
            <SelectField label={FIELD.transmission} options={TRANSMISSIONS} error={err('transmission')} {...register('transmission')} />
            <SelectField label={FIELD.drivetrain} options={DRIVETRAINS} error={err('drivetrain')} {...register('drivetrain')} />
            <TextField label={FIELD.power} error={err('power')} inputMode="numeric" unit="hk" {...register('power')} />
            <TextField label={FIELD.engineSize} error={err('engineSize')} inputMode="numeric" unit="cm³" {...register('engineSize')} />
            <TextField label={FIELD.weight} error={err('weight')} inputMode="numeric" unit="kg" {...register('weight')} />
          </SimpleGrid>
        </Section>

        <Section title="Kontroll" description="Datoer for EU-kontroll (periodisk kjøretøykontroll).">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label={FIELD.lastInspection} type="date" error={err('lastInspection')} {...register('lastInspection')} />
            <TextField label={FIELD.nextInspection} type="date" error={err('nextInspection')} {...register('nextInspection')} />
          </SimpleGrid>
        </Section>

        <Section title="Pris">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="start">
            <TextField label={FIELD.price} required error={err('price')} inputMode="numeric" unit="kr" placeholder="f.eks. 215 000" {...register('price')} />
            <TextField
              label={FIELD.registrationFee}
              error={err('registrationFee')}
              inputMode="numeric"
              unit="kr"
              placeholder="0"
              helper="Avgiften kjøperen betaler ved omregistrering."
              {...register('registrationFee')}
            />
            <FormField label="Totalpris" readOnly helper="Pris + omregistreringsavgift.">
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
            </FormField>
          </SimpleGrid>
          <PriceGuideNote control={control} />
        </Section>

        <Section title="Utstyr">
          <Stack gap="5">
            <ServiceHistoryField control={control} />
            <EquipmentField control={control} />
          </Stack>
        </Section>

        <Section title="Beskrivelse">
          <FormField label={FIELD.description} error={err('description')}>
            <Textarea
              {...register('description')}
              rows={7}
              autoresize
              maxH="30rem"
              bg="bg"
              placeholder="Fortell om bilens historikk, tilstand, service, dekk og hva som er gjort av vedlikehold."
            />
          </FormField>
        </Section>

        <Section title="Bilder" description="Gode bilder selger bilen. Dra for å endre rekkefølgen, eller bruk pilene.">
          <PhotoUploader uploads={uploads} />
        </Section>

        <Section title="Kontakt og sted">
          <Stack gap="4">
            <AddressField control={control} error={err('address')} />
            <TextField
              label={FIELD.contactPhone}
              type="tel"
              autoComplete="tel"
              placeholder={PHONE_PLACEHOLDER}
              error={err('contactPhone')}
              helper="Vises i annonsen dersom du ikke skjuler kontaktinformasjonen."
              {...register('contactPhone')}
            />
            <Stack gap="3">
              <CheckField control={control} name="hideAddress" label={FIELD.hideAddress} help="Adressen din vises ikke i annonsen." />
              <CheckField control={control} name="hideContactInfo" label={FIELD.hideContactInfo} help="Navn og telefonnummer vises ikke; kjøpere kontakter deg via meldinger." />
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
          {reviewBaseline && <ReviewNotice control={control} baseline={reviewBaseline} photos={uploads.items} />}
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
