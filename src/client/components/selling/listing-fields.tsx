import {
  Box,
  Card,
  Checkbox,
  CheckboxGroup,
  Fieldset,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { BadgeCheck } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Controller, useController, type Control } from 'react-hook-form';
import type { Code } from '../../../shared/codes';
import { EQUIPMENT_GROUPS, SERVICE_BOOK_LABEL } from '../../../shared/equipment';
import { LISTING_FIELD_LABELS, type ListingFormData } from '../../../shared/schemas/listing';
import { AddressInput } from '../form/address-input';
import { FormField } from '../form/form-field';
import { OptionSelect } from '../form/option-select';
import type { ListingFormValues } from './listing-values';

// The listing form's building blocks (docs/product/screens.md#ny-annonse): its cards and fields, on the shared FormField.

type ListingControl = Control<ListingFormValues, unknown, ListingFormData>;

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
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

interface LabelledProps {
  label: string;
  error?: string;
}

/** A text input, with the unit it is counted in at its end ("km", "kr"). */
export function TextField({
  label,
  required,
  error,
  helper,
  unit,
  ...inputProps
}: ComponentProps<typeof Input> & LabelledProps & { helper?: string; unit?: string }) {
  const input = <Input bg="bg" {...inputProps} />;
  return (
    <FormField label={label} required={required} error={error} helper={helper}>
      {unit ? (
        <InputGroup endElement={<Text color="fg.muted" textStyle="sm">{unit}</Text>}>
          {input}
        </InputGroup>
      ) : (
        input
      )}
    </FormField>
  );
}

/** One of a code list (src/shared/codes.ts), or none ("Velg …"). */
export function SelectField({
  label,
  options,
  error,
  ...selectProps
}: ComponentProps<typeof NativeSelect.Field> & LabelledProps & { options: readonly Code[] }) {
  return (
    <FormField label={label} error={error}>
      <OptionSelect bg="bg" {...selectProps} options={[{ value: '', label: 'Velg …' }, ...options.map((o) => ({ value: o.code, label: o.label }))]} />
    </FormField>
  );
}

/** The listing's address (docs/product/data.md; marked required, docs/product/validation.md) with the address autocomplete. Free text stays allowed. */
export function AddressField({ control, error }: { control: ListingControl; error?: string }) {
  return (
    <FormField label={LISTING_FIELD_LABELS.address} required error={error} helper="Brukes til kart og avstand i annonsen.">
      <AddressInput
        control={control}
        name="address"
        invalid={!!error}
        placeholder="Gateadresse, postnummer og sted"
        bg="bg"
        data-testid="address-input"
      />
    </FormField>
  );
}

/** A yes/no option with a line of explanation under its label. */
export function CheckField({
  control,
  name,
  label,
  help,
}: {
  control: ListingControl;
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

/** 'Fulgt servicehåndbok': the serviceHistory flag, set apart from the equipment list (src/shared/equipment.ts). */
export function ServiceHistoryField({ control }: { control: ListingControl }) {
  return (
    <Controller
      control={control}
      name="serviceHistory"
      render={({ field }) => (
        <Box bg="accent.subtle" borderWidth="1px" borderColor="accent.emphasized" rounded="l2" p="4">
          <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} colorPalette="accent" alignItems="flex-start">
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
  );
}

/** The equipment catalogue (src/shared/equipment.ts) as checkbox groups. */
export function EquipmentField({ control }: { control: ListingControl }) {
  const { field } = useController({ control, name: 'equipment' });
  return (
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
  );
}
