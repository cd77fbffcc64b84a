import { Text, type SystemStyleObject } from '@chakra-ui/react';
import {
  BookCheck,
  CalendarDays,
  Check,
  Cog,
  Fuel,
  Gauge,
  Milestone,
  Route,
  UserRound,
  Users,
  Weight,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { BODY_TYPES, DRIVETRAINS, FUEL_TYPES, labelOf, TRANSMISSIONS } from '../../../shared/codes';
import { EQUIPMENT_GROUPS, SERVICE_BOOK_LABEL } from '../../../shared/equipment';
import { formatDate, formatMileage, formatNumber } from '../../../shared/format';
import type { ListingShape } from '../../../shared/types/listing';
import { StaticBox } from '../../lib/static-styles';
import { buttonLook } from '../static-button';

/** The section's frame and its heading (Chakra's Heading at size lg), constant styles (lib/static-styles.ts). */
const sectionCss: SystemStyleObject = {
  bg: 'bg',
  rounded: 'xl',
  borderWidth: '1px',
  borderColor: 'border.muted',
  p: { base: '4', md: '6' },
  '& > h2': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'lg', mb: { base: 3, md: 4 } },
};

/** A section's link to another site (Statens vegvesen, the lien register), a small outlined button on its own line. */
export const outsideLinkLook = buttonLook({ variant: 'outline', size: 'sm' }, { alignSelf: 'flex-start' });

/**
 * A white, bordered block with a heading: every section of the listing page. `css`, a module-level constant, styles
 * what the section holds.
 */
export function Section({
  title,
  children,
  css,
  ...rest
}: { title?: ReactNode; children: ReactNode; css?: SystemStyleObject; id?: string; 'data-testid'?: string }) {
  return (
    <StaticBox as="section" styles={sectionCss} more={css} {...rest}>
      {title && <h2>{title}</h2>}
      {children}
    </StaticBox>
  );
}

const dash = '–';
const num = (n: number | null | undefined) => (n ? formatNumber(n) : dash);

// The listing page's repeated rows (specs, key facts, details, equipment) are plain elements styled by their one
// parent's `css`: a Chakra element costs a style resolution on every render, on the server's render of the page and
// in the browser's hydration, and these rows gain nothing from being components (docs/decisions/019-server-rendering.md).

/** The spec grid's cells: an icon tile, the label and the value. */
const specGridCss: SystemStyleObject = {
  '& > div': { display: 'flex', alignItems: 'flex-start', gap: '3', bg: 'bg', p: { base: '3', md: '4' } },
  // Nine facts in two columns leave a hole; the last one takes the whole row on phones.
  '& > div:last-child:nth-child(odd)': { gridColumn: { base: 'span 2', md: 'auto' } },
  '& [data-part=icon]': {
    display: { base: 'none', sm: 'flex' },
    flexShrink: 0,
    w: '9',
    h: '9',
    rounded: 'md',
    bg: 'brand.50',
    color: 'brand.600',
    alignItems: 'center',
    justifyContent: 'center',
  },
  '& [data-part=text]': { minW: '0' },
  '& [data-part=label]': { fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' },
  '& [data-part=value]': { fontWeight: 'semibold', fontSize: { base: 'sm', md: 'md' } },
  // Chakra's SimpleGrid (two columns, three from md) with 1 px gaps on the border colour: the lines between cells.
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  gap: '1px',
  bg: 'border.muted',
  rounded: 'lg',
  overflow: 'hidden',
  borderWidth: '1px',
  borderColor: 'border.muted',
};

/** docs/product/screens.md#listingid details grid. Missing fuel or gearbox reads 'Ukjent'; other missing values a dash. */
export function SpecGrid({ listing: l }: { listing: ListingShape }) {
  const specs: { icon: LucideIcon; label: string; value: string }[] = [
    { icon: CalendarDays, label: 'Årsmodell', value: l.year ? String(l.year) : dash },
    { icon: Fuel, label: 'Drivstoff', value: labelOf(FUEL_TYPES, l.fuelType) || 'Ukjent' },
    { icon: Cog, label: 'Girkasse', value: labelOf(TRANSMISSIONS, l.transmission) || 'Ukjent' },
    { icon: Gauge, label: 'Effekt (hk)', value: num(l.power) },
    { icon: Users, label: 'Seter', value: num(l.seats) },
    { icon: Weight, label: 'Vekt (kg)', value: num(l.weight) },
    { icon: Route, label: 'Hjuldrift', value: labelOf(DRIVETRAINS, l.drivetrain) || dash },
    { icon: Milestone, label: 'Kilometerstand', value: formatMileage(l.mileage) || dash },
    { icon: UserRound, label: 'Antall eiere', value: num(l.previousOwners) },
  ];
  return (
    <StaticBox as="div" styles={specGridCss} data-testid="spec-grid">
      {specs.map((s) => (
        <div key={s.label}>
          <div data-part="icon">
            <s.icon size={18} aria-hidden />
          </div>
          <div data-part="text">
            <p data-part="label">{s.label}</p>
            <p data-part="value">{s.value}</p>
          </div>
        </div>
      ))}
    </StaticBox>
  );
}

/** The key facts' chips: a bordered box per fact, its icon beside the value. */
const keyFactsCss: SystemStyleObject = {
  '& > div': { bg: 'bg', borderWidth: '1px', borderColor: 'border.muted', rounded: 'md', px: '2.5', py: '1' },
  '& dt': { srOnly: true },
  '& dd': { display: 'flex', alignItems: 'center', gap: '1.5', fontWeight: 'semibold', fontSize: 'sm', whiteSpace: 'nowrap' },
  '& dd > svg': { flexShrink: 0, color: 'brand.600' },
  // A wrapping row (Chakra's Flex, gap 2).
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
};

/**
 * The five facts a buyer scans first (year, mileage, gearbox, fuel, power), right under the title as FINN does, so a
 * phone shows them before the gallery rather than below the price box and the seller card. Only those the listing has.
 */
export function KeyFacts({ listing: l }: { listing: ListingShape }) {
  const facts: { icon: LucideIcon; label: string; value: string }[] = (
    [
      { icon: CalendarDays, label: 'Årsmodell', value: l.year ? String(l.year) : '' },
      { icon: Milestone, label: 'Kilometerstand', value: formatMileage(l.mileage) },
      { icon: Cog, label: 'Girkasse', value: labelOf(TRANSMISSIONS, l.transmission) },
      { icon: Fuel, label: 'Drivstoff', value: labelOf(FUEL_TYPES, l.fuelType) },
      { icon: Gauge, label: 'Effekt', value: l.power ? `${formatNumber(l.power)} hk` : '' },
    ] as { icon: LucideIcon; label: string; value: string }[]
  ).filter((f) => f.value);
  if (facts.length === 0) return null;
  return (
    <StaticBox as="dl" styles={keyFactsCss} data-testid="key-facts">
      {facts.map((f) => (
        <div key={f.label}>
          {/* The label is for screen readers; the value with its icon reads at a glance. */}
          <dt>{f.label}</dt>
          <dd>
            <f.icon size={16} aria-hidden />
            {f.value}
          </dd>
        </div>
      ))}
    </StaticBox>
  );
}

/** The details' rows: the label left, the value right, a rule under each. */
const moreDetailsCss: SystemStyleObject = {
  '& > div': {
    display: 'flex',
    justifyContent: 'space-between',
    gap: '4',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
    fontSize: 'sm',
  },
  '& dt': { color: 'fg.muted' },
  '& dd': { fontWeight: 'medium', textAlign: 'right', wordBreak: 'break-all' },
  // Chakra's SimpleGrid: one column, two from sm.
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(1, minmax(0, 1fr))', sm: 'repeat(2, minmax(0, 1fr))' },
  columnGap: '8',
  mt: '5',
};

/** The remaining registry facts, only those the listing has. */
export function MoreDetails({ listing: l }: { listing: ListingShape }) {
  const rows: [string, string][] = (
    [
      ['Karosseri', labelOf(BODY_TYPES, l.bodyType)],
      ['Farge', l.color],
      ['Dører', l.doors ? String(l.doors) : ''],
      ['Slagvolum', l.engineSize ? `${formatNumber(l.engineSize)} cm³` : ''],
      ['Neste EU-kontroll', l.nextInspection],
      ['Sist EU-godkjent', l.lastInspection],
      ['Chassisnummer', l.vinNumber],
      ['Annonsekode', l.uniqueCode],
      ['Publisert', formatDate(l.createdAt)],
    ] as [string, string][]
  ).filter(([, v]) => v);
  if (rows.length === 0) return null;
  return (
    <StaticBox as="dl" styles={moreDetailsCss}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </StaticBox>
  );
}

const serviceBookCss: SystemStyleObject = {
  '& > svg': { flexShrink: 0 },
  '& [data-part=title]': { fontWeight: 'semibold' },
  '& [data-part=text]': { fontSize: 'sm', color: 'green.700' },
  // Chakra's HStack, a green note.
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  bg: 'green.50',
  color: 'green.800',
  borderWidth: '1px',
  borderColor: 'green.200',
  rounded: 'lg',
  px: '4',
  py: '3',
};

/** docs/product/data.md: 'Fulgt servicehåndbok' is highlighted and shown apart from the equipment list. */
export function ServiceBookNote() {
  return (
    <StaticBox as="div" styles={serviceBookCss} data-testid="service-book">
      <BookCheck size={22} aria-hidden />
      <div>
        <p data-part="title">{SERVICE_BOOK_LABEL}</p>
        <p data-part="text">Bilen er vedlikeholdt etter produsentens serviceprogram.</p>
      </div>
    </StaticBox>
  );
}

/** The equipment's groups: a heading when there are several, then the items in up to three columns. */
const equipmentCss: SystemStyleObject = {
  '& [data-part=group]': { fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', mb: '2' },
  '& ul': { listStyle: 'none', display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: '2' },
  '& li': { display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' },
  '& li > svg': { flexShrink: 0, color: 'green.600' },
  // Chakra's Stack, gap 5.
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
};

/** Equipment grouped like the create form's checklist; labels outside the catalogue go last under 'Annet'. */
export function EquipmentList({ items }: { items: string[] }) {
  const list = items.filter((i) => i !== SERVICE_BOOK_LABEL);
  const known = new Set<string>();
  const groups: { name: string; items: string[] }[] = EQUIPMENT_GROUPS.map((g) => {
    const inGroup = (g.items as readonly string[]).filter((i) => list.includes(i));
    inGroup.forEach((i) => known.add(i));
    return { name: g.name, items: inGroup };
  }).filter((g) => g.items.length > 0);
  const other = list.filter((i) => !known.has(i));
  if (other.length) groups.push({ name: 'Annet', items: other });
  if (groups.length === 0) return <Text color="fg.muted">Ingen utstyr er oppgitt.</Text>;
  return (
    <StaticBox as="div" styles={equipmentCss}>
      {groups.map((g) => (
        <div key={g.name}>
          {groups.length > 1 && <p data-part="group">{g.name}</p>}
          <ul>
            {g.items.map((i) => (
              <li key={i}>
                <Check size={16} aria-hidden />
                {i}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </StaticBox>
  );
}
